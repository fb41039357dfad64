/**
 * Reorder: tapping Reorder on an old order places nothing. The old lines go into the menu's cart at today's prices,
 * from the menu as the device keeps it (offline too), quantities brought to what is available now; the cart names what
 * is gone and what is short, and its note is empty. The order is placed only when the buyer submits it.
 */
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, apiPut, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { seriousViolations } from './support/axe';
import { expectAllSynced, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';

type ServerOrder = { id: string; number: string; total: string; note: string; status: string };

test('a buyer reorders into the cart: today’s prices, what is gone and short named, no note, nothing placed until submitted', async ({ page, context }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const gummies = await createProduct(seller.session, {
    strainName: `Gummies ${tag}`,
    category: 'edible',
    unitType: 'unit',
    pricePerUnit: '2.00',
    availableQuantity: '100',
    lotSize: 1,
  });
  const runtz = await createProduct(seller.session, {
    strainName: `Runtz ${tag}`,
    category: 'flower',
    unitType: 'lb',
    pricePerUnit: '900.00',
    availableQuantity: '10',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id, gummies.id, runtz.id] });

  // Last month's order, with a delivery note.
  const buyer = await registerAccount('buyer');
  const lines = [
    { productId: haze.id, quantity: '10' },
    { productId: gummies.id, quantity: '40' },
    { productId: runtz.id, quantity: '2' },
  ];
  const old = await apiPost<ServerOrder>('/api/orders', await apiLogin(buyer), { id: crypto.randomUUID(), menuId: menu.id, lines, note: 'Back door, before noon' });
  expect(old.total).toBe('2005.00');

  // Since then Haze is cheaper, Gummies are short, and Runtz left the menu.
  await apiPut(`/api/products/${haze.id}`, seller.session, { pricePerUnit: '11.00' });
  await apiPut(`/api/products/${gummies.id}`, seller.session, { availableQuantity: '25' });
  await apiPut(`/api/menus/${menu.id}`, seller.session, { productIds: [haze.id, gummies.id] });

  // The buyer keeps the menu on the device, and opens the old order with no network.
  await signIn(page, buyer);
  await page.goto(`/menu/${menu.publicLinkId}`);
  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  // One of the order's products is in the cart already.
  await page.getByRole('button', { name: `Add Haze ${tag} to cart` }).click();
  await expect(page.getByLabel(`Quantity of Haze ${tag} in cart`)).toHaveValue('1');
  await page.goto('/orders');
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page, 15_000);
  await page.getByRole('link', { name: old.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${old.number}` })).toBeVisible();
  await goOffline(context);

  await page.getByRole('button', { name: 'Reorder' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  const notice = cart.getByRole('status', { name: 'Reorder' });
  await expect(notice).toContainText(
    `The lines of order ${old.number} are in your cart at today's prices, added to the product already in your cart (where both had a product, the order's quantity replaced the cart's). Nothing is ordered until you submit the cart.`,
  );
  await expect(notice.getByRole('listitem')).toHaveText([
    `Runtz ${tag} is no longer on this menu`,
    `Gummies ${tag}: only 25 units available, 25 units in your cart (40 units ordered before)`,
  ]);
  await expect(
    cart
      .getByRole('list', { name: 'Cart lines' })
      .getByRole('listitem')
      .filter({ hasText: `Haze ${tag}` }),
  ).toContainText('$11.00 / oz · $110.00');
  await expect(cart.getByLabel(`Quantity of Gummies ${tag} in cart`)).toHaveValue('25');
  await expect(cart.getByText('Total: $160.00')).toBeVisible();
  await expect(cart.getByLabel('Note to the seller (optional)')).toHaveValue('');
  const placed = async () => (await apiGet<{ orders: ServerOrder[] }>('/api/orders', seller.session)).orders.length;
  expect(await placed()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Sent once the buyer submits: at the cart's money, with no note.
  await goOnline(context);
  await cart.getByRole('button', { name: 'Submit order' }).click();
  await expectAllSynced(page, 20_000);
  const { orders } = await apiGet<{ orders: ServerOrder[] }>('/api/orders', seller.session);
  expect(orders).toHaveLength(2);
  expect(orders.find((order) => order.id !== old.id)).toMatchObject({ total: '160.00', note: '', status: 'submitted' });
});

test('a buyer who never saved the menu reorders through the link they ordered by, into the cart on that menu', async ({ page }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Cedar Ridge ${tag}`);
  const glacier = await createProduct(seller.session, {
    strainName: `Glacier ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '20.00',
    availableQuantity: '30',
    lotSize: 5,
  });
  const menu = await createMenu(seller.session, { name: `Ridge Weekly ${tag}`, isPublic: false, productIds: [glacier.id] });
  const buyer = await registerAccount('buyer');
  const old = await apiPost<ServerOrder>('/api/orders', await apiLogin(buyer), {
    id: crypto.randomUUID(),
    menuId: menu.id,
    publicLinkId: menu.publicLinkId,
    lines: [{ productId: glacier.id, quantity: '15' }],
    note: 'Ring twice',
  });
  await apiPut(`/api/products/${glacier.id}`, seller.session, { pricePerUnit: '18.00', availableQuantity: '12' });

  await signIn(page, buyer);
  await page.goto(`/orders/${old.id}`);
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${menu.publicLinkId}$`));
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  // All 12 available go in the cart: above the lot size of 5, the least the seller sells.
  await expect(cart.getByRole('status', { name: 'Reorder' }).getByRole('listitem')).toHaveText([`Glacier ${tag}: only 12 oz available, 12 oz in your cart (15 oz ordered before)`]);
  await expect(cart.getByText('Total: $216.00')).toBeVisible();
  await expect(cart.getByLabel('Note to the seller (optional)')).toHaveValue('');
  expect((await apiGet<{ orders: ServerOrder[] }>('/api/orders', seller.session)).orders).toHaveLength(1);
});
