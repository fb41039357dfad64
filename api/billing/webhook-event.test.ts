import { describe, expect, it } from 'vitest';
import { readProviderEvent } from './webhook-event';

const CREATED = 1_790_000_000;
const event = (type: string, object: unknown) => ({ id: 'evt_1', object: 'event', type, created: CREATED, data: { object } });

describe('readProviderEvent', () => {
  it('reads a subscription whose customer comes expanded, with its period end and trial end', () => {
    const read = readProviderEvent(
      event('customer.subscription.updated', {
        id: 'sub_1',
        customer: { id: 'cus_1', object: 'customer' },
        status: 'trialing',
        cancel_at_period_end: true,
        trial_end: CREATED + 60,
        items: { data: [{ current_period_end: CREATED + 120 }] },
      }),
    );
    expect(read).toMatchObject({
      kind: 'subscription',
      id: 'evt_1',
      createdAt: new Date(CREATED * 1000),
      trialEnd: new Date((CREATED + 60) * 1000),
      subscription: { id: 'sub_1', customerId: 'cus_1', status: 'trialing', cancelAtPeriodEnd: true, currentPeriodEnd: new Date((CREATED + 120) * 1000) },
    });
  });

  it('finds an invoice’s subscription under its parent, or on the invoice itself as older API versions put it', () => {
    const current = readProviderEvent(event('invoice.paid', { customer: 'cus_1', parent: { subscription_details: { subscription: { id: 'sub_1' } } } }));
    expect(current).toMatchObject({ kind: 'invoice', customerId: 'cus_1', subscriptionId: 'sub_1' });
    const legacy = readProviderEvent(event('invoice.payment_failed', { customer: { id: 'cus_2' }, subscription: 'sub_2' }));
    expect(legacy).toMatchObject({ kind: 'invoice', customerId: 'cus_2', subscriptionId: 'sub_2' });
  });

  it('reads other types by their envelope alone, and nothing without an id, a type or a date', () => {
    expect(readProviderEvent(event('charge.refunded', { id: 'ch_1' }))).toMatchObject({ kind: 'other', type: 'charge.refunded' });
    expect(readProviderEvent({ ...event('charge.refunded', {}), id: '' })).toBeNull();
    expect(readProviderEvent({ ...event('charge.refunded', {}), created: 'yesterday' })).toBeNull();
    expect(readProviderEvent({ ...event('', {}) })).toBeNull();
    expect(readProviderEvent(undefined)).toBeNull();
  });
});
