/**
 * The app against the specification's own words, read from the specification file (see support/spec-text): the
 * sign-in and sign-up checks in the order and words of section 5, a sign-up that asks for nothing more, and the top
 * navigation bar's parts and menus of section 2, all in the bar on a desktop and one tap away on a phone.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, signIn, test, type Account } from './support/fixtures';
import { readSpec, signInAndSignUpRules, signUpOutcome, signUpRoleChoices, topBarWords, type FormRule } from './support/spec-text';

const spec = readSpec();

/** A value that passes `rule` and leaves any later rule of the same field to show (a password long enough only later). */
function valueFor(rule: FormRule, rules: FormRule[], email: string): string {
  if (rule.minLength) return 'p'.repeat(rule.minLength);
  const lengthRule = rules.find((other) => other.field === rule.field && other.minLength);
  if (lengthRule) return 'p'.repeat(lengthRule.minLength! - 1);
  return rule.field.toLowerCase().includes('email') ? email : 'Nia';
}

/** Submits the dialog's form again and again: each time the next rule's message shows, alone, and the field is then put right. */
async function expectRulesInOrder(dialog: Locator, submitName: string, rules: FormRule[], email: string) {
  for (const rule of rules) {
    await dialog.getByRole('button', { name: submitName, exact: true }).click();
    await expect(dialog.getByRole('alert'), `the rule '${rule.message}' of section 5`).toHaveText(rule.message);
    await dialog.getByLabel(rule.field, { exact: true }).fill(valueFor(rule, rules, email));
  }
}

test.describe('section 5: sign in and sign up, checked in this order', () => {
  const rules = signInAndSignUpRules(spec);
  const outcome = signUpOutcome(spec);

  test('the sign-in form shows the rules that are not for sign-up only, in their order and words', async ({ page }) => {
    await page.goto('/?auth=signin');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expectRulesInOrder(
      dialog,
      'Sign In',
      rules.filter((rule) => !rule.signUpOnly),
      'someone@e2e.test',
    );
  });

  for (const choice of signUpRoleChoices(spec)) {
    test(`a new ${choice.role} meets every sign-up rule in its order and words, and is signed up with nothing more asked`, async ({ page }) => {
      await page.goto('/?auth=signup');
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.locator('label').filter({ hasText: choice.words }).click();
      await expect(dialog.getByRole('radio', { name: new RegExp(choice.words) })).toBeChecked();
      await expectRulesInOrder(dialog, 'Create Account', rules, `${choice.role}-${randomUUID().slice(0, 8)}@e2e.test`);

      await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(dialog.getByRole('status')).toHaveText(outcome.message);
      await expect(page).toHaveURL(new RegExp(`${outcome.dashboards[choice.role]}$`));
    });
  }
});

/** Registers an account with a first and a last name, so the display name and its initial are the spec's own rule. */
async function registerNamed(role: 'seller' | 'buyer'): Promise<Account> {
  const account = { email: `${role}-${randomUUID().slice(0, 8)}@e2e.test`, password: 'e2e-password' };
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: 'Nia', lastName: 'Okafor', role }),
  });
  expect(response.status).toBe(201);
  return account;
}

/** Section 3: the display name is first name plus last name, else the email; the avatar shows the first name's first letter, else the email's. */
async function displayNameOf(account: Account): Promise<{ name: string; initial: string }> {
  const login = (await (await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) })).json()) as {
    user: { firstName: string | null; lastName: string | null; email: string };
  };
  const { firstName, lastName, email } = login.user;
  return { name: [firstName, lastName].filter(Boolean).join(' ') || email, initial: (firstName || email).charAt(0).toUpperCase() };
}

/** Whether an element shows all of its text, nothing cut by its own box. */
async function expectShownWhole(element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  expect(await element.evaluate((node) => node.scrollWidth <= node.clientWidth), `${await element.textContent()} is cut`).toBe(true);
}

test.describe('section 2: the top navigation bar', () => {
  const bar = topBarWords(spec);
  const notificationsName = new RegExp(`^${bar.notifications}`, 'i');

  async function expectProductNameAndNotifications(page: Page) {
    const banner = page.getByRole('banner');
    await expectShownWhole(banner.locator(`a[href="${bar.productNameTo}"]`).first());
    await expect(banner.getByRole('button', { name: notificationsName })).toBeInViewport({ ratio: 1 });
  }

  const roles: Array<{ role: string; account: () => Promise<Account>; menu: Array<{ label: string; to: string }> }> = [
    { role: 'seller', account: () => registerNamed('seller'), menu: bar.menus.seller },
    { role: 'buyer', account: () => registerNamed('buyer'), menu: bar.menus.buyer },
    // The spec does not show the admin's menu: the bar's other parts hold for an admin too.
    { role: 'admin', account: async () => ADMIN, menu: [] },
  ];

  for (const { role, account: accountOf, menu } of roles) {
    test(`on a desktop, the ${role}'s bar shows the product name, notifications, the profile link with name and initial, Logout, and the spec's menu`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const account = await accountOf();
      const { name, initial } = await displayNameOf(account);
      await signIn(page, account);
      const banner = page.getByRole('banner');
      await expectProductNameAndNotifications(page);

      const profile = banner.locator(`a[href="${bar.profileTo}"]`).filter({ hasText: name });
      await expect(profile).toBeInViewport({ ratio: 1 });
      await expect(profile.getByText(initial, { exact: true })).toBeVisible();
      await expectShownWhole(profile.getByText(name, { exact: true }));
      await expect(banner.getByRole('button', { name: bar.logout, exact: true })).toBeInViewport({ ratio: 1 });

      if (menu.length > 0) {
        const nav = banner.getByRole('navigation');
        const labels = menu.map((item) => item.label);
        // Items the app adds may follow; the spec's come in its order.
        expect((await nav.getByRole('link').allTextContents()).filter((label) => labels.includes(label))).toEqual(labels);
        for (const item of menu) await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('href', item.to);
        // Signed in, the person is on their dashboard, the menu's first item: it is the one highlighted.
        await expect(nav.getByRole('link', { name: menu[0]!.label, exact: true })).toHaveAttribute('aria-current', 'page');
      }

      await profile.click();
      await expect(page).toHaveURL(new RegExp(`${bar.profileTo}$`));
      await banner.getByRole('button', { name: bar.logout, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${bar.productNameTo}$`));
      await expect(page.getByRole('button', { name: bar.logout, exact: true })).toHaveCount(0);
    });
  }

  test(`on a 360 px phone, Profile and ${bar.logout} are one tap away in the account menu, under the person's name`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const account = await registerNamed('seller');
    const { name } = await displayNameOf(account);
    await signIn(page, account);
    await expectProductNameAndNotifications(page);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: bar.logout, exact: true })).toBeInViewport({ ratio: 1 });
    await menu.getByRole('menuitem', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${bar.profileTo}$`));
  });
});
