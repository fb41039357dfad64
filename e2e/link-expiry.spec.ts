import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, apiPut, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';
import { takeOverDrawnPage } from './support/shared-menu';

const NOT_FOUND_TEXT = "The menu you're looking for doesn't exist or may have been removed.";
const cardOf = (page: Page, heading: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/**
 * A visitor's first look at a menu link (or its printed `sheet`), in a browser
 * of its own (no service worker answering for the server); with JavaScript,
 * until the app has taken the drawn page over (started by a key press).
 */
async function firstVisit(browser: Browser, baseURL: string | undefined, linkId: string, javaScriptEnabled = true, sheet: '' | '/print' = '') {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(`/menu/${linkId}${sheet}`);
  if (javaScriptEnabled) await takeOverDrawnPage(page);
  return { context, page, status: response?.status(), errors };
}

test("a menu's link given a past expiry answers Menu Not Found, and comes back when the expiry is cleared", async ({ page, browser, baseURL }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Expiry Farms ${tag}`);
  const menu = await createMenu(seller.session, { name: `Show Week ${tag}`, isPublic: true, productIds: [] });
  const apiStatus = async () => (await page.request.get(`/api/public/menu/${menu.publicLinkId}`)).status();

  await signIn(page, seller.account);
  await page.goto(`/menu-builder/${menu.id}`);
  const expires = page.getByLabel('Link expires', { exact: true });
  await expect(expires).toHaveValue('');
  await expires.fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Update Menu' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'This link expired on' })).toContainText('it answers Menu Not Found');
  await expectAllSynced(page);
  expect(await apiStatus()).toBe(404);

  // The page itself answers 404 with the card drawn in it: read whole with JavaScript off, and taken over by the app with it on.
  const withoutScript = await firstVisit(browser, baseURL, menu.publicLinkId, false);
  expect(withoutScript.status).toBe(404);
  await expect(withoutScript.page.getByRole('heading', { level: 1, name: 'Menu Not Found' })).toBeVisible();
  await expect(withoutScript.page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(withoutScript.page).toHaveTitle('Menu Not Found · Wholesale Menus');
  await expect(withoutScript.page.getByText(`Show Week ${tag}`)).toHaveCount(0);
  await withoutScript.context.close();

  const visit = await firstVisit(browser, baseURL, menu.publicLinkId);
  expect(visit.status).toBe(404);
  await expect(visit.page.getByRole('heading', { level: 1, name: 'Menu Not Found' })).toBeVisible();
  await expect(visit.page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  // Taken over as drawn: React says so out loud when it has to draw the page again.
  expect(visit.errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  await visit.page.getByRole('link', { name: 'Go Home' }).click();
  await expect(visit.page).toHaveURL(`${baseURL}/`);
  await visit.context.close();

  // Its printed sheet is as dead: the same status and card, taken over as drawn.
  const sheet = await firstVisit(browser, baseURL, menu.publicLinkId, true, '/print');
  expect(sheet.status).toBe(404);
  await expect(sheet.page.getByRole('heading', { level: 1, name: 'Menu Not Found' })).toBeVisible();
  await expect(sheet.page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(sheet.page).toHaveTitle('Menu Not Found · Wholesale Menus');
  expect(sheet.errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  await sheet.context.close();

  await page.getByRole('button', { name: 'Never expire' }).click();
  await expect(expires).toHaveValue('');
  await page.getByRole('button', { name: 'Update Menu' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'This link expired on' })).toHaveCount(0);
  await expectAllSynced(page);
  expect(await apiStatus()).toBe(200);
  const alive = await firstVisit(browser, baseURL, menu.publicLinkId);
  expect(alive.status).toBe(200);
  await expect(alive.page.getByRole('heading', { level: 1, name: `Show Week ${tag}` })).toBeVisible();
  await alive.context.close();
  const aliveSheet = await firstVisit(browser, baseURL, menu.publicLinkId, true, '/print');
  expect(aliveSheet.status).toBe(200);
  await expect(aliveSheet.page.getByRole('heading', { level: 1, name: `Show Week ${tag}` })).toBeVisible();
  await aliveSheet.context.close();
});

test("a buyer's saved copy of a menu whose link expired shows as no longer available, its name gone and the buyer's notes kept; their conversation about it takes no more replies", async ({
  page,
}) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Show Floor Farms ${tag}`);
  const product = await createProduct(seller.session, {
    strainName: `Show Kush ${tag}`,
    category: 'flower',
    unitType: 'lb',
    pricePerUnit: '1200.00',
    availableQuantity: '10',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Trade Show ${tag}`, description: 'Show prices only', isPublic: false, productIds: [product.id] });
  const buyer = await registerAccount('buyer');
  const buyerSession = await apiLogin(buyer);
  const link = { menuId: menu.id, publicLinkId: menu.publicLinkId };
  await apiPost('/api/saved-menus', buyerSession, link);
  await apiPost('/api/inquiries', buyerSession, { id: randomUUID(), ...link, kind: 'message', message: 'Is the Show Kush still on for Friday?' });

  await signIn(page, buyer);
  await page.goto('/saved-menus');
  await cardOf(page, menu.name).getByRole('link', { name: 'Open menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
  await page.getByLabel('Notes').fill('Ask Dana about the fall lots');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expectAllSynced(page);

  await apiPut(`/api/menus/${menu.id}`, seller.session, { linkExpiresAt: '2020-01-01T09:00:00.000Z' });
  await page.goto('/saved-menus');
  const gone = cardOf(page, 'Menu no longer available');
  await expect(gone).toContainText(`Show Floor Farms ${tag}`);
  await expect(page.getByText(menu.name)).toHaveCount(0);
  await gone.getByRole('link', { name: 'Open notes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menu no longer available' })).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveValue('Ask Dana about the fall lots');
  await expect(page.getByText('Show prices only')).toHaveCount(0);
  await expect(page.getByText(product.strainName)).toHaveCount(0);

  // The server would refuse a reply through the dead link, so the conversation says why instead of offering one.
  await page.goto('/inbox');
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: `Show Floor Farms ${tag}` })
    .click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Is the Show Kush still on for Friday?');
  await expect(page.getByText('This menu is no longer available, so replies here are closed.')).toBeVisible();
  await expect(page.getByLabel('Reply')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
});

test('a saved copy whose link expires while nothing changes on the server shows as no longer available once that moment has passed on the device', async ({ page }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Pop-up Farms ${tag}`);
  const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  const menu = await createMenu(seller.session, { name: `Pop-up ${tag}`, isPublic: true, productIds: [] });
  await apiPut(`/api/menus/${menu.id}`, seller.session, { linkExpiresAt: inAnHour });
  const buyer = await registerAccount('buyer');
  await apiPost('/api/saved-menus', await apiLogin(buyer), { menuId: menu.id });

  await signIn(page, buyer);
  await page.goto('/saved-menus');
  await expect(cardOf(page, menu.name)).toBeVisible();

  await page.clock.setFixedTime(Date.parse(inAnHour) + 60_000);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(cardOf(page, 'Menu no longer available')).toContainText(`Pop-up Farms ${tag}`);
  await expect(page.getByText(menu.name)).toHaveCount(0);
});
