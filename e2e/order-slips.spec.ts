/**
 * Slips on the seller's order page: a double click on Accept, Fulfil, Mark delivered or Record payment makes one move
 * and the button says it is working; the Deliver form refuses more than was ordered itself and stays open; a move
 * another device already made is no refusal; and a refusal that does matter shows on the order and is dismissed there.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, apiPut, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, syncStatus } from './support/offline-app';

type OrderOnServer = { id: string; number: string; status: string; total: string; amountPaid: string; paymentStatus: string };
type Pushed = { seq: number; name: string; args: { id?: string } };

const BUSY = '__busyButtons';

/** Runs in every page before its scripts: keeps the text of each button while it is marked busy. */
function recordBusyButtons(key: string): void {
  const seen: string[] = [];
  Object.defineProperty(window, key, { value: seen });
  new MutationObserver(() => {
    for (const button of document.querySelectorAll('button[aria-busy="true"]')) {
      const text = button.textContent ?? '';
      if (!seen.includes(text)) seen.push(text);
    }
  }).observe(document, { attributes: true, attributeFilter: ['aria-busy'], childList: true, subtree: true, characterData: true });
}

const busyButtons = (page: Page) => page.evaluate((key) => [...((window as unknown as Record<string, string[]>)[key] ?? [])], BUSY);

/** Every change the page sends to the server, once each (a retried push sends the same numbered change again). */
function notePushes(page: Page): Map<number, Pushed> {
  const pushed = new Map<number, Pushed>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/sync/push')) return;
    for (const mutation of (request.postDataJSON() as { mutations: Pushed[] }).mutations) pushed.set(mutation.seq, mutation);
  });
  return pushed;
}

const movesSent = (pushed: Map<number, Pushed>, name: string, orderId: string) =>
  [...pushed.values()].filter((mutation) => mutation.name === name && (mutation.args.id === orderId || name === 'order.recordPayment')).length;

/** A seller with one product on a menu and a buyer's order of 6 oz of it, open on the seller's order page. */
async function orderOpenForSeller(page: Page) {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id] });
  const buyerAccount = await registerAccount('buyer');
  const buyer = await apiLogin(buyerAccount);
  const order = await apiPost<OrderOnServer>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: haze.id, quantity: '6' }] });
  await signIn(page, seller.account);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await page
    .getByRole('region', { name: 'New' })
    .getByRole('link', { name: new RegExp(order.number) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  return { seller, buyer, buyerAccount, haze, menu, order };
}

const timelineSteps = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });

