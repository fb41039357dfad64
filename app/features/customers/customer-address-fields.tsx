/**
 * A customer's billing and shipping addresses in the customer form: street lines, city, state and ZIP code, all
 * optional; the shipping address is asked only when deliveries go elsewhere than the billing address.
 */
import type { FieldErrors } from '../../../sync/contract/errors';
import { Field, Input, invalidProps } from '../../components/ui/form-controls';

export type AddressValues = {
  billingLine1: string;
  billingLine2: string;
  billingCity: string;
  billingState: string;
  billingZipCode: string;
  shippingSameAsBilling: boolean;
  shippingLine1: string;
  shippingLine2: string;
  shippingCity: string;
  shippingState: string;
  shippingZipCode: string;
};

type TextField = Exclude<keyof AddressValues, 'shippingSameAsBilling'>;

function AddressBlock({
  kind,
  values,
  errors,
  onChange,
}: {
  kind: 'billing' | 'shipping';
  values: AddressValues;
  errors: FieldErrors;
  onChange: (changes: Partial<AddressValues>) => void;
}) {
  const input = (suffix: 'Line1' | 'Line2' | 'City' | 'State' | 'ZipCode', label: string, autoComplete: string) => {
    const field = `${kind}${suffix}` as TextField;
    const id = `customer-${kind}-${suffix.toLowerCase()}`;
    return (
      <Field id={id} label={label} error={errors[field]}>
        <Input
          id={id}
          autoComplete={`section-${kind} ${kind} ${autoComplete}`}
          inputMode={suffix === 'ZipCode' ? 'numeric' : undefined}
          value={values[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
          {...invalidProps(id, errors[field])}
        />
      </Field>
    );
  };
  return (
    <>
      {input('Line1', 'Street address', 'address-line1')}
      {input('Line2', 'Suite, unit or building', 'address-line2')}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_6rem_8rem]">
        {input('City', 'City', 'address-level2')}
        {input('State', 'State', 'address-level1')}
        {input('ZipCode', 'ZIP code', 'postal-code')}
      </div>
    </>
  );
}

export function CustomerAddressFields({ values, errors, onChange }: { values: AddressValues; errors: FieldErrors; onChange: (changes: Partial<AddressValues>) => void }) {
  return (
    <>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold text-stone-900">Billing address</legend>
        <AddressBlock kind="billing" values={values} errors={errors} onChange={onChange} />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold text-stone-900">Shipping address</legend>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" checked={values.shippingSameAsBilling} onChange={(event) => onChange({ shippingSameAsBilling: event.target.checked })} />
          Same as billing address
        </label>
        {!values.shippingSameAsBilling && <AddressBlock kind="shipping" values={values} errors={errors} onChange={onChange} />}
      </fieldset>
    </>
  );
}
