/**
 * Billing in a real browser: the trial countdown, the banner a lapsed seller
 * sees before typing anything, a change refused for the plan kept as 'Not
 * saved' and accepted when sent again after subscribing, a seller in the
 * trial saving a card on /subscribe, the other states of /subscribe, and the
 * provider's script staying out of every other page.
 *
 * These tests run their own server, with the payment settings pointing at a
 * local stand-in for the provider's API (and, where a card is saved, a
 * stand-in for its browser script); an ended trial is written straight into
 * that server's database, as no screen can end one.
 */
import type { Page, Request } from '@playwright/test';
import { providerEvent, signatureFor } from '../api/testing/stripe-events';
import { STAND_IN_KEYS, StripeStandIn } from '../api/testing/stripe-stand-in';
import { apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, test, type Account } from './support/fixtures';
import { addProduct, expectAllSynced, openProducts, productCard, syncStatus } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';
import { serveStripeJsStandIn, stripeJsSeen } from './support/stripe-js-stand-in';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

const DAY_MS = 24 * 60 * 60 * 1000;
const ADMIN = { email: 'billing-admin@e2e.test', password: 'billing-admin-pass' };

let standIn: StripeStandIn;
let server: OwnServer;

test.beforeAll(async () => {
  standIn = new StripeStandIn();
  const apiBase = await standIn.start();
  server = await ownServer({ ...STAND_IN_KEYS, STRIPE_API_BASE: apiBase, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await standIn?.stop();
});

/** A new seller, then put in the given standing by writing their row directly. */
async function sellerStanding(target: OwnServer, standing: { trialEndsAt: Date; status?: 'trial' | 'past_due'; pastDueSince?: Date }): Promise<Account> {
  const seller = await registerAccountAt(target.url, 'seller');
  const changes = await target.execute('UPDATE users SET trial_ends_at = $1, subscription_status = $2, past_due_since = $3 WHERE email = $4', [
    standing.trialEndsAt.getTime(),
    standing.status ?? 'trial',
    standing.pastDueSince?.getTime() ?? null,
    seller.email,
  ]);
  expect(changes).toBe(1);
  return seller;
}

/** A seller whose free trial ends at `trialEndsAt` (in the past: the trial has ended unpaid). */
const sellerWithTrialEnding = (target: OwnServer, trialEndsAt: Date) => sellerStanding(target, { trialEndsAt });

async function signInAt(page: Page, target: OwnServer, account: Account): Promise<void> {
  await page.goto(`${target.url}/?auth=signin`);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
}

/** The provider tells the server, as its webhook would, that the seller's subscription is now active. */
async function providerConfirmsPayment(account: Account): Promise<void> {
  const session = await apiLogin(account, server.url);
  const created = await fetch(`${server.url}/api/create-subscription`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}` } });
  expect(created.status).toBe(200);
  const subscription = [...standIn.subscriptions.values()].find((candidate) => (candidate.metadata as { userId?: string }).userId === session.userId);
  expect(subscription).toBeTruthy();
  const payload = providerEvent('customer.subscription.updated', { ...subscription, status: 'active' }, new Date());
  const delivered = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signatureFor(payload) },
    body: payload,
  });
  expect(delivered.status).toBe(200);
}

/** The day as the app writes it (the browser and these tests share the locale and the time zone). */
const dayText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

async function trialEndOf(session: ApiSession): Promise<string> {
  const response = await fetch(`${server.url}/api/subscription-status`, { headers: { Authorization: `Bearer ${session.token}` } });
  const { trialEndsAt } = (await response.json()) as { trialEndsAt: string };
  return trialEndsAt;
}

/** What the provider holds for this seller: the customer, its subscriptions and the setup intents made for them. */
function providerRecordsOf(session: ApiSession) {
  const customer = [...standIn.customers.values()].find((candidate) => (candidate.metadata as { userId?: string }).userId === session.userId);
  const customerId = customer?.id as string | undefined;
  return {
    subscriptions: [...standIn.subscriptions.values()].filter((subscription) => subscription.customer === customerId),
    setupIntents: customerId ? standIn.setupIntentsOf(customerId) : [],
  };
}

/** The provider's script is never fetched here: the tests cover what the page shows up to the payment form. */
async function holdProviderScript(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', () => undefined);
}

test.describe('billing', () => {
  test('a trialing seller sees the days left, loudly in the last 3 days, and the Billing page shows the plan', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() + 2.5 * DAY_MS));
    await signInAt(page, server, seller);

    const badge = page.getByTestId('trial-badge');
    await expect(badge).toHaveText('Free trial: 3 days left');
    await expect(badge).toHaveClass(/bg-amber-500/);
    const plan = page.getByTestId('plan-summary');
    await expect(plan).toContainText('Free trial: 3 days left (ends');
    await expect(page.getByTestId('lapsed-banner')).toHaveCount(0);

    await plan.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(page.getByText('Pro ($39.99 a month)')).toBeVisible();
    await expect(page.getByTestId('billing-status')).toHaveText('Free trial');
    await expect(page.getByText('Trial ends')).toBeVisible();
    await expect(page.getByText('Add a card now: you will not be charged until')).toBeVisible();
    await holdProviderScript(page);
    await page.getByRole('link', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    await expect(page.getByTestId('trial-days-left')).toContainText('Your free trial is active: 3 days left');

    // The profile leads to the Billing page too.
    await page.goto(`${server.url}/profile`);
    await page.getByRole('link', { name: 'Billing and plan' }).click();
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('a new seller sees the whole trial counted down, calmly', async ({ page }) => {
    const seller = await registerAccountAt(server.url, 'seller');
    await signInAt(page, server, seller);
    await expect(page.getByTestId('trial-badge')).toHaveText('Free trial: 14 days left');
    await expect(page.getByTestId('trial-badge')).not.toHaveClass(/bg-amber-500/);
  });

  test('a seller in the trial saves a card on /subscribe against the setup intent the provider made, and is charged only when the trial ends', async ({ page }) => {
    const seller = await registerAccountAt(server.url, 'seller');
    const session = await apiLogin(seller, server.url);
    const endsOn = dayText(await trialEndOf(session));
    await serveStripeJsStandIn(page);
    await signInAt(page, server, seller);

    await page.goto(`${server.url}/subscribe`);
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    await expect(page.getByTestId('trial-days-left')).toHaveText(`Your free trial is active: 14 days left (until ${endsOn}).`);
    await expect(page.getByRole('heading', { name: `Add a card now: you will not be charged until ${endsOn}` })).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeVisible();

    // The form is the provider's setup intent for this seller, on a subscription whose first charge is the trial's end.
    const { subscriptions, setupIntents } = providerRecordsOf(session);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.status).toBe('trialing');
    expect(dayText(new Date((subscriptions[0]!.trial_end as number) * 1000).toISOString())).toBe(endsOn);
    expect(setupIntents).toHaveLength(1);
    expect((await stripeJsSeen(page)).clientSecrets).toEqual([setupIntents[0]!.client_secret]);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText(`Your card is saved: the Pro plan ($39.99/month) starts when your trial ends on ${endsOn}, with no break.`)).toBeVisible();
    expect((await stripeJsSeen(page)).confirmed).toEqual([setupIntents[0]!.client_secret]);

    // Coming back later: the provider holds the card, so no form is offered again, and nothing was doubled.
    standIn.confirmSetupIntent(setupIntents[0]!.id as string);
    await page.reload();
    await expect(page.getByText(`Your card is saved: the Pro plan ($39.99/month) starts when your trial ends on ${endsOn}, with no break.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save card' })).toHaveCount(0);
    expect(providerRecordsOf(session).subscriptions).toHaveLength(1);
  });

  test('after an admin extends the trial, /subscribe and Billing count the new days and the first charge moves with them', async ({ page }) => {
    const seller = await registerAccountAt(server.url, 'seller');
    const session = await apiLogin(seller, server.url);
    await holdProviderScript(page);
    await signInAt(page, server, seller);
    await page.goto(`${server.url}/subscribe`);
    await expect(page.getByTestId('trial-days-left')).toContainText('Your free trial is active: 14 days left');

    const admin = await apiLogin(ADMIN, server.url);
    const extended = await fetch(`${server.url}/api/admin/customers/${session.userId}/extend-trial`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: 8 }),
    });
    expect(extended.status).toBe(200);
    const endsOn = dayText(await trialEndOf(session));

    await page.reload();
    await expect(page.getByTestId('trial-days-left')).toHaveText(`Your free trial is active: 22 days left (until ${endsOn}).`);
    await expect(page.getByRole('heading', { name: `Add a card now: you will not be charged until ${endsOn}` })).toBeVisible();
    const [subscription] = providerRecordsOf(session).subscriptions;
    expect(dayText(new Date((subscription!.trial_end as number) * 1000).toISOString())).toBe(endsOn);

    await page.goto(`${server.url}/billing`);
    await expect(page.getByTestId('billing-status')).toHaveText('Free trial');
    await expect(page.getByText(endsOn).first()).toBeVisible();
  });

  test('a lapsed seller sees why changes are not accepted on every seller screen, with the way to subscribe', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await holdProviderScript(page);
    await signInAt(page, server, seller);

    const banner = page.getByTestId('lapsed-banner');
    await expect(banner).toContainText('Changes to your products and menus are not being accepted.');
    await expect(banner).toContainText('Your free trial has ended.');
    await expect(page.getByTestId('trial-badge')).toHaveCount(0);
    for (const screen of ['Products', 'Menus']) {
      await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: screen }).click();
      await expect(page.getByRole('heading', { name: screen, level: 1 })).toBeVisible();
      await expect(banner).toContainText('Your free trial has ended.');
    }

    await banner.getByRole('link', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    // The plan card, ready for the provider's payment form.
    await expect(page.getByText('Pro', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Start Your Subscription' })).toBeVisible();
    await expect(page.getByText('Begin your 14-day free trial, then $39.99/month')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Subscription ($39.99/month)' })).toBeDisabled();
    // Why it waits shows in words beside it (a tooltip never shows on a phone).
    await expect(page.getByRole('button', { name: 'Start Subscription ($39.99/month)' })).toHaveAccessibleDescription('The card form is loading; you can subscribe once it shows.');
    await expect(page.getByText('You can cancel anytime. No long-term commitments.')).toBeVisible();
    await expect(page.getByTestId('lapsed-banner')).toHaveCount(0);
  });

  test('a failed payment warns through the 7-day grace period, with the days left', async ({ page }) => {
    const inGrace = await sellerStanding(server, { trialEndsAt: new Date(Date.now() - 40 * DAY_MS), status: 'past_due', pastDueSince: new Date(Date.now() - 5 * DAY_MS) });
    await signInAt(page, server, inGrace);
    await expect(page.getByText('Your last payment did not go through. Update your payment within 2 days to keep editing your catalogue.')).toBeVisible();
    await expect(page.getByTestId('trial-badge')).toHaveText('Payment failed: 2 days to update');
    await expect(page.getByTestId('lapsed-banner')).toHaveCount(0);
  });

  test('after the grace period a seller whose payment failed is lapsed', async ({ page }) => {
    const afterGrace = await sellerStanding(server, { trialEndsAt: new Date(Date.now() - 40 * DAY_MS), status: 'past_due', pastDueSince: new Date(Date.now() - 8 * DAY_MS) });
    await signInAt(page, server, afterGrace);
    await expect(page.getByTestId('lapsed-banner')).toContainText('7-day grace period is over');
  });

  test('a product refused for the plan stays as Not saved, and Send again saves it once the seller has subscribed', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await signInAt(page, server, seller);
    await openProducts(page);
    await addProduct(page, { name: 'Lapsed Kush', price: '25' });

    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: 1 change not saved: a subscription is needed', { timeout: 15_000 });
    // Still on the list, marked, after the server refused it.
    const card = page.getByRole('listitem').filter({ has: productCard(page, 'Lapsed Kush') });
    await expect(card.getByText('Not saved')).toBeVisible();

    await syncStatus(page).click();
    const notSaved = page.getByRole('list', { name: 'Not saved' });
    await expect(notSaved.getByRole('listitem')).toHaveCount(1);
    await expect(notSaved).toContainText('New product: Lapsed Kush');
    await expect(notSaved.getByTestId('not-saved-reason')).toContainText('Your free trial has ended');

    await providerConfirmsPayment(seller);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('lapsed-banner')).toHaveCount(0);

    await notSaved.getByRole('button', { name: 'Send again' }).click();
    await page.keyboard.press('Escape');
    await expectAllSynced(page, 15_000);
    await expect(card.getByText('Not saved')).toHaveCount(0);
    const session = await apiLogin(seller, server.url);
    const products = (await (await fetch(`${server.url}/api/products`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as Array<{ strainName: string }>;
    expect(products.map((product) => product.strainName)).toEqual(['Lapsed Kush']);
  });

  test('Discard drops a change that was not saved', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await signInAt(page, server, seller);
    await openProducts(page);
    await addProduct(page, { name: 'Second Thoughts', price: '12' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: 1 change not saved: a subscription is needed', { timeout: 15_000 });

    await syncStatus(page).click();
    await page.getByRole('list', { name: 'Not saved' }).getByRole('button', { name: 'Discard' }).click();
    await page.keyboard.press('Escape');
    await expectAllSynced(page);
    await expect(productCard(page, 'Second Thoughts')).toHaveCount(0);
  });

  test('back from the provider, /subscribe confirms the payment once the server has heard of it', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await signInAt(page, server, seller);

    // The address the provider returns to (docs/product-rules.md's Billing), with what the provider appends to it.
    await page.goto(`${server.url}/seller-dashboard?payment_intent=pi_returned&redirect_status=succeeded`);
    await expect(page).toHaveURL(/\/subscribe\?payment_intent=pi_returned&redirect_status=succeeded$/);
    await expect(page.getByText('Confirming your payment…')).toBeVisible();

    await providerConfirmsPayment(seller);
    await expect(page.getByRole('heading', { name: 'Subscription Active!' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Welcome to the Pro plan. Your account is now active.').first()).toBeVisible();
    // The device learns of the new status at once: no lapsed banner on the way back.
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByTestId('plan-summary')).toContainText('Pro plan: active');
    await expect(page.getByTestId('lapsed-banner')).toHaveCount(0);
  });

  test('a paying seller sees the next charge on the Billing page, and Manage billing opens the portal', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await providerConfirmsPayment(seller);
    await page.route('https://billing.stand-in.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Customer portal</h1>' }));
    await signInAt(page, server, seller);

    await expect(page.getByTestId('trial-badge')).toHaveCount(0);
    await page.getByTestId('plan-summary').getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByTestId('billing-status')).toHaveText('Active');
    await expect(page.getByText('Next charge')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page.getByRole('heading', { name: 'Customer portal' })).toBeVisible();
    expect(standIn.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.form.return_url).toBe(`${server.url}/billing`);
  });

  test('a provider outage while setting up shows Setup Error with Try Again', async ({ page }) => {
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await signInAt(page, server, seller);
    standIn.failNext('POST', '/v1/customers', 'server_error');

    await page.goto(`${server.url}/subscribe`);
    await expect(page.getByRole('heading', { name: 'Setup Error' })).toBeVisible();
    await expect(page.getByText('Unable to set up subscription. Please try again or contact support.')).toBeVisible();
    await expectToastShown(page, 'Failed to set up subscription. Please try again.');

    await holdProviderScript(page);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Start Your Subscription' })).toBeVisible();
  });

  test('on a server without payment settings, /subscribe says payments are not set up', async ({ page }) => {
    const unpaid = await ownServer();
    try {
      await unpaid.start();
      const seller = await sellerWithTrialEnding(unpaid, new Date(Date.now() - DAY_MS));
      await signInAt(page, unpaid, seller);
      await page.goto(`${unpaid.url}/subscribe`);
      await expect(page.getByText('Payments are not set up on this server yet.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Setup Error' })).toHaveCount(0);

      // A seller in the trial hears the same on both pages, and is offered no card form.
      const trialing = await registerAccountAt(unpaid.url, 'seller');
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signInAt(page, unpaid, trialing);
      await page.goto(`${unpaid.url}/subscribe`);
      await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
      await expect(page.getByTestId('trial-days-left')).toContainText('14 days left');
      await expect(page.getByText('Payments are not set up on this server yet.')).toBeVisible();
      await expect(page.getByText('Add a card now')).toHaveCount(0);
      await page.goto(`${unpaid.url}/billing`);
      await expect(page.getByTestId('billing-status')).toHaveText('Free trial');
      await expect(page.getByText('Payments are not set up on this server yet.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveCount(0);
    } finally {
      await unpaid.dispose();
    }
  });
});

