/**
 * The team's screens against answers given by the test (the team's routes
 * answered here, the rest by the real server): what an owner and a rep see
 * and may do, how a refusal for the plan reads, and what the join page says.
 */
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test, type Account, openAccountMenu } from './support/fixtures';
import { createProduct, uniqueTag } from './support/marketplace';
import { goOffline } from './support/network';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test.use({ serviceWorkers: 'block' });

type Member = { userId: string; email: string; name: string; role: 'owner' | 'manager' | 'rep' };

const RITA: Member = { userId: '00000000-0000-4000-8000-0000000000a1', email: 'rita@north.test', name: 'Rita Reyes', role: 'rep' };
const INVITATION = { id: 'invitation-1', email: 'marc@north.test', role: 'manager', expiresAt: '2030-01-08T12:00:00.000Z' };

/** Answers GET /api/team with a seller team in which the signed-in person holds `role`. */
async function teamAnswers(page: Page, account: Account, role: Member['role']): Promise<void> {
  const { userId } = await apiLogin(account);
  const me: Member = { userId, email: account.email, name: 'Sam', role };
  const owner: Member[] = role === 'owner' ? [] : [{ userId: '00000000-0000-4000-8000-0000000000b2', email: 'olivia@north.test', name: 'Olivia', role: 'owner' }];
  await page.route('**/api/team', (route) =>
    route.fulfill({ json: { id: 'team-1', name: 'North Farms', kind: 'seller', members: [...owner, me, RITA], invitations: [INVITATION] } }),
  );
}

async function openTeam(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
}

