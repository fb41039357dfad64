import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubscription, SubscriptionState } from '../../sync/entities/subscription';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { billingAccountOf } from '../db/repositories/billing';
import { updateUser } from '../db/repositories/users';
import { STAND_IN_KEYS, StripeStandIn } from '../testing/stripe-stand-in';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

const stripe = new StripeStandIn();
let t: TestApp;

beforeAll(async () => {
  const base = await stripe.start();
  t = createTestApp({ env: { ...STAND_IN_KEYS, STRIPE_API_BASE: base, APP_URL: 'https://menus.example' }, paymentTuning: { timeoutMs: 400, maxNetworkRetries: 0 } });
});
afterAll(async () => {
  t.close();
  await stripe.stop();
});
afterEach(() => {
  stripe.latencyMs = 15;
});

const subscribe = (seller: AuthResponse) => t.request<CreatedSubscription & ErrorBody>('POST', '/api/create-subscription', { token: seller.token });
const customerCallsFor = (seller: AuthResponse) => stripe.requestsTo('POST', '/v1/customers').filter((request) => request.form['metadata[userId]'] === seller.user.id);
const subscriptionCallsFor = (seller: AuthResponse) => stripe.requestsTo('POST', '/v1/subscriptions').filter((request) => request.form['metadata[userId]'] === seller.user.id);

describe('POST /api/create-subscription', () => {
  it('during the trial: one customer, a subscription on the Pro price ending the trial when the free days end, and the setup secret', async () => {
    const seller = await t.registerUser('seller');
    const res = await subscribe(seller);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('trialing');
    expect(res.body.clientSecret).toMatch(/^seti_.*_secret_/);

    const [created] = subscriptionCallsFor(seller);
    expect(created?.form).toMatchObject({
      'items[0][price]': STAND_IN_KEYS.STRIPE_PRICE_ID,
      payment_behavior: 'default_incomplete',
      trial_end: String(Math.floor(new Date(seller.user.trialEndsAt!).getTime() / 1000)),
      // A trial that ends with no card saved cancels instead of leaving the seller past due on an unpayable invoice.
      'trial_settings[end_behavior][missing_payment_method]': 'cancel',
    });
    expect(customerCallsFor(seller)).toHaveLength(1);
    expect(customerCallsFor(seller)[0]!.form.email).toBe(seller.user.email);
    const account = await billingAccountOf(t.services.db.read, seller.user.id);
    expect(account.customerId).toMatch(/^cus_/);
    expect(account.subscriptionId).toBe([...stripe.subscriptions.keys()].at(-1));
    // The secret is the provider's setup intent for this seller's card: saved now, charged when the trial ends.
    expect(stripe.setupIntentsOf(account.customerId!).map((intent) => intent.client_secret)).toEqual([res.body.clientSecret]);
  });

  it('after the trial was extended, moves the first charge to the new end of the trial and keeps the same card form', async () => {
    const seller = await t.registerUser('seller');
    const first = await subscribe(seller);
    const extendedTo = new Date(new Date(seller.user.trialEndsAt!).getTime() + 8 * DAY_MS);
    await t.services.db.transaction((tx) => updateUser(tx.db, seller.user.id, { trialEndsAt: extendedTo }, tx.version, t.services.now()));

    const again = await subscribe(seller);
    expect(again.body).toEqual({ status: 'trialing', clientSecret: first.body.clientSecret });
    const { subscriptionId } = await billingAccountOf(t.services.db.read, seller.user.id);
    const [moved] = stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(moved?.form).toMatchObject({ trial_end: String(Math.floor(extendedTo.getTime() / 1000)), proration_behavior: 'none' });
    expect(stripe.subscriptionObject(subscriptionId!).trial_end).toBe(Math.floor(extendedTo.getTime() / 1000));
    expect(subscriptionCallsFor(seller)).toHaveLength(1);

    // Already in step: nothing to move.
    await subscribe(seller);
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it('after the trial: no trial_end, and the secret of the first invoice payment', async () => {
    const seller = await t.registerUser('seller');
    t.clock.advance(15 * DAY_MS);
    try {
      const res = await subscribe(seller);
      expect(res.body).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_.*_secret_/) });
      expect(subscriptionCallsFor(seller)[0]!.form.trial_end).toBeUndefined();
      const status = await t.request<SubscriptionState>('GET', '/api/subscription-status', { token: seller.token });
      expect(status.body.status).toBe('incomplete');
    } finally {
      t.clock.advance(-15 * DAY_MS);
    }
  });

  it('called again and again, concurrently too, makes one customer and one subscription', async () => {
    const seller = await t.registerUser('seller');
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe(seller)));
    const again = await subscribe(seller);
    for (const answer of [...answers, again]) expect(answer.status).toBe(200);
    expect(new Set([...answers, again].map((answer) => answer.body.clientSecret)).size).toBe(1);
    expect(customerCallsFor(seller)).toHaveLength(1);
    expect(subscriptionCallsFor(seller)).toHaveLength(1);
  });

  it('sends idempotency keys with every creation', async () => {
    const seller = await t.registerUser('seller');
    await subscribe(seller);
    const creations = [...customerCallsFor(seller), ...subscriptionCallsFor(seller)];
    expect(creations).toHaveLength(2);
    for (const creation of creations) expect(creation.idempotencyKey).toEqual(expect.stringContaining(seller.user.id));
  });

  it('a declined card answers 502 with the reason, and a retry makes no second customer', async () => {
    const seller = await t.registerUser('seller');
    stripe.failNext('POST', '/v1/subscriptions', 'declined');
    const declined = await subscribe(seller);
    expect(declined.status).toBe(502);
    expect(declined.body).toEqual({ reason: 'payment_provider', message: 'Your card was not accepted: Your card was declined.' });
    const retried = await subscribe(seller);
    expect(retried.status).toBe(200);
    expect(customerCallsFor(seller)).toHaveLength(1);
    expect(subscriptionCallsFor(seller)).toHaveLength(2);
  });

  it('a provider outage (500) answers 502 asking to try again later', async () => {
    const seller = await t.registerUser('seller');
    stripe.failNext('POST', '/v1/customers', 'server_error');
    const res = await subscribe(seller);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The payment service is having trouble right now. Please try again in a few minutes.');
    expect((await billingAccountOf(t.services.db.read, seller.user.id)).customerId).toBeNull();
  });

  it('no answer in time answers 502, and the retry reuses the same customer through its idempotency key', async () => {
    const seller = await t.registerUser('seller');
    stripe.failNext('POST', '/v1/subscriptions', 'timeout');
    const res = await subscribe(seller);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The payment service did not answer in time. Please try again in a minute.');
    const retried = await subscribe(seller);
    expect(retried.status).toBe(200);
    // The timed-out creation may have happened at the provider: the retry carries the same key, so it is answered, not repeated.
    const [first, second] = subscriptionCallsFor(seller);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(
      [...stripe.subscriptions.values()].filter((subscription) => subscription.customer === stripe.requestsTo('POST', '/v1/subscriptions').at(-1)?.form.customer),
    ).toHaveLength(1);
    expect(customerCallsFor(seller)).toHaveLength(1);
  });

  it('is for sellers only', async () => {
    const buyer = await t.registerUser('buyer');
    expect((await t.request('POST', '/api/create-subscription', { token: buyer.token })).status).toBe(403);
    expect((await t.request('POST', '/api/create-subscription')).status).toBe(401);
  });
});

