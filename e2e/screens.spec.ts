/**
 * Every screen of every role (a record's screens on the demo data's first; the deal's screens, orders, customers and
 * price lists, on a seller and a buyer who trade), on a desktop and on a 390 px phone: nothing is wider than the
 * screen, no id is used twice, the signed-in top bar's menu row does not scroll sideways nor its product name shrink,
 * and axe finds no serious or critical accessibility violation.
 */
import { randomUUID } from 'node:crypto';
import { apiGet, apiLogin, serverMenus, type ApiSession } from './support/api';
import { idsUsedTwice, seriousViolations } from './support/axe';
import { ADMIN, baseUrl, DEMO_BUYER, DEMO_SELLER, expect, registerAccount, signIn, test, type Account } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';

/** A screen: its path, or, for a screen of one record, how to find its path. */
type Screen = string | ((session: ApiSession) => Promise<string>);

const firstMenu = async (session: ApiSession) => (await serverMenus(session))[0]!.id;
/** The demo buyer's first saved menu; the sample menu is saved first if the buyer has none yet. */
async function firstSavedMenu(session: ApiSession): Promise<string> {
  const saved = await apiGet<Array<{ id: string }>>('/api/saved-menus', session);
  if (saved[0]) return saved[0].id;
  const sample = (await (await fetch(`${baseUrl()}/api/public/menu/sample`)).json()) as { menu: { id: string } };
  return (await apiPost<{ id: string }>('/api/saved-menus', session, { menuId: sample.menu.id })).id;
}

/** A seller and a buyer who trade: a customer on a price list, and an order the buyer placed from the seller's menu. */
type Trade = { seller: Account; buyer: Account };

async function startTrade(): Promise<Trade> {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id] });
  const priceList = await apiPost<{ id: string }>('/api/price-lists', seller.session, { id: randomUUID(), name: `Gold ${tag}`, entries: [{ productId: haze.id, price: '11.00' }] });
  await apiPost('/api/customers', seller.session, { id: randomUUID(), name: `Green Leaf ${tag}`, licenseNumber: 'C10-0000123-LIC', priceListId: priceList.id });
  const buyer = await registerAccount('buyer');
  await apiPost('/api/orders', await apiLogin(buyer), { id: randomUUID(), menuId: menu.id, lines: [{ productId: haze.id, quantity: '4' }] });
  return { seller: seller.account, buyer };
}

let trade: Trade | null = null;
test.beforeAll(async () => {
  trade = await startTrade();
});
const trading = (party: keyof Trade) => () => trade![party];

const firstOrder = async (session: ApiSession) => `/orders/${(await apiGet<{ orders: Array<{ id: string }> }>('/api/orders', session)).orders[0]!.id}`;
const firstCustomer = async (session: ApiSession) => `/customers/${(await apiGet<Array<{ id: string }>>('/api/customers', session))[0]!.id}`;
const firstPriceList = async (session: ApiSession) => `/price-lists/${(await apiGet<Array<{ id: string }>>('/api/price-lists', session))[0]!.id}`;

const SCREENS: Array<{ role: string; account: () => Account | null; paths: Screen[] }> = [
  {
    role: 'guest',
    account: () => null,
    paths: [
      '/',
      '/our-story',
      '/privacy-policy',
      '/terms-conditions',
      '/reset-password?token=expired',
      '/confirm-email?token=expired',
      '/join?token=expired',
      '/menu/sample',
      '/menu/sample/print',
      '/no-such-page',
    ],
  },
  {
    role: 'seller',
    account: () => DEMO_SELLER,
    paths: [
      '/seller/dashboard',
      '/products',
      '/menus',
      '/menu-builder',
      '/customers',
      '/price-lists',
      '/price-lists/new',
      async (session) => `/menu-builder/${await firstMenu(session)}`,
      async (session) => `/menus/${await firstMenu(session)}/insights`,
      '/inbox',
      '/profile',
      '/profile/account',
      '/team',
      '/subscribe',
      '/billing',
    ],
  },
  {
    role: 'trading seller',
    account: trading('seller'),
    paths: ['/seller/dashboard', '/orders', firstOrder, '/orders/new', '/customers', firstCustomer, '/price-lists', firstPriceList],
  },
  {
    role: 'buyer',
    account: () => DEMO_BUYER,
    paths: [
      '/buyer/dashboard',
      '/browse',
      '/saved-menus',
      async (session) => `/saved-menus/${await firstSavedMenu(session)}`,
      '/inbox',
      '/profile',
      '/profile/account',
      '/team',
      '/menu/sample',
    ],
  },
  { role: 'trading buyer', account: trading('buyer'), paths: ['/buyer/dashboard', '/orders', firstOrder, '/saved-menus'] },
  { role: 'admin', account: () => ADMIN, paths: ['/admin/dashboard', '/profile', '/profile/account'] },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  for (const { role, account: accountOf, paths } of SCREENS) {
    test(`every ${role} screen on a ${viewport.name} fits the screen, uses each id once and passes axe`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const account = accountOf();
      if (account) await signIn(page, account);
      const session = account && (await apiLogin(account));
      for (const screen of paths) {
        const path = typeof screen === 'string' ? screen : await screen(session!);
        await page.goto(path);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        // A hover left from signing in would be measured mid-transition.
        await page.mouse.move(0, 0);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(viewport.width);
        expect.soft(await idsUsedTwice(page), `ids used twice on ${path}`).toEqual([]);
        expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
        if (account && !path.startsWith('/menu/')) {
          // The top bar: its menu row never scrolls sideways, and the product name shows whole, whatever the status says.
          const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main', exact: true });
          expect.soft(await nav.evaluate((node) => node.scrollWidth - node.clientWidth), `the menu row on ${path} scrolls sideways`).toBeLessThanOrEqual(0);
          const brand = page.getByRole('banner').getByRole('link', { name: 'Wholesale Menus', exact: true });
          expect.soft(await brand.evaluate((node) => node.scrollWidth - node.clientWidth), `the product name on ${path} is cut`).toBeLessThanOrEqual(0);
        }
      }
    });
  }
}