test.describe('the provider script', () => {
  // Every script the page itself asks for, not the worker's precache.
  test.use({ serviceWorkers: 'block' });

  test('is downloaded on /subscribe only, never with the other seller pages', async ({ page }) => {
    // Eight pages, each loaded until the network is idle.
    test.setTimeout(180_000);
    const seller = await sellerWithTrialEnding(server, new Date(Date.now() - DAY_MS));
    await holdProviderScript(page);
    const scripts = new Set<string>();
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(server.url)) scripts.add(request.url());
    });
    // Read from the server afterwards: a page's own copy of a script is gone once it navigates on.
    const providerScripts = async () => {
      const checked = await Promise.all([...scripts].map(async (url) => ({ url, text: await (await fetch(url)).text() })));
      return checked.filter((script) => script.text.includes('https://js.stripe.com')).map((script) => script.url);
    };

    await signInAt(page, server, seller);
    for (const path of ['/products', '/menus', '/menu-builder', '/billing', '/profile', '/inbox', '/seller/dashboard']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.size).toBeGreaterThan(3);
    expect(await providerScripts()).toEqual([]);

    await page.goto(`${server.url}/subscribe`);
    await expect(page.getByRole('heading', { name: 'Start Your Subscription' })).toBeVisible();
    await expect.poll(async () => (await providerScripts()).length).toBeGreaterThan(0);
  });
});
