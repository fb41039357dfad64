/**
 * The admin sees businesses: a team is one row with its people under it (a rep is never a seller of their own with a
 * trial to extend), a dispensary is found by its licence number, and the export carries licence and trial-end columns.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { ADMIN, baseUrl, expect, signIn, test, type Account } from './support/fixtures';
import { latestLinkTo } from './support/mailbox';
import { apiPost, apiPut, uniqueTag } from './support/marketplace';

async function register(body: Record<string, unknown>): Promise<Account> {
  const account = { email: `${String(body.role)}-${uniqueTag()}@e2e.test`, password: 'e2e-password' };
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, ...body }),
  });
  expect(response.status).toBe(201);
  return account;
}

/** A seller business with a rep who joined it by the mailed invitation, and a dispensary with a licence number. */
async function teamAndDispensary(tag: string) {
  const owner = await register({ firstName: 'Olive', lastName: tag, role: 'seller', businessName: `Great Lakes ${tag}` });
  const ownerSession = await apiLogin(owner);
  const rep = { email: `rep-${tag}@e2e.test`, password: 'rep-password' };
  await apiPost('/api/team/invitations', ownerSession, { email: rep.email, role: 'rep' });
  const inviteToken = (await latestLinkTo(rep.email, '/join')).searchParams.get('token');
  await register({ ...rep, firstName: 'Rita', lastName: tag, role: 'seller', inviteToken });
  const dispensary = await register({ firstName: 'Dana', lastName: tag, role: 'buyer' });
  const licence = `C10-${tag}-LIC`;
  await apiPut('/api/auth/user', await apiLogin(dispensary), { companyName: `Green Door ${tag}`, licenseNumber: licence });
  return { owner, rep, dispensary, licence };
}

async function searchFor(page: Page, text: string) {
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  await page.getByLabel('Search customers').fill(text);
}

const customerRows = (page: Page) =>
  page
    .getByRole('region', { name: 'Customer Management' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('a team is one row with its rep under it, a dispensary is found by licence, and the export has licence and trial end', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const { owner, rep, dispensary, licence } = await teamAndDispensary(tag);

  await signIn(page, ADMIN);
  await searchFor(page, tag);
  await expect(page.getByText('Showing 1–2 of 2 customers')).toBeVisible();
  await expect(customerRows(page)).toHaveCount(2);
  const teamRow = customerRows(page).filter({ hasText: `Great Lakes ${tag}` });
  const members = teamRow.getByRole('list', { name: `Members of Great Lakes ${tag}` }).getByRole('listitem');
  await expect(members).toHaveCount(2);
  await expect(members.nth(0)).toContainText(`Olive ${tag}`);
  await expect(members.nth(0)).toContainText('Owner');
  await expect(members.nth(1)).toContainText(`Rita ${tag}`);
  await expect(members.nth(1)).toContainText('Rep');
  await expect(members.nth(1)).toContainText(rep.email);
  expect(await seriousViolations(page)).toEqual([]);

  // The rep's own details: their team and role, and no trial of their own to extend.
  await members
    .nth(1)
    .getByRole('button', { name: `Details for Rita ${tag}` })
    .click();
  const repPanel = page.getByRole('dialog', { name: `Rita ${tag}` });
  await expect(repPanel.getByText(`Great Lakes ${tag} (Rep)`)).toBeVisible();
  await expect(repPanel.getByText("the team's subscription and trial are on its owner's account")).toBeVisible();
  await expect(repPanel.getByRole('button', { name: 'Extend trial' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(repPanel).toHaveCount(0);
  // The trial is extended on the team's row, its owner's account.
  await teamRow.getByRole('button', { name: `Details for Olive ${tag}` }).click();
  const ownerPanel = page.getByRole('dialog', { name: `Olive ${tag}` });
  await expect(ownerPanel.getByText(`Great Lakes ${tag} (Owner)`)).toBeVisible();
  await expect(ownerPanel.getByRole('button', { name: 'Extend trial' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A dispensary by its licence number, in part.
  await page.getByLabel('Search customers').fill(`${tag}-LIC`);
  await expect(page.getByText('Showing 1–1 of 1 customer')).toBeVisible();
  await expect(customerRows(page)).toHaveCount(1);
  await expect(customerRows(page).first()).toContainText(`Green Door ${tag}`);

  // The export: the team once (no row for the rep), with the licence and the trial's end.
  await page.getByLabel('Search customers').fill(tag);
  await expect(page.getByText('Showing 1–2 of 2 customers')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Name,Email,Role,Business Name,Phone,Subscription Status,Created Date,License Number,Trial End');
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^Dana ${tag},${dispensary.email},buyer,Green Door ${tag},,N/A,\\d{4}-\\d{2}-\\d{2},${licence},$`)),
    expect.stringMatching(new RegExp(`^Olive ${tag},${owner.email},seller,Great Lakes ${tag},,trial,\\d{4}-\\d{2}-\\d{2},,\\d{4}-\\d{2}-\\d{2}$`)),
  ]);
});
