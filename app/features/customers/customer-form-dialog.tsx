/**
 * Adding a customer to the book or editing one. A rep may change a customer's name, email, licence, phone, addresses
 * and tags but not what they pay or who looks after them: those fields are shown but locked for a rep (the server
 * refuses them too).
 */
import { useState, type FormEvent } from 'react';
import { customerCreateSchema, PAYMENT_TERM_LABELS, PAYMENT_TERMS, type Customer, type PaymentTerms } from '../../../sync/entities/customer';
import type { PriceList } from '../../../sync/entities/price-list';
import type { TeamMember } from '../../../sync/entities/team';
import { AppError } from '../../../sync/contract/errors';
import { CUSTOMER_TERMS_FIELDS } from '../../../sync/rules/team-permissions';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, invalidProps, Select } from '../../components/ui/form-controls';
import { useFieldErrors } from '../../lib/field-errors';
import { CustomerAddressFields, type AddressValues } from './customer-address-fields';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { useSingleTap } from '../../lib/use-single-tap';

type FormValues = AddressValues & {
  name: string;
  email: string;
  phoneNumber: string;
  licenseNumber: string;
  paymentTerms: PaymentTerms;
  priceListId: string;
  repUserId: string;
  holdWhenOverdue: boolean;
  tags: string;
};

function initialValues(customer: Customer | null): FormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phoneNumber: customer?.phoneNumber ?? '',
    licenseNumber: customer?.licenseNumber ?? '',
    paymentTerms: customer?.paymentTerms ?? 'cod',
    priceListId: customer?.priceListId ?? '',
    repUserId: customer?.repUserId ?? '',
    holdWhenOverdue: customer?.holdWhenOverdue ?? false,
    tags: customer?.tags.join(', ') ?? '',
    billingLine1: customer?.billingLine1 ?? '',
    billingLine2: customer?.billingLine2 ?? '',
    billingCity: customer?.billingCity ?? '',
    billingState: customer?.billingState ?? '',
    billingZipCode: customer?.billingZipCode ?? '',
    // A new customer most often takes deliveries where it is billed.
    shippingSameAsBilling: customer?.shippingSameAsBilling ?? true,
    shippingLine1: customer?.shippingLine1 ?? '',
    shippingLine2: customer?.shippingLine2 ?? '',
    shippingCity: customer?.shippingCity ?? '',
    shippingState: customer?.shippingState ?? '',
    shippingZipCode: customer?.shippingZipCode ?? '',
  };
}

/** Deliveries going to the billing address leave no shipping address behind to mislead later. */
const NO_SHIPPING_ADDRESS = { shippingLine1: '', shippingLine2: '', shippingCity: '', shippingState: '', shippingZipCode: '' };

const asInput = (values: FormValues, id: string) => ({
  ...values,
  ...(values.shippingSameAsBilling ? NO_SHIPPING_ADDRESS : {}),
  id,
  priceListId: values.priceListId || null,
  repUserId: values.repUserId || null,
  tags: values.tags.split(',').filter((tag) => tag.trim() !== ''),
});

