/**
 * A guest on a shared menu who taps Save Menu, Contact Seller or Request More
 * Info stays on the menu: a dialog there offers a free buyer account or
 * sign-in, and what they asked for carries on once they are signed in.
 */
import { randomUUID } from 'node:crypto';
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, test } from './support/fixtures';
import { createMenu, createProduct, sellerWithBusiness, uniqueTag, type InquiryOnServer, type SavedMenuOnServer } from './support/marketplace';
import { openSharedMenu } from './support/shared-menu';
import { expectToastShown, expectToastShownThenClose, noteToasts } from './support/toasts';

/** A seller with a business name and one public menu of one product. */
async function sharedMenu() {
  const tag = uniqueTag();
  const businessName = `Lakeshore Growers ${tag}`;
  const seller = await sellerWithBusiness(businessName);
  const product = await createProduct(seller.session, {
    strainName: `Harbor Haze ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '15.00',
    availableQuantity: '30',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Harbor Menu ${tag}`, isPublic: true, productIds: [product.id] });
  return { businessName, product, menu, menuAddress: new RegExp(`/menu/${menu.publicLinkId}$`) };
}

test.describe('a guest on a shared menu', () => {
  // A toast closes after five seconds and the next replaces it: a busy machine may look only after it has gone.
  test.beforeEach(async ({ page }) => noteToasts(page));

  test('asks to contact the seller, creates a buyer account in a dialog on the menu, and writes to the seller from there', async ({ page }) => {
    const { businessName, menu, menuAddress } = await sharedMenu();
    await openSharedMenu(page, menu.publicLinkId);
    await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();

    await page.getByRole('button', { name: 'Contact Seller' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create a free buyer account' });
    await expect(signUp).toContainText('to contact the seller');
    await expect(page).toHaveURL(menuAddress);
    // On someone's menu the account offered is a buyer's: no seller choice, no business name.
    await expect(signUp.getByRole('radio')).toHaveCount(0);
    await expect(signUp.getByLabel('Business name')).toHaveCount(0);

    const email = `guest-${randomUUID().slice(0, 8)}@e2e.test`;
    await signUp.getByLabel('Email', { exact: true }).fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill('guest-password');
    await signUp.getByLabel('First name').fill('Gina');
    await signUp.getByRole('button', { name: 'Create Account' }).click();

    const contact = page.getByRole('dialog', { name: `Contact ${businessName}` });
    await expect(contact).toBeVisible();
    await expect(signUp).toBeHidden();
    await expect(page).toHaveURL(menuAddress);
    const question = 'Do you deliver to Grand Rapids on Fridays?';
    await contact.getByLabel('Message').fill(question);
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expectToastShown(page, 'Message saved');
    await expect(contact).toBeHidden();
    await expect(page).toHaveURL(menuAddress);

    const buyer = await apiLogin({ email, password: 'guest-password' });
    await expect
      .poll(async () => (await apiGet<InquiryOnServer[]>('/api/inquiries', buyer)).map((inquiry) => [inquiry.menuId, inquiry.messages.map((entry) => entry.body)]), {
        timeout: 15_000,
      })
      .toEqual([[menu.id, [question]]]);
  });

  test('taps Save Menu, signs in with an existing buyer account in the dialog, and the menu is saved', async ({ page }) => {
    const { menu, menuAddress } = await sharedMenu();
    const buyer = await registerAccount('buyer');
    await openSharedMenu(page, menu.publicLinkId);
    await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();

    await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create a free buyer account' }).getByRole('button', { name: 'Sign in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(buyer.email);
    await signIn.getByLabel('Password', { exact: true }).fill(buyer.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();

    await expectToastShown(page, 'Menu saved to your account');
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
    await expect(page).toHaveURL(menuAddress);
    const session = await apiLogin(buyer);
    const savedMenus = () => apiGet<SavedMenuOnServer[]>('/api/saved-menus', session);
    await expect.poll(async () => (await savedMenus()).map((saved) => saved.menuId), { timeout: 15_000 }).toEqual([menu.id]);
    // Saved once: nothing of the request is left to do it again on a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
    expect(await savedMenus()).toHaveLength(1);
  });

  test('who closes the dialog stays on the menu, and the request is dropped; Request More Info then asks about its product after sign-in', async ({ page }) => {
    const { product, menu, menuAddress } = await sharedMenu();
    const buyer = await registerAccount('buyer');
    await openSharedMenu(page, menu.publicLinkId);

    await page.getByRole('button', { name: 'Contact Seller' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create a free buyer account' });
    await expect(signUp).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signUp).toBeHidden();
    await expect(page).toHaveURL(menuAddress);

    await page.getByRole('button', { name: `Request more info about ${product.strainName}` }).click();
    await expect(signUp).toContainText(`to ask about ${product.strainName}`);
    await signUp.getByRole('button', { name: 'Sign in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(buyer.email);
    await signIn.getByLabel('Password', { exact: true }).fill(buyer.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('dialog', { name: `Ask about ${product.strainName}` })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page).toHaveURL(menuAddress);
  });

  test('who signs in with a seller account to order is told ordering is for buyer accounts, and stays on the menu', async ({ page }) => {
    const { product, menu, menuAddress } = await sharedMenu();
    const seller = await registerAccount('seller');
    await openSharedMenu(page, menu.publicLinkId);

    await page.getByRole('button', { name: `Sign in to order ${product.strainName}` }).click();
    await page.getByRole('dialog', { name: 'Create a free buyer account' }).getByRole('button', { name: 'Sign in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(seller.email);
    await signIn.getByLabel('Password', { exact: true }).fill(seller.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();

    await expectToastShownThenClose(page, 'Signed in as a seller', `Only a buyer account can order ${product.strainName}. You're still on this menu.`);
    await expect(signIn).toBeHidden();
    await expect(page).toHaveURL(menuAddress);
    await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
    // Signed in, with nothing of the buyer's offered or started.
    await expect(page.getByRole('button', { name: `Sign in to order ${product.strainName}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
  });
});
