import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../sync/entities/subscription';
import type { AuthResponse, User } from '../../sync/entities/user';
import { providerEvent, signatureFor } from '../testing/stripe-events';
import { STAND_IN_KEYS, StripeStandIn } from '../testing/stripe-stand-in';
import { createTestApp, type TestApp } from '../testing/test-app';

const stripe = new StripeStandIn();
let t: TestApp;

beforeAll(async () => {
  const base = await stripe.start();
  t = createTestApp({ env: { ...STAND_IN_KEYS, STRIPE_API_BASE: base }, paymentTuning: { timeoutMs: 2000, maxNetworkRetries: 0 } });
});
afterAll(async () => {
  t.close();
  await stripe.stop();
});

const MINUTE = 60_000;

function deliver(payload: string, signature: string | null = signatureFor(payload)) {
  return t.request<{ received: boolean; outcome: string }>('POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature !== null && { 'stripe-signature': signature }) },
  });
}

/** A seller who started a subscription, and that subscription as the provider holds it. */
async function subscribedSeller(): Promise<{ seller: AuthResponse; subscription: Record<string, unknown> }> {
  const seller = await t.registerUser('seller');
  expect((await t.request('POST', '/api/create-subscription', { token: seller.token })).status).toBe(200);
  const subscription = [...stripe.subscriptions.values()].at(-1)!;
  return { seller, subscription };
}

const userOf = async (seller: AuthResponse) => (await t.request<User>('GET', '/api/auth/user', { token: seller.token })).body;
const stateOf = async (seller: AuthResponse) => (await t.request<SubscriptionState>('GET', '/api/subscription-status', { token: seller.token })).body;
const subscriptionEvent = (subscription: Record<string, unknown>, status: string, created: Date, type = 'customer.subscription.updated') =>
  providerEvent(type, { ...subscription, status }, created);

