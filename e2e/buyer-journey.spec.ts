/**
 * The buyer's journey: browse public menus, save two, go offline on the
 * trade-show floor, reload, open both from the device's copy, filter and sort,
 * keep notes, tags and a favourite, write to the seller and fill a cart and
 * submit it; back online everything reaches the server by itself; the buyer
 * finds the order in My orders; the seller replies and accepts the order on
 * its page; the buyer sees it accepted. (A guest's Save Menu is in
 * guest-sign-in.spec.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import { apiGet, apiLogin, type ApiSession } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { createMenu, createProduct, sellerWithBusiness, uniqueTag, type CreatedMenu, type InquiryOnServer, type SavedMenuOnServer } from './support/marketplace';
import { expectAllSynced, syncStatus, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';
import { expectToastShown, noteToasts } from './support/toasts';

/** A card in a list (browse results, saved menus), found by its heading. */
const cardOf = (page: Page, heading: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** The product headings of a menu page (level 2; the tag makes them this test's). */
const productHeadings = (page: Page, tag: string) => page.getByRole('heading', { level: 2, name: new RegExp(`${tag}$`) });

const categoryButton = (page: Page, name: string) => page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name, exact: true });

/** A seller with four products in three categories, two public-listing menus and one private-link menu. */
async function sellerCatalogue(tag: string) {
  const businessName = `Northwind Farms ${tag}`;
  const seller = await sellerWithBusiness(businessName);
  const glacier = await createProduct(seller.session, {
    strainName: `Glacier Kush ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '12.50',
    availableQuantity: '50',
    lotSize: 10,
  });
  const ember = await createProduct(seller.session, {
    strainName: `Ember Haze ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '8.25',
    availableQuantity: '100',
    lotSize: 1,
  });
  const gummies = await createProduct(seller.session, {
    strainName: `Velvet Gummies ${tag}`,
    category: 'edible',
    unitType: 'unit',
    pricePerUnit: '3.40',
    availableQuantity: '500',
    lotSize: 5,
  });
  const wax = await createProduct(seller.session, {
    strainName: `Honey Wax ${tag}`,
    category: 'concentrate',
    unitType: 'g',
    pricePerUnit: '21.00',
    availableQuantity: '40',
    lotSize: 2,
  });
  const flowerMenu = await createMenu(seller.session, {
    name: `Spring Flower List ${tag}`,
    description: 'Fresh harvest for the show',
    isPublic: true,
    productIds: [glacier.id, ember.id, gummies.id],
  });
  const extractsMenu = await createMenu(seller.session, {
    name: `Extracts and Edibles ${tag}`,
    isPublic: true,
    productIds: [wax.id, gummies.id],
  });
  const privateMenu = await createMenu(seller.session, {
    name: `Private Reserve ${tag}`,
    isPublic: false,
    productIds: [glacier.id, gummies.id],
  });
  return { ...seller, businessName, products: { glacier, ember, gummies, wax }, menus: { flowerMenu, extractsMenu, privateMenu } };
}

const savedMenusOf = (session: ApiSession) => apiGet<SavedMenuOnServer[]>('/api/saved-menus', session);
const inquiriesOf = (session: ApiSession) => apiGet<InquiryOnServer[]>('/api/inquiries', session);

type OrderOnServer = {
  number: string;
  menuId: string | null;
  status: string;
  total: string;
  lines: Array<{ productId: string; strainName: string; quantity: string; unitPrice: string; lineTotal: string }>;
};
const ordersOf = (session: ApiSession) => apiGet<{ orders: OrderOnServer[] }>('/api/orders', session);

