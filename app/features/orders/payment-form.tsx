/**
 * Records a payment the seller received: amount, how, and the day. Checked as the server will check it (the one
 * payment schema, and never more than is still owed) before it is handed on, so the seller sees what is wrong
 * under the field, offline too. Presentational: the page that holds it sends the payment.
 */
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { type Order, orderPaymentInputSchema, PAYMENT_METHODS } from '../../../sync/entities/order';
import { PAYMENT_METHOD_LABELS } from '../../../sync/rules/order-labels';
import { amountDue, applyPayment } from '../../../sync/rules/order-payments';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Field, Input, invalidProps, Select } from '../../components/ui/form-controls';
import { formatPrice } from '../../lib/format-price';
import { useFieldErrors } from '../../lib/field-errors';

export type PaymentInput = z.output<typeof orderPaymentInputSchema>;
type Values = { amount: string; method: string; receivedAt: string };

/** The errors of the values as the server would find them, with the balance's own rule on the amount. */
export function paymentFormErrors(
  order: Pick<Order, 'id' | 'total' | 'amountPaid'>,
  values: Values,
): { ok: true; input: Omit<PaymentInput, 'paymentId'> } | { ok: false; errors: Record<string, string> } {
  const checked = validate(orderPaymentInputSchema, { id: order.id, ...values });
  if (!checked.ok) return { ok: false, errors: checked.fieldErrors };
  const applied = applyPayment(order, checked.data.amount ?? '');
  if (!applied.ok) return { ok: false, errors: { amount: applied.message } };
  return { ok: true, input: checked.data };
}

export function PaymentForm({
  order,
  today,
  saving = false,
  onSubmit,
  onCancel,
}: {
  order: Pick<Order, 'id' | 'total' | 'amountPaid'>;
  /** The seller's calendar day (YYYY-MM-DD), the received date it starts with. */
  today: string;
  saving?: boolean;
  onSubmit: (payment: PaymentInput) => void;
  onCancel?: () => void;
}) {
  // One id per payment typed, so a payment sent twice (a double tap, a retry offline) is recorded once.
  const [paymentId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>({ amount: amountDue(order), method: '', receivedAt: today });
  const { errors, formRef, fail, recheck } = useFieldErrors();

  function set(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const checked = paymentFormErrors(order, next);
    recheck(checked.ok ? {} : checked.errors);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = paymentFormErrors(order, values);
    if (!checked.ok) return fail(checked.errors);
    onSubmit({ ...checked.input, paymentId });
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-3">
      <p className="text-sm text-stone-700">Still owed: {formatPrice(amountDue(order))}</p>
      <Field id="payment-amount" label="Amount received" error={errors.amount}>
        <Input
          id="payment-amount"
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => set('amount', event.target.value)}
          {...invalidProps('payment-amount', errors.amount)}
        />
      </Field>
      <Field id="payment-method" label="Paid by" error={errors.method}>
        <Select id="payment-method" value={values.method} onChange={(event) => set('method', event.target.value)} {...invalidProps('payment-method', errors.method)}>
          <option value="" disabled>
            Choose how it was paid
          </option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="payment-received" label="Received on" error={errors.receivedAt}>
        <Input
          id="payment-received"
          type="date"
          max={today}
          value={values.receivedAt}
          onChange={(event) => set('receivedAt', event.target.value)}
          {...invalidProps('payment-received', errors.receivedAt)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? 'Recording…' : 'Record payment'}
        </Button>
      </div>
    </form>
  );
}