test.describe('the team page', () => {
  test('is reached from the account menu by keyboard, where an owner of a seller team also finds billing', async ({ page }) => {
    const owner = await registerAccount('seller');
    await teamAnswers(page, owner, 'owner');
    await signIn(page, owner);
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Team', 'Account settings', 'Billing', 'Metrc']);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: 'Team' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  });

  test('an owner changes roles, hands ownership over, manages invitations and learns when the plan is full', async ({ page }) => {
    const owner = await registerAccount('seller');
    await teamAnswers(page, owner, 'owner');
    await signIn(page, owner);
    await openTeam(page);

    const members = page.getByRole('table', { name: 'Members' });
    await expect(members).toContainText('Rita Reyes');
    await expect(members.getByLabel('Role of Rita Reyes')).toHaveValue('rep');
    // The only owner can be neither removed nor made anything else.
    await expect(members.getByLabel('Role of Sam')).toBeDisabled();
    await expect(members.getByRole('button', { name: 'Remove Sam' })).toHaveCount(0);
    await expect(members.getByRole('button', { name: 'Remove Rita Reyes' })).toBeVisible();
    expect(await seriousViolations(page), 'axe on the Team page').toEqual([]);

    const handedOver: string[] = [];
    await page.route('**/api/team/members/*', async (route) => {
      handedOver.push(`${new URL(route.request().url()).pathname} ${route.request().postData()}`);
      await route.fulfill({ json: {} });
    });
    await members.getByRole('button', { name: 'Make Rita Reyes owner' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('You become a manager');
    await question.getByRole('button', { name: 'Make owner' }).click();
    await expectToastShown(page, 'Rita Reyes is now the owner');
    const { userId } = await apiLogin(owner);
    expect(handedOver).toEqual([`/api/team/members/${RITA.userId} {"role":"owner"}`, `/api/team/members/${userId} {"role":"manager"}`]);

    const invitations = page.getByRole('list', { name: 'Invitations' });
    await expect(invitations).toContainText('marc@north.test · Manager · expires on');

    const invite = page.getByRole('form', { name: 'Invite a member' });
    await expect(invite.getByLabel('Role').locator('option')).toHaveText(['Rep', 'Manager', 'Owner']);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText('Email is required')).toBeVisible();
    await page.route('**/api/team/invitations', (route) =>
      route.fulfill({ status: 402, json: { message: 'Pro includes up to 5 members. Remove a member or revoke an invitation first.' } }),
    );
    await invite.getByLabel('Email').fill('sixth@north.test');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const refusal = invite.getByRole('alert');
    await expect(refusal).toContainText('Pro includes up to 5 members.');
    await expect(refusal.getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/billing');
  });

  test('removing a member asks who looks after their customers, nobody unless the owner names someone', async ({ page }) => {
    const owner = await registerAccount('seller');
    await teamAnswers(page, owner, 'owner');
    await signIn(page, owner);
    await openTeam(page);
    const { userId } = await apiLogin(owner);

    const removals: string[] = [];
    await page.route('**/api/team/members/*', async (route) => {
      removals.push(`${route.request().method()} ${new URL(route.request().url()).pathname} ${route.request().postData()}`);
      await route.fulfill({ status: 204 });
    });
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('button', { name: 'Remove Rita Reyes' }).click();
    const question = page.getByRole('dialog', { name: 'Remove Rita Reyes from the team?' });
    const successor = question.getByLabel('Who looks after their customers now');
    await expect(successor).toHaveValue('');
    await expect(successor.locator('option')).toHaveText(['Nobody: leave them unassigned', 'Sam (owner)']);
    expect(await seriousViolations(page), 'axe on the removal question').toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    expect(removals).toEqual([]);

    await members.getByRole('button', { name: 'Remove Rita Reyes' }).click();
    await question.getByRole('button', { name: 'Remove' }).click();
    await expectToastShown(page, 'Rita Reyes was removed');
    await members.getByRole('button', { name: 'Remove Rita Reyes' }).click();
    await successor.selectOption({ label: 'Sam (owner)' });
    await question.getByRole('button', { name: 'Remove' }).click();
    await expect(question).toHaveCount(0);
    await expect.poll(() => removals.length).toBe(2);
    expect(removals).toEqual([`DELETE /api/team/members/${RITA.userId} {"reassignTo":null}`, `DELETE /api/team/members/${RITA.userId} {"reassignTo":"${userId}"}`]);
  });

  test('a rep reads the team, changes neither prices nor stock, and is not led to billing', async ({ page }) => {
    const rep = await registerAccount('seller');
    const strain = `Rep View ${uniqueTag()}`;
    await createProduct(await apiLogin(rep), { strainName: strain, category: 'flower', unitType: 'oz', pricePerUnit: '30.00', availableQuantity: '5', lotSize: 1 });
    await teamAnswers(page, rep, 'rep');
    await signIn(page, rep);
    await openTeam(page);

    await expect(page.getByText('Only owners and managers manage the team.')).toBeVisible();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members).toContainText('Olivia');
    await expect(members.getByRole('combobox')).toHaveCount(0);
    await expect(members.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Resend|Revoke)/ })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);

    await openAccountMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Team' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: strain })).toBeVisible();
    await expect(page.getByLabel(`Price of ${strain}`)).toHaveCount(0);
    await page.getByRole('button', { name: `Edit ${strain}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByLabel('Price per unit ($)')).toBeDisabled();
    await expect(dialog.getByLabel('Available quantity')).toBeDisabled();
  });

  test('offline, shows the copy kept on the device and waits for a connection to change anything', async ({ page, context }) => {
    const owner = await registerAccount('seller');
    await teamAnswers(page, owner, 'owner');
    await signIn(page, owner);
    await openTeam(page);
    await expect(page.getByRole('table', { name: 'Members' })).toContainText('Rita Reyes');

    await goOffline(context);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Dashboard' }).click();
    await openTeam(page);
    await expect(page.getByRole('status').filter({ hasText: 'Showing the copy saved on this device on' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Members' })).toContainText('Rita Reyes');
    await expect(page.getByText('Team changes need a connection.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Rita Reyes' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  });
});

test.describe('the join page', () => {
  test('names the team and the role and locks the invited email when the server tells them', async ({ page }) => {
    await page.route('**/api/team/invitations/preview?*', (route) => route.fulfill({ json: { teamName: 'North Farms', kind: 'seller', role: 'rep', email: 'rita@north.test' } }));
    await page.goto('/join?token=an-invitation-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're invited to join North Farms as rep");
    await expect(page).toHaveURL(/\/join$/);
    const create = page.getByRole('form', { name: 'Create your account' });
    await expect(create.getByLabel('Email')).toHaveValue('rita@north.test');
    await expect(create.getByLabel('Email')).not.toBeEditable();
    expect(await seriousViolations(page), 'axe on the join page').toEqual([]);
  });

  test('says at once when the link no longer works', async ({ page }) => {
    await page.route('**/api/team/invitations/preview?*', (route) => route.fulfill({ status: 409, json: { message: 'This invitation was already used' } }));
    await page.goto('/join?token=an-invitation-token');
    await expect(page.getByRole('alert')).toHaveText('This invitation was already used');
    await expect(page.getByRole('form', { name: 'Create your account' })).toHaveCount(0);
  });

  test('speaks of a team when the server cannot say what the invitation is, and shows why joining was refused', async ({ page }) => {
    await page.route('**/api/team/invitations/preview?*', (route) => route.fulfill({ status: 503, json: { message: 'Try again in a moment' } }));
    await page.route('**/api/auth/register', (route) => route.fulfill({ status: 400, json: { message: 'This invitation has expired. Ask for a new one.' } }));
    await page.goto('/join?token=an-invitation-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You've been invited to join a team");
    const create = page.getByRole('form', { name: 'Create your account' });
    await create.getByLabel('Email').fill('rita@north.test');
    await create.getByLabel('Password', { exact: true }).fill('rep-password');
    await create.getByLabel('First name').fill('Rita');
    await create.getByRole('button', { name: 'Create account and join' }).click();
    await expect(create.getByRole('alert')).toHaveText('This invitation has expired. Ask for a new one.');
  });
});
