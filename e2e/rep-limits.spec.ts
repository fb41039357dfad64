/**
 * What a rep's screens offer is what the server takes: the product form says why price and stock are locked and
 * offers only the rep's own menus, Delete on another member's product or menu says why when tapped, and another
 * member's menu opens to look at, with the reason instead of Save and Regenerate link.
 */
import { devices, type Page } from '@playwright/test';
import { apiLogin, serverProducts } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { createMenu, createProduct, uniqueTag } from './support/marketplace';
import { expectAllSynced, openMenus, openProducts, waitForServiceWorkerControl } from './support/offline-app';
import { repOf } from './support/team';
import { expectToastShownTimes, noteToasts } from './support/toasts';

const REPS_DELETE_THEIR_OWN = 'Reps can delete only what they made.';

/** The card of a product or menu on its list page, found by its heading. */
const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test("a rep's product form and another member's menu offer only what a rep may do, and say why", async ({ page, browser }) => {
  const owner = await registerAccount('seller');
  const session = await apiLogin(owner);
  const tag = uniqueTag();
  const gelato = await createProduct(session, { strainName: `Gelato ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '42.00', availableQuantity: '12', lotSize: 1 });
  const ownersMenu = `Wholesale ${tag}`;
  await createMenu(session, { name: ownersMenu, isPublic: true, productIds: [gelato.id] });
  const rep = await repOf(owner);

  await noteToasts(page);
  await signIn(page, rep);
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page);
  await openProducts(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await expect(form.getByRole('note')).toHaveText('Reps do not set prices or stock: the new product has neither until an owner or a manager sets them.');
  await expect(form.getByLabel('Price per unit ($)')).toBeDisabled();
  await expect(form.getByLabel('Available quantity')).toBeDisabled();
  // The owner's menu is not one to add the product to.
  await expect(form.getByRole('checkbox', { name: ownersMenu })).toHaveCount(0);
  const strain = `Fresh Kush ${tag}`;
  await form.getByLabel('Strain Name *').fill(strain);
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(cardOf(page, strain)).toContainText('Price on request');
  await expectAllSynced(page);
  // The server took it, as the form sent it: no price, no stock.
  const made = (await serverProducts(session)).find((product) => product.strainName === strain);
  expect([made?.pricePerUnit, made?.availableQuantity]).toEqual([null, '0.000']);

  // Deleting what the owner made is not a rep's to do: the button is off, and says why when tapped (a phone shows no tooltip).
  const deleteOwnersProduct = cardOf(page, gelato.strainName).getByRole('button', { name: `Delete ${gelato.strainName}` });
  await expect(deleteOwnersProduct).toBeDisabled();
  await expect(deleteOwnersProduct).toHaveAccessibleDescription(REPS_DELETE_THEIR_OWN);
  await deleteOwnersProduct.click({ force: true });
  await expectToastShownTimes(page, REPS_DELETE_THEIR_OWN, 1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await openMenus(page);
  const deleteOwnersMenu = cardOf(page, ownersMenu).getByRole('button', { name: 'Delete', exact: true });
  await expect(deleteOwnersMenu).toBeDisabled();
  await expect(deleteOwnersMenu).toHaveAccessibleDescription(REPS_DELETE_THEIR_OWN);
  await deleteOwnersMenu.click({ force: true });
  await expectToastShownTimes(page, REPS_DELETE_THEIR_OWN, 2);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await cardOf(page, ownersMenu).getByRole('link', { name: 'View', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu');
  await expect(page.getByRole('note')).toContainText('Reps change only the menus they made');
  await expect(page.getByRole('button', { name: 'Update Menu' }).first()).toBeDisabled();
  await expect(page.getByLabel('Menu name')).toBeDisabled();
  const regenerate = page.getByRole('button', { name: 'Regenerate link' });
  await expect(regenerate).toBeDisabled();
  await expect(page.getByText("Only the menu's maker, an owner or a manager can give it a new link.")).toBeVisible();
  // Tapped on a phone, it says why rather than doing nothing.
  await regenerate.click({ force: true });
  await expectToastShownTimes(page, "Only the menu's maker, an owner or a manager can give it a new link.", 1);
  await expect(page.getByRole('dialog', { name: 'Regenerate link?' })).toHaveCount(0);

  // On a touch screen the reason is written under the button, without a tap.
  const phone = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const onPhone = await phone.newPage();
    await signIn(onPhone, rep, baseUrl());
    await onPhone.goto(`${baseUrl()}/products`);
    const card = cardOf(onPhone, gelato.strainName);
    await expect(card.getByRole('button', { name: `Delete ${gelato.strainName}` })).toHaveAccessibleDescription(REPS_DELETE_THEIR_OWN);
    const reason = card.getByText(REPS_DELETE_THEIR_OWN);
    await expect(reason).toBeVisible();
    expect((await reason.boundingBox())?.width ?? 0).toBeGreaterThan(50);
  } finally {
    await phone.close();
  }
});
