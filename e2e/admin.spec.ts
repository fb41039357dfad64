import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, openAccountMenu, signIn, test } from './support/fixtures';
import { ownServer, type OwnServer } from './support/own-server';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

const DAY_MS = 24 * 60 * 60 * 1000;

type Made = { email: string; password: string; token: string; id: string };

/** A customer registered through the API, carrying `marker` as last name so a search finds exactly the ones a test made. */
async function makeCustomer(role: 'seller' | 'buyer', marker: string, firstName = role === 'seller' ? 'Sam' : 'Bea', base = baseUrl()): Promise<Made> {
  const account = { email: `${role}-${randomUUID().slice(0, 8)}@e2e.test`, password: 'e2e-password' };
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName, lastName: marker, role }),
  });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { ...account, token: body.token, id: body.user.id };
}

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const uniqueMarker = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** Searches once the first page has arrived, so the sign-in's last navigation cannot reset the box. */
async function searchFor(page: Page, text: string) {
  // Signing in ends on the bare dashboard address once the sign-in dialog has closed.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  const search = page.getByLabel('Search customers');
  await search.fill(text);
  await expect(search).toHaveValue(text);
}

/** The customers listed: the table's body rows at desktop widths. */
const customerRows = (page: Page) =>
  page
    .getByRole('region', { name: 'Customer Management' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test.describe('admin dashboard', () => {
  test('shows the figures, the growth chart and the audit log, with one sign-out and no inbox bell', async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page.getByText('Total Users', { exact: true })).toBeVisible();
    await expect(page.getByText('Monthly recurring revenue')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sign-ups per week' }).getByRole('listitem')).toHaveCount(12);
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit.getByText('Signed in').first()).toBeVisible();
    await expect(audit.getByText(`by ${ADMIN.email} from`).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    await openAccountMenu(page);
    await expect(page.getByRole('menuitem')).toHaveText(['Account settings']);
    await page.keyboard.press('Escape');
    // Every signed-in top bar has a notifications button, so the bar is the same for everyone; an admin's has no inbox behind it.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText("You're all caught up.");
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'Open inbox' })).toHaveCount(0);
  });

  test('searches and pages the customer list on the server; buyers show N/A', async ({ page }) => {
    const marker = uniqueMarker();
    const made: Made[] = [];
    for (let i = 0; i < 26; i++) made.push(await makeCustomer('seller', marker));
    made.push(await makeCustomer('buyer', marker, 'Paging Buyer'));

    await signIn(page, ADMIN);
    await searchFor(page, marker);
    await expect(page.getByText('Showing 1–25 of 27 customers')).toBeVisible();
    const rows = customerRows(page);
    await expect(rows).toHaveCount(25);
    // Newest first: the buyer registered last leads the list, without a subscription status.
    const buyerRow = rows.filter({ hasText: 'Paging Buyer' });
    await expect(buyerRow.getByText('N/A', { exact: true })).toBeVisible();
    await expect(buyerRow.getByText('Trial', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 26–27 of 27 customers')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();

    await page.getByLabel('Role').selectOption('buyer');
    await expect(page.getByText('Showing 1–1 of 1 customer')).toBeVisible();
    await searchFor(page, `${marker}-nobody`);
    await expect(page.getByText('No customers found matching your criteria.')).toBeVisible();
  });

  test('asks before disabling, says what follows, and the account is refused sign-in until enabled', async ({ page }) => {
    const marker = uniqueMarker();
    const customer = await makeCustomer('seller', marker, 'Dana');
    await signIn(page, ADMIN);
    await searchFor(page, marker);
    const name = `Dana ${marker}`;
    await page.getByRole('button', { name: `Disable ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${name}?` });
    await expect(dialog).toContainText('signed out on every device at once');
    await expect(dialog).toContainText('signing in is refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Disabled', { exact: true })).toHaveCount(0);
    expect((await fetch(`${baseUrl()}/api/auth/me`, { headers: { Authorization: `Bearer ${customer.token}` } })).status).toBe(200);

    await page.getByRole('button', { name: `Disable ${name}` }).click();
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
    expect((await fetch(`${baseUrl()}/api/auth/me`, { headers: { Authorization: `Bearer ${customer.token}` } })).status).toBe(401);
    const refused = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(refused.status).toBe(403);

    await page.getByRole('button', { name: `Enable ${name}` }).click();
    const enable = page.getByRole('dialog', { name: `Enable ${name}?` });
    await expect(enable).toContainText('can sign in again');
    await enable.getByRole('button', { name: 'Enable account' }).click();
    await expect(page.getByText('Disabled', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Audit log' }).getByText(`Enabled account · ${customer.email}`)).toBeVisible();
  });

  test("opens a customer's detail panel with menus, products, sessions and a trial extension", async ({ page, context }) => {
    const marker = uniqueMarker();
    const seller = await makeCustomer('seller', marker, 'Reese');
    const product = await post<{ id: string }>('/api/products', seller.token, { strainName: 'Panel Kush' });
    const menu = await post<{ publicLinkId: string }>('/api/menus', seller.token, { name: 'Panel Menu', productIds: [product.id], isPublic: true });

    await signIn(page, ADMIN);
    await searchFor(page, marker);
    await page.getByRole('button', { name: `Details for Reese ${marker}` }).click();
    const panel = page.getByRole('dialog', { name: `Reese ${marker}` });
    await expect(panel.getByRole('link', { name: 'Panel Menu' })).toHaveAttribute('href', `/menu/${menu.publicLinkId}`);
    await expect(panel.getByRole('heading', { name: 'Menus (1)' })).toBeVisible();
    const field = (label: string) =>
      panel
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(field('Products')).toHaveText('1');
    await expect(field('Open sessions')).toHaveText('1');
    await expect(field('Email confirmed')).toHaveText('Not yet');
    await expect(field('Status')).toHaveText('Trial');
    await expect(panel.getByText('No admin has acted on this account.')).toBeVisible();

    await panel.getByLabel('Extend trial by (days)').fill('10');
    await panel.getByRole('button', { name: 'Extend trial' }).click();
    await expectToastShown(page, 'Trial extended');
    await expect(panel.getByText('Extended trial')).toBeVisible();
    await expect(panel.getByText('+10 days')).toBeVisible();
    // Changing the role says what follows, and waits for a yes.
    await panel.getByLabel('Role').selectOption('buyer');
    await panel.getByRole('button', { name: 'Change role' }).click();
    const question = page.getByRole('alertdialog', { name: `Make Reese ${marker} a buyer?` });
    await expect(question).toContainText('can no longer edit them');
    await question.getByRole('button', { name: 'Change role' }).click();
    await expectToastShown(page, 'Role changed');
    await expect(field('Role')).toHaveText('Buyer');
    await expect(panel.getByText('Changed role')).toBeVisible();
    // The menu link opens the public menu.
    const [menuPage] = await Promise.all([context.waitForEvent('page'), panel.getByRole('link', { name: 'Panel Menu' }).click()]);
    await expect(menuPage.getByText('Panel Kush')).toBeVisible();
  });

  test('asks for your own password before making a customer an admin, and the audit log shows who was opened and changed', async ({ page }) => {
    const marker = uniqueMarker();
    const buyer = await makeCustomer('buyer', marker, 'Morgan');
    const name = `Morgan ${marker}`;
    await signIn(page, ADMIN);
    await searchFor(page, marker);
    await page.getByRole('button', { name: `Details for ${name}` }).click();
    const panel = page.getByRole('dialog', { name });
    await panel.getByLabel('Role').selectOption('admin');
    await panel.getByRole('button', { name: 'Change role' }).click();

    const prompt = page.getByRole('dialog', { name: `Make ${name} an admin?` });
    await expect(prompt).toContainText('They can see every customer');
    await expect(prompt).toContainText('Enter your own password to confirm.');
    const password = prompt.getByLabel('Your password');
    await expect(password).toBeFocused();
    await prompt.getByRole('button', { name: 'Make admin' }).click();
    await expect(prompt.getByText('Enter your password to make someone an admin')).toBeVisible();
    // The customer's own password is not the acting admin's.
    await password.fill(buyer.password);
    await prompt.getByRole('button', { name: 'Make admin' }).click();
    await expect(prompt.getByText('Your current password is not correct')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();

    await password.fill(ADMIN.password);
    await prompt.getByRole('button', { name: 'Make admin' }).click();
    await expect(prompt).toBeHidden();
    await expectToastShown(page, 'Role changed');
    await expect(
      panel
        .getByRole('term')
        .filter({ hasText: /^Role$/ })
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('Admin');
    await expect(panel.getByText('(buyer → admin)')).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();

    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit.getByText(`Changed role · ${buyer.email} (buyer → admin)`)).toBeVisible();
    await expect(audit.getByText(`Opened details · ${buyer.email}`).first()).toBeVisible();
  });

  test('exports every customer that matches, buyers with N/A and no trial end', async ({ page }) => {
    const marker = uniqueMarker();
    const seller = await makeCustomer('seller', marker, 'Export Seller');
    const buyer = await makeCustomer('buyer', marker, 'Export Buyer');
    await signIn(page, ADMIN);
    await searchFor(page, marker);
    await expect(page.getByText('Showing 1–2 of 2 customers')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Role,Business Name,Phone,Subscription Status,Created Date,License Number,Trial End');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^Export Buyer ${marker},${buyer.email},buyer,,,N/A,\\d{4}-\\d{2}-\\d{2},,$`)),
      expect.stringMatching(new RegExp(`^Export Seller ${marker},${seller.email},seller,,,trial,\\d{4}-\\d{2}-\\d{2},,\\d{4}-\\d{2}-\\d{2}$`)),
    ]);
  });
});

test.describe('the customer table', () => {
  const OWN_ADMIN = { email: 'table-admin@e2e.test', password: 'table-admin-pass' };
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await ownServer({ ADMIN_EMAIL: OWN_ADMIN.email, ADMIN_PASSWORD: OWN_ADMIN.password });
    await server.start();
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('sorts by a header and filters to trials ending within 7 days', async ({ page }) => {
    const marker = uniqueMarker();
    await makeCustomer('seller', marker, 'Bianca', server.url);
    const ending = await makeCustomer('seller', marker, 'Cyrus', server.url);
    await makeCustomer('seller', marker, 'Adele', server.url);
    // No screen shortens a trial: the row is written as if the seller had signed up eleven days ago.
    expect(await server.execute('UPDATE users SET trial_ends_at = $1 WHERE email = $2', [Date.now() + 3 * DAY_MS, ending.email])).toBe(1);

    await signIn(page, OWN_ADMIN, server.url);
    await searchFor(page, marker);
    await expect(page.getByText('Showing 1–3 of 3 customers')).toBeVisible();
    const rows = customerRows(page);
    const names = rows.getByRole('rowheader');
    // Newest first until a header is clicked.
    await expect(names).toHaveText([`Adele ${marker}`, `Cyrus ${marker}`, `Bianca ${marker}`]);

    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(names).toHaveText([`Adele ${marker}`, `Bianca ${marker}`, `Cyrus ${marker}`]);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([`Cyrus ${marker}`, `Bianca ${marker}`, `Adele ${marker}`]);
    await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'none');

    await page.getByLabel('Status').selectOption('trial_ending');
    await expect(page.getByText('Showing 1–1 of 1 customer')).toBeVisible();
    await expect(names).toHaveText([`Cyrus ${marker}`]);
  });
});
