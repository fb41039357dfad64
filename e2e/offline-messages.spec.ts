/**
 * Messages show when they were written (docs/product-rules.md's Buyers): a
 * buyer writes to the seller from a saved menu with no network, and the
 * message goes an hour later when the device is back online. Both the buyer
 * and the seller see the time it was written, not the time it reached the
 * server, marked 'sent when back online'. The buyer's device clock is
 * Playwright's, set an hour back while they write and moved on an hour before
 * the network returns, so the two times are an hour apart.
 */
import type { Locator, Page } from '@playwright/test';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, syncStatus, waitForServiceWorkerControl } from './support/offline-app';
import { openSharedMenu } from './support/shared-menu';

const HOUR_MS = 60 * 60 * 1000;
const SENT_LATER = 'sent when back online';

/** Opens the inbox from the notifications in the top bar (no page load, so it works offline). */
async function openInbox(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: 'Open inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
}

/** The message in the open conversation's timeline. */
function messageIn(page: Page, body: string): Locator {
  return page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: body });
}

async function writtenAtOf(message: Locator): Promise<number> {
  return Date.parse((await message.locator('time').getAttribute('datetime')) ?? '');
}

test('a message written offline shows, to both sides, when it was written and that it was sent when back online', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const businessName = `Lakeside Gardens ${tag}`;
  const seller = await sellerWithBusiness(businessName);
  const product = await createProduct(seller.session, {
    strainName: `Lake Mist ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '14.00',
    availableQuantity: '40',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Lakeside List ${tag}`, isPublic: true, productIds: [product.id] });
  const buyer = await registerAccount('buyer');

  // The buyer's device clock runs an hour behind the server's from the start: the hour they will spend offline.
  await context.clock.install({ time: Date.now() - HOUR_MS });
  await signIn(page, buyer);
  await openSharedMenu(page, menu.publicLinkId);
  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await page.goto('/saved-menus');
  // The inbox's screen is fetched when first opened; offline it comes only from the service worker's copy.
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page, 15_000);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: menu.name }) })
    .getByRole('link', { name: 'Open menu' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();

  // Offline, the buyer writes to the seller.
  await goOffline(context);
  await expect(syncStatus(page)).toHaveAccessibleName(/^Sync status: Offline/);
  const question = `Can you hold 10 oz of Lake Mist for Friday? ${tag}`;
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  const contact = page.getByRole('dialog', { name: `Contact ${businessName}` });
  await contact.getByLabel('Message').fill(question);
  const writingFrom = await page.evaluate(() => Date.now());
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact).toBeHidden();
  const writingUntil = await page.evaluate(() => Date.now());

  // Waiting on the device, it shows when it was written.
  await openInbox(page);
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: businessName }).click();
  const waiting = messageIn(page, question);
  await expect(waiting).toBeVisible();
  const written = await writtenAtOf(waiting);
  expect(written).toBeGreaterThanOrEqual(writingFrom);
  expect(written).toBeLessThanOrEqual(writingUntil);
  await expect(waiting).not.toContainText(SENT_LATER);

  // An hour later on the buyer's clock, which is the server's time again, the network is back and the message goes.
  const behind = Date.now() - (await page.evaluate(() => Date.now()));
  expect(behind).toBeGreaterThan(HOUR_MS - 10 * 60 * 1000);
  await page.clock.fastForward(behind);
  await goOnline(context);
  await expectAllSynced(page, 20_000);
  const sent = messageIn(page, question);
  await expect(sent).toContainText(SENT_LATER);
  expect(await writtenAtOf(sent)).toBe(written);

  // The seller sees it with the time it was written, an hour before it arrived.
  const sellerDevice = await browser.newContext({ baseURL: baseUrl() });
  try {
    const sellerPage = await sellerDevice.newPage();
    await signIn(sellerPage, seller.account);
    await expectAllSynced(sellerPage, 15_000);
    await openInbox(sellerPage);
    await sellerPage.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: menu.name }).click();
    const received = messageIn(sellerPage, question);
    await expect(received).toContainText(SENT_LATER);
    expect(await writtenAtOf(received)).toBe(written);
    expect(Date.now() - written).toBeGreaterThan(HOUR_MS - 10 * 60 * 1000);
  } finally {
    await sellerDevice.close();
  }
});
