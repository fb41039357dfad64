/**
 * The signed-in top bar on a phone. At 360 px in the states that make it longest (offline with changes waiting, the
 * server out of reach, a refused change, the trial countdown): nothing scrolls sideways, the account menu's avatar
 * shows whole, and the sync state reads in words, not as a dot alone. And for every role (a seller, a rep, a
 * buyer, an admin) at 360 px and 320 px, online and offline: every control in the bar lies whole on the screen, the
 * role's menu never scrolls sideways (what does not fit is under 'More'), and Profile and Logout are one tap away.
 */
import type { Page } from '@playwright/test';
import { apiDelete, apiLogin, serverProducts } from './support/api';
import { ADMIN, expect, logOut, registerAccount, signIn, test, type Account } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { addProduct, editProductPrice, expectAllSynced, syncStatus } from './support/offline-app';

const PHONE_WIDTH = 360;

// No isMobile: a mobile viewport would zoom out to fit wide content and hide the very overflow this looks for.
test.use({ viewport: { width: PHONE_WIDTH, height: 740 }, hasTouch: true });

/** What the sync status shows in words (its accessible name is the whole sentence). */
const stateWords = (page: Page) => syncStatus(page).getByTestId('sync-state-words');

/** Whether the element lies inside the screen and shows all of its content (nothing cut by its own box). */
async function shownWhole(page: Page) {
  const element = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  const clipped = await element.evaluate((node) => node.scrollWidth > node.clientWidth);
  return { inside: box.x >= 0 && box.x + box.width <= PHONE_WIDTH, clipped };
}

async function expectTopBarFits(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE_WIDTH);
  const bar = await page.locator('header').evaluate((header) => header.scrollWidth - header.clientWidth);
  expect(bar, 'the top bar is wider than the screen').toBeLessThanOrEqual(0);
  expect(await shownWhole(page)).toEqual({ inside: true, clipped: false });
}

test.describe('the top bar on a 360 px phone', () => {
  test('offline with changes waiting, then with a refused change and the trial countdown: it fits and says the state in words', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await addProduct(page, { name: 'Doomed Diesel', price: '12' });
    await expectAllSynced(page);
    await expect(stateWords(page)).toHaveText('Online');
    // A new seller's trial counts down in the bar on a phone too.
    await expect(page.getByTestId('trial-badge')).toHaveText('Free trial: 14 days left');
    await expect(page.getByTestId('trial-badge')).toBeInViewport({ ratio: 1 });
    await expectTopBarFits(page);

    await goOffline(context);
    await editProductPrice(page, 'Doomed Diesel', '99');
    await addProduct(page, { name: 'Queued Kush', price: '8' });
    await addProduct(page, { name: 'Queued Haze', price: '9' });
    await expect(stateWords(page)).toHaveText('Offline · 3 waiting');
    await expect(syncStatus(page)).toBeInViewport({ ratio: 1 });
    await expectTopBarFits(page);

    // Deleted elsewhere meanwhile, so the server refuses the edit; the two new products go through.
    const session = await apiLogin(seller);
    const [doomed] = await serverProducts(session);
    await apiDelete(`/api/products/${doomed!.id}`, session);
    await goOnline(context);
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: 1 change was refused', { timeout: 15_000 });
    await expect(stateWords(page)).toHaveText('Online · 1 refused');
    await expectTopBarFits(page);

    await goOffline(context);
    await addProduct(page, { name: 'Offline Again', price: '7' });
    await expect(stateWords(page)).toHaveText('Offline · 1 waiting · 1 refused');
    await expect(page.getByTestId('trial-badge')).toBeInViewport({ ratio: 1 });
    await expectTopBarFits(page);
  });

  test('the server out of reach while the browser says online: it fits and says Offline with what waits', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await page.goto('/products');
    await expectAllSynced(page);

    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await addProduct(page, { name: 'Dead Wifi Haze', price: '14' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: the server cannot be reached; 1 change will sync when it answers');
    await expect(stateWords(page)).toHaveText('Offline · 1 waiting');
    await expectTopBarFits(page);
    await context.unrouteAll();
  });
});

/** The role menus as the app draws them, in their order. */
const ROLE_MENUS = {
  seller: ['Dashboard', 'Products', 'Menus', 'Orders', 'Customers', 'Price lists'],
  buyer: ['Dashboard', 'Browse Menus', 'Saved Menus', 'My Orders'],
  admin: ['Dashboard', 'Profile'],
};