export function CustomerFormDialog({
  customer,
  priceLists,
  members,
  manageTerms,
  onClose,
}: {
  customer: Customer | null;
  priceLists: readonly PriceList[];
  members: readonly TeamMember[];
  /** Whether the viewer may set terms, price list, rep and hold (owners and managers). */
  manageTerms: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(customer));
  // One save per tap: a double tap adds the customer once.
  const saving = useSingleTap();
  const { errors, formRef, fail, recheck } = useFieldErrors();
  const [id] = useState(() => customer?.id ?? crypto.randomUUID());

  function set<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    change({ [field]: value });
  }

  function change(changes: Partial<FormValues>) {
    const next = { ...values, ...changes };
    setValues(next);
    const checked = validate(customerCreateSchema, asInput(next, id));
    recheck(checked.ok ? {} : checked.fieldErrors);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void saving.run(save);
  }

  async function save() {
    const checked = validate(customerCreateSchema, asInput(values, id));
    if (!checked.ok) return fail(checked.fieldErrors);
    try {
      if (customer) {
        const locked: readonly string[] = manageTerms ? [] : CUSTOMER_TERMS_FIELDS;
        const changes = Object.fromEntries(
          Object.entries(checked.data).filter(
            ([field, value]) => field !== 'id' && !locked.includes(field) && JSON.stringify(value) !== JSON.stringify(customer[field as keyof Customer]),
          ),
        );
        if (Object.keys(changes).length > 0) await mutate({ name: 'customer.update', args: { id: customer.id, changes } });
      } else {
        await mutate({ name: 'customer.create', args: checked.data });
      }
      toast({ title: customer ? 'Customer saved' : 'Customer added', variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof AppError && error.fieldErrors) fail(error.fieldErrors);
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'The customer could not be saved', variant: 'destructive' });
    }
  }

  // A tag's own message comes on its index (tags.2); the box shows it.
  const tagsError = errors.tags ?? Object.entries(errors).find(([field]) => field.startsWith('tags.'))?.[1];
  const lockedNote = manageTerms ? undefined : "Reps cannot change a customer's terms, price list, rep or hold; ask an owner or a manager.";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={customer ? `Edit ${customer.name}` : 'Add customer'} className="sm:max-w-lg">
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
        <Field id="customer-name" label="Name" error={errors.name}>
          <Input id="customer-name" value={values.name} onChange={(event) => set('name', event.target.value)} {...invalidProps('customer-name', errors.name)} />
        </Field>
        <Field id="customer-email" label="Email" error={errors.email} hint="Links the customer to the buyer's account when they have or make one.">
          <Input id="customer-email" type="email" value={values.email} onChange={(event) => set('email', event.target.value)} {...invalidProps('customer-email', errors.email)} />
        </Field>
        <Field id="customer-phone" label="Phone number" error={errors.phoneNumber}>
          <Input
            id="customer-phone"
            type="tel"
            autoComplete="tel"
            value={values.phoneNumber}
            onChange={(event) => set('phoneNumber', event.target.value)}
            {...invalidProps('customer-phone', errors.phoneNumber)}
          />
        </Field>
        <Field id="customer-license" label="License number" error={errors.licenseNumber}>
          <Input
            id="customer-license"
            value={values.licenseNumber}
            onChange={(event) => set('licenseNumber', event.target.value)}
            {...invalidProps('customer-license', errors.licenseNumber)}
          />
        </Field>
        <CustomerAddressFields values={values} errors={errors} onChange={change} />
        {/* Said in words, not in a tooltip: a phone never shows one. */}
        {lockedNote && (
          <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {lockedNote}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="customer-terms" label="Payment terms" error={errors.paymentTerms}>
            <Select id="customer-terms" value={values.paymentTerms} disabled={!manageTerms} onChange={(event) => set('paymentTerms', event.target.value as PaymentTerms)}>
              {PAYMENT_TERMS.map((terms) => (
                <option key={terms} value={terms}>
                  {PAYMENT_TERM_LABELS[terms]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="customer-price-list" label="Price list" error={errors.priceListId}>
            <Select id="customer-price-list" value={values.priceListId} disabled={!manageTerms} onChange={(event) => set('priceListId', event.target.value)}>
              <option value="">List prices</option>
              {priceLists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="customer-rep" label="Rep" error={errors.repUserId}>
            <Select id="customer-rep" value={values.repUserId} disabled={!manageTerms} onChange={(event) => set('repUserId', event.target.value)}>
              <option value="">No rep</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name || member.email}
                </option>
              ))}
            </Select>
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-stone-800">
            <input type="checkbox" checked={values.holdWhenOverdue} disabled={!manageTerms} onChange={(event) => set('holdWhenOverdue', event.target.checked)} />
            Hold orders when overdue
          </label>
        </div>
        <Field id="customer-tags" label="Tags" error={tagsError} hint="Separate tags with commas.">
          <Input id="customer-tags" value={values.tags} onChange={(event) => set('tags', event.target.value)} {...invalidProps('customer-tags', tagsError)} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving.pending} aria-busy={saving.pending}>
            {customer ? 'Save customer' : 'Add customer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
