import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../sync/entities/user';
import { providerEvent, signatureFor } from '../testing/stripe-events';
import { STAND_IN_KEYS, StripeStandIn } from '../testing/stripe-stand-in';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
import { remindEndingTrials } from './notifications';
import { startSmtpCatcher, type SmtpCatcher } from './testing/smtp-catcher';

const stripe = new StripeStandIn();
let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const base = await stripe.start();
  t = createTestApp({ env: { ...STAND_IN_KEYS, STRIPE_API_BASE: base, SMTP_URL: smtp.url }, paymentTuning: { timeoutMs: 2000, maxNetworkRetries: 0 } });
});
afterAll(async () => {
  t.close();
  await stripe.stop();
  await smtp.stop();
});
afterEach(() => {
  smtp.messages.length = 0;
});

const deliver = (payload: string) =>
  t.request('POST', '/api/stripe/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload) } });

async function subscribedSeller(): Promise<{ seller: AuthResponse; subscription: Record<string, unknown> }> {
  const seller = await t.registerUser('seller');
  expect((await t.request('POST', '/api/create-subscription', { token: seller.token })).status).toBe(200);
  await t.services.mail.deliverDue();
  smtp.messages.length = 0;
  return { seller, subscription: [...stripe.subscriptions.values()].at(-1)! };
}

async function subjectsSentTo(email: string): Promise<string[]> {
  await t.services.mail.deliverDue();
  return smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]!.address === email).map((m) => m.subject ?? '');
}

describe('billing emails', () => {
  it('tell a seller once that a payment failed and once that the subscription was canceled', async () => {
    const { seller, subscription } = await subscribedSeller();
    const now = Date.now();
    await deliver(providerEvent('customer.subscription.updated', { ...subscription, status: 'active' }, new Date(now)));
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };
    const failed = providerEvent('invoice.payment_failed', invoice, new Date(now + 1000));
    await deliver(failed);
    await deliver(failed);
    expect(await subjectsSentTo(seller.user.email)).toEqual(['Your Wholesale Menus payment failed']);
    smtp.messages.length = 0;
    await deliver(providerEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, new Date(now + 2000)));
    expect(await subjectsSentTo(seller.user.email)).toEqual(['Your Wholesale Menus subscription was canceled']);
    expect(smtp.messages[0]!.text).toContain('Turn it off under Profile, Notifications');
  });

  it("remind a seller 3 days before the trial ends, once, whether the provider's notice or the server's sweep comes first", async () => {
    const { seller, subscription } = await subscribedSeller();
    const trialEnd = Math.floor((Date.now() + 3 * DAY_MS) / 1000);
    await deliver(providerEvent('customer.subscription.trial_will_end', { ...subscription, status: 'trialing', trial_end: trialEnd }, new Date()));
    await deliver(providerEvent('customer.subscription.trial_will_end', { ...subscription, status: 'trialing', trial_end: trialEnd }, new Date()));
    expect(await subjectsSentTo(seller.user.email)).toEqual(['Your Wholesale Menus trial ends in 3 days']);
    // It leads to the card form, where the seller pays before the trial ends.
    const [reminder] = smtp.messages;
    expect(reminder!.text).toContain('Add a card now');
    expect(reminder!.text).toContain(`${t.services.env.APP_URL}/subscribe`);
    expect(reminder!.html).toContain(`href="${t.services.env.APP_URL}/subscribe"`);
  });

  it('the sweep reminds sellers whose own trial ends within 3 days, and not those who turned it off', async () => {
    const soon = await t.registerUser('seller');
    const quiet = await t.registerUser('seller');
    await t.request('PUT', '/api/account/notifications', { token: quiet.token, body: { 'trial-ending': false } });
    await t.services.mail.deliverDue();
    smtp.messages.length = 0;
    await remindEndingTrials(t.services);
    expect(await subjectsSentTo(soon.user.email)).toEqual([]);
    t.clock.advance(11 * DAY_MS + 60_000);
    await remindEndingTrials(t.services);
    await remindEndingTrials(t.services);
    expect(await subjectsSentTo(soon.user.email)).toEqual(['Your Wholesale Menus trial ends in 3 days']);
    expect(await subjectsSentTo(quiet.user.email)).toEqual([]);
  });
});
