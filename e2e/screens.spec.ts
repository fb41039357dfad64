/**
 * Every screen of every role (a record's screens on the demo data's first), on a desktop and on a 390 px phone: nothing is
 * wider than the screen, the signed-in top bar's menu row does not scroll sideways nor its product name shrink, and axe
 * finds no serious or critical accessibility violation.
 */
import { apiGet, apiLogin, serverMenus, type ApiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { ADMIN, baseUrl, DEMO_BUYER, DEMO_SELLER, expect, signIn, test, type Account } from './support/fixtures';
import { apiPost } from './support/marketplace';

/** A screen: its path, or, for a screen of one record, how to find the path of the demo data's first. */
type Screen = string | ((session: ApiSession) => Promise<string>);

const firstMenu = async (session: ApiSession) => (await serverMenus(session))[0]!.id;
/** The demo buyer's first saved menu; the sample menu is saved first if the buyer has none yet. */
async function firstSavedMenu(session: ApiSession): Promise<string> {
  const saved = await apiGet<Array<{ id: string }>>('/api/saved-menus', session);
  if (saved[0]) return saved[0].id;
  const sample = (await (await fetch(`${baseUrl()}/api/public/menu/sample`)).json()) as { menu: { id: string } };
  return (await apiPost<{ id: string }>('/api/saved-menus', session, { menuId: sample.menu.id })).id;
}

const SCREENS: Array<{ role: string; account: Account | null; paths: Screen[] }> = [
  {
    role: 'guest',
    account: null,
    paths: [
      '/',
      '/our-story',
      '/privacy-policy',
      '/terms-conditions',
      '/reset-password?token=expired',
      '/confirm-email?token=expired',
      '/menu/sample',
      '/menu/sample/print',
      '/no-such-page',
    ],
  },
  {
    role: 'seller',
    account: DEMO_SELLER,
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
      '/subscribe',
      '/billing',
    ],
  },
  {
    role: 'buyer',
    account: DEMO_BUYER,
    paths: [
      '/buyer/dashboard',
      '/browse',
      '/saved-menus',
      async (session) => `/saved-menus/${await firstSavedMenu(session)}`,
      '/inbox',
      '/profile',
      '/profile/account',
      '/menu/sample',
    ],
  },
  { role: 'admin', account: ADMIN, paths: ['/admin/dashboard', '/profile', '/profile/account'] },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  for (const { role, account, paths } of SCREENS) {
    test(`every ${role} screen on a ${viewport.name} fits the screen and passes axe`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
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