test('a double click on each move makes one move, the button says it is working, and nothing is refused', async ({ page }) => {
  await page.addInitScript(recordBusyButtons, BUSY);
  const pushed = notePushes(page);
  const { seller, haze, order } = await orderOpenForSeller(page);

  await page.getByRole('button', { name: 'Accept', exact: true }).dblclick();
  await expect(page.getByRole('button', { name: 'Fulfil', exact: true })).toBeVisible();
  await expectAllSynced(page, 20_000);
  await page.getByRole('button', { name: 'Fulfil', exact: true }).dblclick();
  await expect(page.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();
  await expectAllSynced(page, 20_000);

  // More than was ordered: the form says so itself and stays open; nothing is sent.
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  const deliver = page.getByRole('dialog', { name: `Deliver ${order.number}` });
  const delivered = deliver.getByLabel(`${haze.strainName} (oz)`);
  await delivered.fill('7');
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(delivered).toHaveAttribute('aria-invalid', 'true');
  await expect(deliver).toContainText('at most what was ordered');
  await expect(deliver).toBeVisible();
  expect(movesSent(pushed, 'order.deliver', order.id)).toBe(0);
  await delivered.fill('6');
  await deliver.getByRole('button', { name: 'Mark delivered' }).dblclick();
  await expect(deliver).toBeHidden();
  await expect(page.getByRole('region', { name: 'Order lines' })).toContainText('6 oz');

  await page.getByRole('button', { name: 'Record a payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(payment.getByLabel('Amount received')).toHaveValue('75.00');
  await payment.getByLabel('Paid by').selectOption('check');
  await payment.getByRole('button', { name: 'Record payment' }).dblclick();
  await expect(payment).toBeHidden();
  await expectAllSynced(page, 20_000);

  // The server has the order delivered and paid (its answer may still be on its way), having been sent one of each
  // move; each move is once in the timeline, and no refusal anywhere.
  await expect
    .poll(
      async () => {
        const { status, total, amountPaid, paymentStatus } = await apiGet<OrderOnServer>(`/api/orders/${order.id}`, seller.session);
        return { status, total, amountPaid, paymentStatus };
      },
      { timeout: 20_000 },
    )
    .toEqual({ status: 'delivered', total: '75.00', amountPaid: '75.00', paymentStatus: 'paid' });
  expect(['order.accept', 'order.fulfil', 'order.deliver', 'order.recordPayment'].map((name) => movesSent(pushed, name, order.id))).toEqual([1, 1, 1, 1]);
  await expect(timelineSteps(page, 'Accepted')).toHaveCount(1);
  await expect(timelineSteps(page, 'Fulfilled')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Each button said it was working while its move was made.
  expect(await busyButtons(page)).toEqual(expect.arrayContaining(['Accepting…', 'Fulfilling…', 'Delivering…', 'Recording…']));
});

test('an Accept another device already made, and went past, is no refusal; a refusal that matters shows on the order and is dismissed there', async ({ page, context }) => {
  const pushed = notePushes(page);
  const { seller, buyer, haze, menu, order } = await orderOpenForSeller(page);

  // Offline, the seller accepts here while another of their devices accepts and fulfils it.
  await goOffline(context);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Fulfil', exact: true })).toBeVisible();
  await apiPost(`/api/orders/${order.id}/accept`, seller.session, {});
  await apiPost(`/api/orders/${order.id}/fulfil`, seller.session, {});
  await goOnline(context);
  await expectAllSynced(page, 20_000);
  // The push may still be on its way when the status settles: wait for it, then count.
  await expect.poll(() => movesSent(pushed, 'order.accept', order.id), { timeout: 20_000 }).toBe(1);
  await expect(page.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(timelineSteps(page, 'Accepted')).toHaveCount(1);
  await expect(timelineSteps(page, 'Fulfilled')).toHaveCount(1);

  // A second order the buyer cancels while the seller, offline, accepts it: that refusal is said on the order.
  const second = await apiPost<OrderOnServer>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: haze.id, quantity: '2' }] });
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await page
    .getByRole('region', { name: 'New' })
    .getByRole('link', { name: new RegExp(second.number) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${second.number}` })).toBeVisible();
  await goOffline(context);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await apiPost(`/api/orders/${second.id}/cancel`, buyer, {});
  await goOnline(context);
  const refusal = page.getByRole('alert').filter({ hasText: 'cancelled' });
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await expect(syncStatus(page)).toHaveAccessibleName(/refused/);
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAllSynced(page, 20_000);
  await expect(page.getByRole('main')).toContainText('Cancelled');
});

test('a double click on Reject order rejects once, and the button says it is working', async ({ page }) => {
  await page.addInitScript(recordBusyButtons, BUSY);
  const pushed = notePushes(page);
  const { seller, order } = await orderOpenForSeller(page);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${order.number}` });
  await reject.getByLabel('Reason').fill('Out of stock until spring');
  await reject.getByRole('button', { name: 'Reject order' }).dblclick();
  await expect(reject).toBeHidden();
  await expectAllSynced(page, 20_000);
  await expect.poll(() => movesSent(pushed, 'order.reject', order.id), { timeout: 20_000 }).toBe(1);
  await expect(timelineSteps(page, 'Rejected')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The push was seen leaving; the server's answer may still be on its way.
  await expect.poll(async () => (await apiGet<OrderOnServer>(`/api/orders/${order.id}`, seller.session)).status, { timeout: 20_000 }).toBe('rejected');
  expect(await busyButtons(page)).toContain('Rejecting…');
});

test("a double click on the buyer's Approve the change approves once, and the button says it is working", async ({ page, browser }) => {
  const sellerPage = await browser.newPage();
  const { seller, buyerAccount, haze, order } = await orderOpenForSeller(sellerPage);
  await sellerPage.close();
  // The seller raises the order: it waits for the buyer's approval.
  await apiPut(`/api/orders/${order.id}/lines`, seller.session, { lines: [{ productId: haze.id, quantity: '8' }] });
  await page.addInitScript(recordBusyButtons, BUSY);
  const pushed = notePushes(page);
  await signIn(page, buyerAccount);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Approve the change' }).dblclick();
  await expect(page.getByRole('button', { name: 'Approve the change' })).toHaveCount(0);
  await expectAllSynced(page, 20_000);
  await expect.poll(() => movesSent(pushed, 'order.approve', order.id), { timeout: 20_000 }).toBe(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const { status, total } = await apiGet<OrderOnServer>(`/api/orders/${order.id}`, seller.session);
        return { status, total };
      },
      { timeout: 20_000 },
    )
    .toEqual({ status: 'submitted', total: '100.00' });
  expect(await busyButtons(page)).toContain('Approving…');
});