describe('POST /api/billing/portal', () => {
  it('opens the provider portal for the seller, returning to the billing page at APP_URL whatever the request named', async () => {
    const seller = await t.registerUser('seller');
    await subscribe(seller);
    const res = await t.request<{ url: string }>('POST', 'http://evil.example/api/billing/portal', { token: seller.token, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stand-in\.test\//);
    const [call] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(call?.form).toMatchObject({ customer: (await billingAccountOf(t.services.db.read, seller.user.id)).customerId, return_url: 'https://menus.example/billing' });
  });

  it('says there is nothing to manage before the seller subscribed', async () => {
    const seller = await t.registerUser('seller');
    const res = await t.request<ErrorBody>('POST', '/api/billing/portal', { token: seller.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/subscribe first/);
  });
});

describe('GET /api/config', () => {
  it('gives the publishable key when payments are set up', async () => {
    expect((await t.request('GET', '/api/config')).body).toEqual({ stripePublishableKey: STAND_IN_KEYS.STRIPE_PUBLISHABLE_KEY });
  });
});

describe('without payment settings', () => {
  it('trials work, paying answers 503 saying payments are not set up', async () => {
    const plain = createTestApp();
    try {
      const seller = await plain.registerUser('seller');
      const status = await plain.request<SubscriptionState>('GET', '/api/subscription-status', { token: seller.token });
      expect(status.body).toMatchObject({ status: 'trialing', paymentsEnabled: false, hasBillingAccount: false });
      const res = await plain.request<ErrorBody>('POST', '/api/create-subscription', { token: seller.token });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Payments are not set up on this server yet.');
      expect((await plain.request('POST', '/api/products', { token: seller.token, body: { strainName: 'Trial still works' } })).status).toBe(201);
    } finally {
      plain.close();
    }
  });
});