describe('POST /api/stripe/webhook', () => {
  it('a good event makes the seller active, with the next charge date', async () => {
    const { seller, subscription } = await subscribedSeller();
    const res = await deliver(subscriptionEvent(subscription, 'active', new Date()));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'applied' });
    expect((await userOf(seller)).subscriptionStatus).toBe('active');
    const state = await stateOf(seller);
    expect(state.status).toBe('active');
    expect(state.currentPeriodEnd).toEqual(expect.any(String));
  });

  it('a missing or wrong signature answers 400 and changes nothing', async () => {
    const { seller, subscription } = await subscribedSeller();
    const payload = subscriptionEvent(subscription, 'active', new Date());
    const missing = await deliver(payload, null);
    expect(missing.status).toBe(400);
    const wrong = await deliver(payload, signatureFor(payload, 'whsec_someone_else'));
    expect(wrong.status).toBe(400);
    const tampered = await deliver(payload.replace('"active"', '"canceled"'), signatureFor(payload));
    expect(tampered.status).toBe(400);
    expect((await userOf(seller)).subscriptionStatus).toBe('trial');
    // The event was not recorded either: delivered properly afterwards, it applies.
    expect((await deliver(payload)).body.outcome).toBe('applied');
  });

  it('a replayed event answers 2xx and changes nothing', async () => {
    const { seller, subscription } = await subscribedSeller();
    await deliver(subscriptionEvent(subscription, 'active', new Date(Date.now() - MINUTE)));
    const canceled = providerEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, new Date(), 'evt_replayed_once');
    expect((await deliver(canceled)).body.outcome).toBe('applied');
    expect((await userOf(seller)).subscriptionStatus).toBe('canceled');
    // Something newer (a new subscription) made the seller active; the old event, delivered again, must not undo it.
    await deliver(subscriptionEvent({ ...subscription, id: 'sub_after_the_replayed_one' }, 'active', new Date(Date.now() + MINUTE)));
    const replay = await deliver(canceled);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('replay');
    expect((await userOf(seller)).subscriptionStatus).toBe('active');
  });

  it('an event older than the last one applied never moves the status back', async () => {
    const { seller, subscription } = await subscribedSeller();
    const now = Date.now();
    await deliver(subscriptionEvent(subscription, 'active', new Date(now)));
    const late = await deliver(subscriptionEvent(subscription, 'incomplete', new Date(now - MINUTE), 'customer.subscription.created'));
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('stale');
    expect((await userOf(seller)).subscriptionStatus).toBe('active');
  });

  it('maps the provider statuses to the seller standing', async () => {
    const { seller, subscription } = await subscribedSeller();
    let at = Date.now();
    const step = async (status: string) => {
      at += MINUTE;
      await deliver(subscriptionEvent(subscription, status, new Date(at)));
      return (await userOf(seller)).subscriptionStatus;
    };
    expect(await step('trialing')).toBe('trial');
    expect(await step('active')).toBe('active');
    expect(await step('unpaid')).toBe('past_due');
    expect((await userOf(seller)).pastDueSince).toBe(new Date(Math.floor(at / 1000) * 1000).toISOString());
    expect(await step('past_due')).toBe('past_due');
    expect(await step('active')).toBe('active');
    expect((await userOf(seller)).pastDueSince).toBeNull();
    expect(await step('incomplete_expired')).toBe('canceled');
  });

  it('a failed invoice makes a paying seller past due, and a paid one makes them active again', async () => {
    const { seller, subscription } = await subscribedSeller();
    const now = Date.now();
    await deliver(subscriptionEvent(subscription, 'active', new Date(now)));
    const invoice = (id: string) => ({
      id,
      object: 'invoice',
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    await deliver(providerEvent('invoice.payment_failed', invoice('in_failed'), new Date(now + MINUTE)));
    expect((await userOf(seller)).subscriptionStatus).toBe('past_due');
    expect((await stateOf(seller)).status).toBe('past_due');
    await deliver(providerEvent('invoice.paid', invoice('in_paid'), new Date(now + 2 * MINUTE)));
    expect((await userOf(seller)).subscriptionStatus).toBe('active');
  });

  it('trial_will_end and unknown event types answer 2xx and change nothing', async () => {
    const { seller, subscription } = await subscribedSeller();
    const before = await userOf(seller);
    for (const type of ['customer.subscription.trial_will_end', 'charge.refunded', 'something.new']) {
      const res = await deliver(providerEvent(type, { ...subscription, status: 'canceled' }, new Date()));
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('ignored');
    }
    expect(await userOf(seller)).toEqual(before);
  });

  it('an event about a customer the app does not know is acknowledged and ignored', async () => {
    const res = await deliver(
      providerEvent(
        'customer.subscription.updated',
        { id: 'sub_elsewhere', object: 'subscription', customer: 'cus_elsewhere', status: 'active', cancel_at_period_end: false, items: { data: [] } },
        new Date(),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored');
  });

  it('a signed event it cannot use (no object, no customer, no date, a subscription of nobody) answers 2xx and changes nothing', async () => {
    const { seller, subscription } = await subscribedSeller();
    const before = await userOf(seller);
    const at = Math.floor(Date.now() / 1000);
    const envelope = (type: string, fields: Record<string, unknown>) =>
      JSON.stringify({ id: `evt_unusable_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: at, ...fields });
    const unusable = [
      envelope('customer.subscription.updated', {}),
      envelope('customer.subscription.updated', { data: {} }),
      envelope('customer.subscription.updated', { data: { object: null } }),
      envelope('customer.subscription.updated', { data: { object: 'sub_only_an_id' } }),
      envelope('customer.subscription.updated', { data: { object: { ...subscription, status: 'active', customer: undefined } } }),
      envelope('customer.subscription.updated', { data: { object: { ...subscription, status: 'active', customer: null } } }),
      envelope('customer.subscription.updated', { data: { object: { ...subscription, id: undefined, status: 'active' } } }),
      envelope('customer.subscription.deleted', { data: { object: { ...subscription, status: undefined } } }),
      envelope('customer.subscription.trial_will_end', { data: {} }),
      envelope('invoice.payment_failed', { data: { object: { id: 'in_nobody', object: 'invoice' } } }),
      envelope('invoice.paid', { data: { object: { id: 'in_no_subscription', object: 'invoice', customer: subscription.customer } } }),
      JSON.stringify({ object: 'event', type: 'customer.subscription.updated', created: at, data: { object: { ...subscription, status: 'active' } } }),
      JSON.stringify({ id: 'evt_without_a_date', object: 'event', type: 'customer.subscription.updated', data: { object: { ...subscription, status: 'canceled' } } }),
      providerEvent('customer.subscription.updated', { ...subscription, id: 'sub_of_nobody', customer: 'cus_of_nobody', status: 'active' }, new Date()),
      'null',
      '[]',
    ];
    for (const payload of unusable) {
      const res = await deliver(payload);
      expect(res.status, payload).toBe(200);
      expect(res.body, payload).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await userOf(seller)).toEqual(before);
  });

  it('a subscription that ends before the seller ever paid (trial over with no card) leaves them on the trial, ended rather than canceled', async () => {
    const { seller, subscription } = await subscribedSeller();
    const outcome = await deliver(subscriptionEvent(subscription, 'canceled', new Date(), 'customer.subscription.deleted'));
    expect(outcome.body.outcome).toBe('applied');
    expect((await userOf(seller)).subscriptionStatus).toBe('trial');
    // The trial's own days still count; once they are over, Billing says the trial ended and offers to pay.
    expect((await stateOf(seller)).status).toBe('trialing');
  });

  it('a canceled subscription stays canceled: a later active or trialing event for it is ignored, and a new subscription makes the seller active', async () => {
    const { seller, subscription } = await subscribedSeller();
    const now = Date.now();
    expect((await deliver(subscriptionEvent(subscription, 'active', new Date(now)))).body.outcome).toBe('applied');
    expect((await deliver(subscriptionEvent(subscription, 'canceled', new Date(now + MINUTE), 'customer.subscription.deleted'))).body.outcome).toBe('applied');
    expect((await userOf(seller)).subscriptionStatus).toBe('canceled');

    for (const [status, minutes] of [
      ['active', 2],
      ['trialing', 3],
      ['past_due', 4],
    ] as const) {
      const revived = await deliver(subscriptionEvent(subscription, status, new Date(now + minutes * MINUTE)));
      expect(revived.status).toBe(200);
      expect(revived.body.outcome, status).toBe('ignored');
    }
    const paid = await deliver(
      providerEvent('invoice.paid', { id: 'in_for_the_canceled', object: 'invoice', customer: subscription.customer, subscription: subscription.id }, new Date(now + 5 * MINUTE)),
    );
    expect(paid.body.outcome).toBe('ignored');
    expect((await userOf(seller)).subscriptionStatus).toBe('canceled');
    expect((await stateOf(seller)).status).toBe('canceled');

    // Paying again makes a new subscription for the same customer: that one speaks for the seller.
    const renewed = await deliver(subscriptionEvent({ ...subscription, id: 'sub_paid_again' }, 'active', new Date(now + 6 * MINUTE), 'customer.subscription.created'));
    expect(renewed.body.outcome).toBe('applied');
    expect((await userOf(seller)).subscriptionStatus).toBe('active');
    expect((await stateOf(seller)).status).toBe('active');
  });
});