/** Every link and button of the bar lies whole inside the screen, none cut by its own box, and the page does not scroll sideways. */
async function expectEveryControlWhole(page: Page, width: number) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The whole bar read at once, again until it holds: it may still change as the person's team and plan arrive.
  await expect
    .poll(() =>
      page.evaluate((screenWidth) => {
        const problems: string[] = [];
        if (document.documentElement.scrollWidth > screenWidth) problems.push('the page scrolls sideways');
        const controls = [...document.querySelectorAll('header a, header button')].filter((control) => {
          const box = control.getBoundingClientRect();
          return control.checkVisibility() && box.width > 0 && box.height > 0;
        });
        if (controls.length === 0) problems.push('the bar has no controls');
        for (const control of controls) {
          const label = control.getAttribute('aria-label') ?? control.textContent?.trim();
          const box = control.getBoundingClientRect();
          if (box.left < 0 || box.right > screenWidth) problems.push(`'${label}' lies outside the ${screenWidth} px screen`);
          if (control.scrollWidth > control.clientWidth) problems.push(`'${label}' is cut`);
        }
        return problems;
      }, width),
    )
    .toEqual([]);
}

/** The role's menu: the items shown, then those under 'More', are the whole menu in order; the row itself never scrolls. */
async function expectWholeMenu(page: Page, items: string[]) {
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main', exact: true });
  expect(await nav.evaluate((node) => node.scrollWidth <= node.clientWidth), 'the menu scrolls sideways').toBe(true);
  const shown = await nav.getByRole('link').allInnerTexts();
  const more = nav.getByRole('button', { name: 'More' });
  let folded: string[] = [];
  if (await more.isVisible()) {
    await more.click();
    folded = await page.getByRole('menu').getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  expect([...shown, ...folded]).toEqual(items);
}

/** Profile and Logout are in the account menu, named as such and inside the screen, with the person's other account pages. */
async function expectProfileAndLogoutOneTapAway(page: Page, accountItems: string[]) {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(accountItems);
  await expect(menu.getByRole('menuitem', { name: 'Profile', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(menu.getByRole('menuitem', { name: 'Logout', exact: true })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
}

type Person = { who: string; items: string[]; accountItems: string[]; account: (page: Page) => Promise<Account> };

async function expectBarReachable(page: Page, width: number, { items, accountItems }: Person) {
  await expectEveryControlWhole(page, width);
  await expectWholeMenu(page, items);
  await expectProfileAndLogoutOneTapAway(page, accountItems);
  // The two popovers of the bar are dialogs named for what they show.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await syncStatus(page).click();
  await expect(page.getByRole('dialog', { name: 'Sync status' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Answers GET /api/team with a seller team in which the signed-in person is a rep (the team's routes are not this file's subject). */
async function asRep(page: Page, account: Account): Promise<void> {
  const { userId } = await apiLogin(account);
  const members = [
    { userId: '00000000-0000-4000-8000-0000000000b2', email: 'olivia@north.test', name: 'Olivia', role: 'owner' },
    { userId, email: account.email, name: 'Sam', role: 'rep' },
  ];
  await page.route('**/api/team', (route) => route.fulfill({ json: { id: 'team-1', name: 'North Farms', kind: 'seller', members, invitations: [] } }));
}

const PEOPLE: Person[] = [
  {
    who: 'a new seller on a trial',
    items: ROLE_MENUS.seller,
    accountItems: ['Profile', 'Team', 'Account settings', 'Billing', 'Metrc', 'Logout'],
    account: () => registerAccount('seller'),
  },
  {
    who: "a seller team's rep",
    items: ROLE_MENUS.seller,
    // A rep does not see the team's billing, nor connect it to Metrc.
    accountItems: ['Profile', 'Team', 'Account settings', 'Logout'],
    account: async (page) => {
      const account = await registerAccount('seller');
      await asRep(page, account);
      return account;
    },
  },
  { who: 'a buyer', items: ROLE_MENUS.buyer, accountItems: ['Profile', 'Team', 'Account settings', 'Logout'], account: () => registerAccount('buyer') },
  { who: 'an admin', items: ROLE_MENUS.admin, accountItems: ['Profile', 'Account settings', 'Logout'], account: async () => ADMIN },
];

for (const width of [360, 320]) {
  test.describe(`every role's top bar at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true, serviceWorkers: 'block' });

    for (const person of PEOPLE) {
      test(`${person.who} reaches every control of the bar, online and offline`, async ({ page, context }) => {
        await signIn(page, await person.account(page));
        await expectBarReachable(page, width, person);
        await goOffline(context);
        await expect(syncStatus(page).getByTestId('sync-state-words')).toContainText('Offline');
        await expectBarReachable(page, width, person);
        await goOnline(context);
      });
    }

    test("a seller reaches a page folded under 'More', which then marks it current, and logs out from the account menu", async ({ page }) => {
      await signIn(page, await registerAccount('seller'));
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main', exact: true });
      await nav.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Price lists' }).click();
      await expect(page).toHaveURL(/\/price-lists$/);
      await nav.getByRole('button', { name: 'More' }).click();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Price lists' })).toHaveAttribute('aria-current', 'page');
      await page.keyboard.press('Escape');

      await logOut(page);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    });
  });
}
