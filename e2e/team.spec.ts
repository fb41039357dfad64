/**
 * A business works as a team: the owner invites a rep by email, the rep joins
 * from the link on a device of their own, works on the team's catalogue with
 * no signal, and what they made reaches the owner's device.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test, openAccountMenu } from './support/fixtures';
import { latestLinkTo } from './support/mailbox';
import { createProduct, uniqueTag } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, openMenus, openProducts, pendingCount, productCard, waitForServiceWorkerControl } from './support/offline-app';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

/** The card of a product or menu on its list page, found by its heading. */
const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('a team', () => {
  test('an owner invites a rep, who joins on another device, builds a menu offline, and it reaches the owner', async ({ page, browser }) => {
    const owner = await registerAccount('seller');
    const strain = `Team Kush ${uniqueTag()}`;
    await createProduct(await apiLogin(owner), { strainName: strain, category: 'flower', unitType: 'oz', pricePerUnit: '42.00', availableQuantity: '12', lotSize: 1 });
    const repEmail = `rep-${randomUUID().slice(0, 8)}@e2e.test`;

    // The owner invites the rep from Team, reached from the profile.
    await signIn(page, owner);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(owner.email);
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await expect(invite.getByLabel('Role')).toHaveValue('rep');
    await invite.getByLabel('Email').fill(repEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expectToastShown(page, 'Invitation sent');
    const invitations = page.getByRole('list', { name: 'Invitations' });
    await expect(invitations).toContainText(repEmail);
    await expect(invitations).toContainText('Rep · expires on');

    // The rep, on a device of their own, follows the link in the email and creates an account with the invited address.
    const link = await latestLinkTo(repEmail, '/join');
    const repDevice = await browser.newContext({ baseURL: baseUrl() });
    try {
      const rep = await repDevice.newPage();
      await rep.goto(`${link.pathname}${link.search}`);
      await expect(rep.getByRole('heading', { level: 1 })).toContainText('invited to join');
      // The token leaves the address bar once read; the page still sends it.
      await expect(rep).toHaveURL(/\/join$/);
      const create = rep.getByRole('form', { name: 'Create your account' });
      // Where the server tells whom the invitation is for, the address is filled in and locked.
      const email = create.getByLabel('Email');
      if (await email.isEditable()) await email.fill(repEmail);
      await expect(email).toHaveValue(repEmail);
      await create.getByLabel('Password', { exact: true }).fill('rep-password');
      await create.getByLabel('First name').fill('Rita');
      await create.getByRole('button', { name: 'Create account and join' }).click();
      await expect(rep).toHaveURL(/\/seller\/dashboard$/);

      // The team's catalogue is theirs to see, its prices and stock not theirs to change.
      await waitForServiceWorkerControl(rep);
      await expectAllSynced(rep);
      await openProducts(rep);
      await expect(cardOf(rep, strain)).toContainText('$42.00 / oz');
      await expect(rep.getByLabel(`Price of ${strain}`)).toHaveCount(0);

      // With no signal, the rep builds a menu; it waits on the device and goes once the network is back.
      const menuName = `Trade show ${uniqueTag()}`;
      await goOffline(repDevice);
      await openMenus(rep);
      await rep.getByRole('link', { name: 'Create Menu' }).click();
      await rep.getByLabel('Menu name').fill(menuName);
      await rep.getByRole('button', { name: new RegExp(`^${strain}`) }).click();
      await rep.getByRole('button', { name: 'Save Menu' }).click();
      await expect(rep.getByRole('button', { name: 'Update Menu' })).toBeVisible();
      await expect(pendingCount(rep)).toHaveText('1');
      await goOnline(repDevice);
      await expectAllSynced(rep, 15_000);

      // The owner's device gets the rep's menu on its next pull.
      await page.reload();
      await openMenus(page);
      await expect(cardOf(page, menuName)).toContainText('1 item');
      // Every row says who in the team made it.
      await expect(cardOf(page, menuName)).toContainText('Added by Rita');
      await openProducts(page);
      await expect(productCard(page, strain)).toBeVisible();
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Team' }).click();
      await expect(page.getByRole('table', { name: 'Members' })).toContainText(repEmail);
      await expect(page.getByRole('list', { name: 'Invitations' })).toHaveCount(0);
    } finally {
      await repDevice.close();
    }
  });
});