/** On the public menu reached from Browse: presses Save Menu and waits for the answer. */
async function saveOpenMenu(page: Page, menu: CreatedMenu): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/menu/${menu.publicLinkId}$`));
  await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await expectToastShown(page, 'Menu saved to your account');
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
}

/** Opens a saved menu from /saved-menus (client-side navigation, so it works offline too). */
async function openSavedMenu(page: Page, menuName: string): Promise<void> {
  await cardOf(page, menuName).getByRole('link', { name: 'Open menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: menuName })).toBeVisible();
  await expect(page.getByText('Saved on this device: opens with no network.')).toBeVisible();
}

async function expectHeadings(locator: Locator, names: string[]): Promise<void> {
  await expect(locator).toHaveText(names);
}

test.describe('buyer journey', () => {
  test.beforeEach(({ page }) => noteToasts(page));

  test('browse, save two menus, work offline, sync, and the seller answers', async ({ page, context, browser }) => {
    test.setTimeout(180_000);
    const tag = uniqueTag();
    const seller = await sellerCatalogue(tag);
    const { glacier, ember, gummies, wax } = seller.products;
    const { flowerMenu, extractsMenu, privateMenu } = seller.menus;
    const buyer = await registerAccount('buyer');
    const buyerSession = await apiLogin(buyer);

    // --- Browse: search, filters, never the private-link menu.
    await signIn(page, buyer);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Menus' })).toBeVisible();
    const results = page.getByRole('main').getByRole('listitem');
    await page.getByLabel('Search menus').fill(gummies.strainName);
    await expect(results.getByRole('heading', { level: 2 })).toHaveCount(2);
    await expect(cardOf(page, flowerMenu.name)).toBeVisible();
    await expect(cardOf(page, extractsMenu.name)).toBeVisible();
    await expect(page.getByRole('heading', { name: privateMenu.name })).toHaveCount(0);
    await expect(cardOf(page, flowerMenu.name)).toContainText(seller.businessName);
    await expect(cardOf(page, flowerMenu.name)).toContainText('3 products');

    await page.getByLabel('Category', { exact: true }).selectOption('flower');
    await expect(results.getByRole('heading', { level: 2 })).toHaveText([flowerMenu.name]);
    await page.getByLabel('Category', { exact: true }).selectOption('concentrate');
    await expect(results.getByRole('heading', { level: 2 })).toHaveText([extractsMenu.name]);

    await page.getByLabel('Category', { exact: true }).selectOption('');
    await page.getByLabel('Search menus').fill('');
    await page.getByLabel('Supplier', { exact: true }).selectOption({ label: seller.businessName });
    await expect(results.getByRole('heading', { level: 2 })).toHaveCount(2);
    await expect(cardOf(page, flowerMenu.name)).toBeVisible();
    await expect(cardOf(page, extractsMenu.name)).toBeVisible();
    await expect(page.getByRole('heading', { name: privateMenu.name })).toHaveCount(0);

    // --- Save both public menus.
    await cardOf(page, flowerMenu.name).getByRole('link', { name: 'Open menu' }).click();
    await saveOpenMenu(page, flowerMenu);
    // The menu page has no top bar (nor, installed, a browser back button): it leads back to Browse itself.
    await page.getByRole('navigation', { name: 'Back' }).getByRole('link', { name: '← Back to Browse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Menus' })).toBeVisible();
    await page.getByLabel('Search menus').fill(wax.strainName);
    await expect(results.getByRole('heading', { level: 2 })).toHaveText([extractsMenu.name]);
    await cardOf(page, extractsMenu.name).getByRole('link', { name: 'Open menu' }).click();
    await saveOpenMenu(page, extractsMenu);

    // --- The app is on the device and everything is synced: now off the network.
    await page.goto('/saved-menus');
    await waitForServiceWorkerControl(page);
    await expectAllSynced(page, 15_000);
    expect((await savedMenusOf(buyerSession)).map((saved) => saved.menuId).sort()).toEqual([flowerMenu.id, extractsMenu.id].sort());

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Menus' })).toBeVisible();
    await expect(syncStatus(page)).toHaveAccessibleName(/^Sync status: Offline/);
    await expect(cardOf(page, flowerMenu.name)).toContainText('3 products');
    await expect(cardOf(page, extractsMenu.name)).toContainText('2 products');

    // The second menu, from the device's copy: filter and sort.
    await openSavedMenu(page, extractsMenu.name);
    await expectHeadings(productHeadings(page, tag), [wax.strainName, gummies.strainName]);
    await categoryButton(page, 'Edible').click();
    await expectHeadings(productHeadings(page, tag), [gummies.strainName]);
    await categoryButton(page, 'All').click();
    await page.getByLabel('Sort by').selectOption('price-low');
    await expectHeadings(productHeadings(page, tag), [gummies.strainName, wax.strainName]);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Saved Menus' }).click();

    // The first menu: filter, sort, notes, a tag, the favourite mark.
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Menus' })).toBeVisible();
    await openSavedMenu(page, flowerMenu.name);
    await expectHeadings(productHeadings(page, tag), [glacier.strainName, ember.strainName, gummies.strainName]);
    await categoryButton(page, 'Flower').click();
    await expectHeadings(productHeadings(page, tag), [glacier.strainName, ember.strainName]);
    await page.getByLabel('Sort by').selectOption('price-low');
    await expectHeadings(productHeadings(page, tag), [ember.strainName, glacier.strainName]);
    await categoryButton(page, 'All').click();
    await page.getByLabel('Sort by').selectOption('price-high');
    await expectHeadings(productHeadings(page, tag), [glacier.strainName, ember.strainName, gummies.strainName]);
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: glacier.strainName }) })).toContainText('$12.50');

    const notes = 'Ask about a bulk price on Glacier; booth 14';
    await page.getByLabel('Notes', { exact: true }).fill(notes);
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expectToastShown(page, 'Notes saved');
    await page.getByLabel('New tag').fill('trade-show');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['trade-show×']);
    await page.getByRole('button', { name: '☆ Mark favorite' }).click();
    await expect(page.getByRole('button', { name: '★ Favorite' })).toHaveAttribute('aria-pressed', 'true');

    // A message to the seller.
    const question = 'Is the Glacier Kush available in 1 lb bags?';
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    const contact = page.getByRole('dialog', { name: `Contact ${seller.businessName}` });
    await contact.getByLabel('Message').fill(question);
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expect(contact).toBeHidden();
    await expectToastShown(page, 'Message saved');

    // The cart: below the lot size is refused as typed and the cart will not send (one order reaches the server
    // below); at 20 oz it goes to the outbox.
    await page.getByRole('button', { name: `Add ${glacier.strainName} to cart` }).click();
    await page.getByRole('button', { name: `Add ${ember.strainName} to cart` }).click();
    const glacierQuantity = page.getByLabel(`Quantity of ${glacier.strainName} in cart`);
    await glacierQuantity.fill('5');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `${glacier.strainName}: the minimum order is 10` })
        .first(),
    ).toBeVisible();
    await page.getByLabel(`Quantity of ${ember.strainName} in cart`).fill('4');
    await page.getByRole('button', { name: 'Cart (2)' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: 'Submit order' }).click();
    await expect(cart).toBeVisible();
    await expect(cart.getByRole('alert').filter({ hasText: 'the minimum order is 10' })).toBeVisible();
    await cart.getByLabel(`Quantity of ${glacier.strainName} in cart`).fill('20');
    await expect(cart.getByRole('alert')).toHaveCount(0);
    await expect(cart.getByText('Total: $283.00')).toBeVisible();
    await cart.getByRole('button', { name: 'Submit order' }).click();
    await expect(cart).toBeHidden();
    await expectToastShown(page, 'Order saved');
    await expect(page.getByText('Waiting to send').first()).toBeVisible();

    // --- Back online, and nothing else: it all reaches the server.
    await goOnline(context);
    await expectAllSynced(page, 20_000);

    const saved = await savedMenusOf(buyerSession);
    expect(saved.find((entry) => entry.menuId === flowerMenu.id)).toMatchObject({ notes, tags: ['trade-show'], isFavorite: true });
    expect(saved.find((entry) => entry.menuId === extractsMenu.id)).toMatchObject({ notes: null, tags: [], isFavorite: false });

    const sent = await inquiriesOf(buyerSession);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'message', menuId: flowerMenu.id, sellerId: seller.session.userId, status: 'open' });
    expect(sent[0]?.messages.map((entry) => entry.body)).toEqual([question]);
    const { orders } = await ordersOf(buyerSession);
    expect(orders).toHaveLength(1);
    const placed = orders[0]!;
    expect(placed).toMatchObject({ menuId: flowerMenu.id, status: 'submitted', total: '283.00' });
    expect(placed.lines).toEqual([
      expect.objectContaining({ productId: glacier.id, strainName: glacier.strainName, quantity: '20.000', unitPrice: '12.50', lineTotal: '250.00' }),
      expect.objectContaining({ productId: ember.id, strainName: ember.strainName, quantity: '4.000', unitPrice: '8.25', lineTotal: '33.00' }),
    ]);

    // The buyer finds it in My orders.
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const myOrder = page.getByRole('list', { name: 'Orders' }).getByRole('link', { name: new RegExp(placed.number) });
    await expect(myOrder).toContainText('Submitted');
    await expect(myOrder).toContainText('$283.00');

    // --- The seller, on a device of their own: the message arrives with an unread count, and they reply; the order waits on the Orders board.
    const reply = 'Yes: 20 oz of Glacier and 4 of Ember are set aside for you.';
    const sellerContext = await browser.newContext({ baseURL: baseUrl() });
    try {
      const sellerPage = await sellerContext.newPage();
      await signIn(sellerPage, seller.account);
      await expectAllSynced(sellerPage, 15_000);
      await expect(sellerPage.getByTestId('unread-count')).toHaveText('1');
      await sellerPage.getByRole('button', { name: 'Notifications: 1 unread' }).click();
      await sellerPage.getByRole('link', { name: 'Open inbox' }).click();
      await expect(sellerPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      const conversations = sellerPage.getByRole('list', { name: 'Conversations' }).getByRole('button');
      await expect(conversations).toHaveCount(1);
      await expect(conversations).toContainText(flowerMenu.name);

      await conversations.click();
      const timeline = sellerPage.getByRole('list', { name: 'Messages' });
      await expect(timeline).toContainText(question);
      // Opening the conversation read all of it.
      await expect(sellerPage.getByTestId('unread-count')).toHaveCount(0);
      await sellerPage.getByLabel('Reply').fill(reply);
      await sellerPage.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(timeline).toContainText(reply);

      await sellerPage.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
      await expect(sellerPage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      await sellerPage
        .getByRole('region', { name: 'New' })
        .getByRole('link', { name: new RegExp(placed.number) })
        .click();
      await expect(sellerPage.getByRole('heading', { level: 1, name: `Order ${placed.number}` })).toBeVisible();
      await expect(sellerPage.getByRole('table')).toContainText(glacier.strainName);
      await sellerPage.getByRole('button', { name: 'Accept', exact: true }).click();
      await expect(sellerPage.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
      await expect(sellerPage.getByText('Accepted', { exact: true }).first()).toBeVisible();
      await expectAllSynced(sellerPage, 15_000);
    } finally {
      await sellerContext.close();
    }

    // --- The buyer, online: a sync (here, the one on start) brings the reply and the acceptance.
    await expect.poll(async () => (await ordersOf(buyerSession)).orders[0]?.status).toBe('accepted');
    await page.goto('/orders');
    await expectAllSynced(page, 15_000);
    await expect(page.getByRole('list', { name: 'Orders' }).getByRole('link', { name: new RegExp(placed.number) })).toContainText('Accepted');
    await page.goto('/inbox');
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    const buyerConversations = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
    await expect(buyerConversations).toHaveCount(1);
    await expect(buyerConversations).toContainText(seller.businessName);
    await buyerConversations.click();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(reply);
    await expect(page.getByTestId('unread-count')).toHaveCount(0);
  });
});
