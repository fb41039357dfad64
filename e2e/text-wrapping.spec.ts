/**
 * Emails and licence numbers wrap only at their punctuation, never mid-word: in the admin's customer table on a
 * desktop and on its cards on a 390 px phone, and on the team page's member cards and invitations on a phone.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, signIn, test, type Account } from './support/fixtures';
import { drawnLines, midWordBreaks } from './support/text-lines';

const LICENCE = 'AU-G-C-0001234567-CULTIVATION-TIER-2';

/** A seller whose email and licence are long enough to wrap in any column. */
async function sellerWithLongAddress(): Promise<Account & { tag: string }> {
  const tag = randomUUID().replaceAll('-', '').slice(0, 8);
  const account = { email: `wholesale.orders.department.${tag}@riverbend-cultivation-company.example`, password: 'e2e-password' };
  const registered = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: 'Rosa', lastName: `Wrap${tag}`, role: 'seller', businessName: 'Riverbend Cultivation' }),
  });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const profile = await fetch(`${baseUrl()}/api/auth/user`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ licenseNumber: LICENCE }),
  });
  expect(profile.status).toBe(200);
  return { ...account, tag };
}

/** Checks that `text` is drawn whole in `locator`, and wraps only at its punctuation. */
async function expectWrappedAtPunctuation(locator: Locator, text: string) {
  const lines = await drawnLines(locator);
  expect(lines.join('').trim()).toBe(text);
  expect(midWordBreaks(lines), `${text} drawn as ${JSON.stringify(lines)}`).toEqual([]);
}

async function findCustomer(page: Page, tag: string) {
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  await page.getByLabel('Search customers').fill(`Wrap${tag}`);
  await expect(page.getByText('Showing 1–1 of 1 customer')).toBeVisible();
}

test('the admin table on a desktop wraps a long email and licence only at their punctuation', async ({ page }) => {
  const seller = await sellerWithLongAddress();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await findCustomer(page, seller.tag);
  const row = page.getByRole('region', { name: 'Customer Management' }).getByRole('row').filter({ hasText: seller.email });
  await expectWrappedAtPunctuation(row.getByRole('link', { name: seller.email }), seller.email);
  await expectWrappedAtPunctuation(row.getByText(LICENCE), LICENCE);
});

test('the admin cards on a 390 px phone wrap a long email and licence only at their punctuation', async ({ page }) => {
  const seller = await sellerWithLongAddress();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await findCustomer(page, seller.tag);
  const card = page.getByRole('region', { name: 'Customer Management' }).getByRole('listitem').filter({ hasText: seller.email });
  await expectWrappedAtPunctuation(card.getByRole('link', { name: seller.email }), seller.email);
  await expectWrappedAtPunctuation(card.getByText(LICENCE), LICENCE);
});

test("the team page on a 390 px phone wraps a member's and an invitation's long email only at their punctuation", async ({ page }) => {
  const seller = await sellerWithLongAddress();
  const invited = `second.shift.packaging.team.${seller.tag}@riverbend-cultivation-company.example`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, seller);
  await page.goto('/team');
  await page.getByLabel('Email', { exact: true }).fill(invited);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const invitation = page.getByRole('list', { name: 'Invitations' }).getByRole('listitem');
  await expect(invitation).toContainText(invited);
  await expectWrappedAtPunctuation(invitation.getByText(invited, { exact: true }), invited);
  const member = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expectWrappedAtPunctuation(member.getByText(seller.email, { exact: true }), seller.email);
});
