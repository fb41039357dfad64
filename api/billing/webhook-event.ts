/**
 * What the webhook reads of a provider event, checked before any of it is
 * used. A signature proves who sent the bytes, not what they hold: an event
 * without an object, a customer or a date (a test sent from the provider's
 * dashboard, an API version that moved a field) is read as unusable, and the
 * webhook acknowledges it without changing anything.
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import { reduce, type ProviderSubscription } from './payments';

const providerId = z.string().min(1);
/** A reference to another object: its id, or the object itself when expanded. */
const reference = z.union([providerId, z.object({ id: providerId })]).transform((value) => (typeof value === 'string' ? value : value.id));

const envelopeSchema = z.object({
  id: providerId,
  type: z.string().min(1),
  created: z.number().int().positive(),
  data: z.object({ object: z.looseObject({}) }),
});

const subscriptionSchema = z.looseObject({
  id: providerId,
  customer: reference,
  status: z.string().min(1),
  trial_end: z.number().int().positive().nullish(),
});

const invoiceSchema = z.looseObject({
  customer: reference,
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: reference.nullish() }).nullish() }).nullish(),
  // Older API versions named the subscription on the invoice itself.
  subscription: reference.nullish(),
});

const SUBSCRIPTION_TYPES = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.trial_will_end']);
const INVOICE_TYPES = new Set(['invoice.paid', 'invoice.payment_failed']);

type Envelope = { id: string; type: string; createdAt: Date };

export type ProviderEvent =
  | (Envelope & { kind: 'subscription'; subscription: ProviderSubscription; trialEnd: Date | null })
  | (Envelope & { kind: 'invoice'; customerId: string; subscriptionId: string | null })
  | (Envelope & { kind: 'other' });

/** The event as the webhook uses it, or null when it lacks what its type needs. */
export function readProviderEvent(event: unknown): ProviderEvent | null {
  const envelope = envelopeSchema.safeParse(event);
  if (!envelope.success) return null;
  const { id, type, created, data } = envelope.data;
  const base = { id, type, createdAt: new Date(created * 1000) };
  if (SUBSCRIPTION_TYPES.has(type)) {
    const subscription = subscriptionSchema.safeParse(data.object);
    if (!subscription.success) return null;
    const { trial_end: trialEnd } = subscription.data;
    return { ...base, kind: 'subscription', subscription: reduce(data.object as unknown as Stripe.Subscription), trialEnd: trialEnd ? new Date(trialEnd * 1000) : null };
  }
  if (INVOICE_TYPES.has(type)) {
    const invoice = invoiceSchema.safeParse(data.object);
    if (!invoice.success) return null;
    const subscriptionId = invoice.data.parent?.subscription_details?.subscription ?? invoice.data.subscription ?? null;
    return { ...base, kind: 'invoice', customerId: invoice.data.customer, subscriptionId };
  }
  return { ...base, kind: 'other' };
}
