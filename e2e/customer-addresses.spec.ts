/**
 * A seller enters a customer's phone and addresses on the customer form with the network off: a ZIP code that is no
 * US one is refused at its field on the device, the saved address shows at once, reaches the server when the network
 * returns, and another device of the seller's shows it.
 */
import type { Page } from '@playwright/test';
import type { Customer } from '../sync/entities/customer';
import { apiGet, apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, pendingCount, waitForServiceWorkerControl } from './support/offline-app';

/** The customer page's row of this label (its term and value). */
const detail = (page: Page, label: string) => page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

test('a customer address entered offline is checked on the device, shows at once, and reaches the server and the other devices', async ({ page, context, browser }) => {
  const account = await registerAccount('seller');
  const session = await apiLogin(account);
  await apiPost('/api/customers', session, { name: 'Green Leaf Dispensary' });
  await signIn(page, account);
  await page.goto('/customers');
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page, 15_000);

  await goOffline(context);
  await page.getByRole('link', { name: 'Green Leaf Dispensary' }).click();
  await expect(page.getByRole('heading', { name: 'Green Leaf Dispensary', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Green Leaf Dispensary' });
  await dialog.getByLabel('Phone number').fill('(510) 555-0199');
  const billing = dialog.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Street address').fill('12 Telegraph Avenue');
  await billing.getByLabel('Suite, unit or building').fill('Suite 4');
  await billing.getByLabel('City').fill('Oakland');
  await billing.getByLabel('State').fill('CA');
  await billing.getByLabel('ZIP code').fill('abcde');
  const shipping = dialog.getByRole('group', { name: 'Shipping address' });
  await shipping.getByLabel('Same as billing address').uncheck();
  await shipping.getByLabel('Street address').fill('900 Dock Road');
  await shipping.getByLabel('City').fill('Oakland');
  await shipping.getByLabel('State').fill('CA');
  await shipping.getByLabel('ZIP code').fill('946071234');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Save customer' }).click();
  await expect(billing.getByRole('alert')).toHaveText('Billing ZIP code must be 5 digits, or 9 digits like 48104-1234');
  await expect(billing.getByLabel('ZIP code')).toBeFocused();
  await billing.getByLabel('ZIP code').fill('94612');
  await dialog.getByRole('button', { name: 'Save customer' }).click();
  await expect(dialog).toBeHidden();

  // Shown from the device at once, waiting to be sent.
  await expect(detail(page, 'Phone number')).toHaveText('(510) 555-0199');
  await expect(detail(page, 'Billing address')).toHaveText('12 Telegraph Avenue Suite 4 Oakland, CA 94612');
  await expect(detail(page, 'Shipping address')).toHaveText('900 Dock Road Oakland, CA 94607-1234');
  await expect(pendingCount(page)).toHaveText('1');

  await goOnline(context);
  await expectAllSynced(page, 15_000);
  const [saved] = await apiGet<Customer[]>('/api/customers', session);
  expect(saved).toMatchObject({
    phoneNumber: '(510) 555-0199',
    billingLine1: '12 Telegraph Avenue',
    billingLine2: 'Suite 4',
    billingCity: 'Oakland',
    billingState: 'CA',
    billingZipCode: '94612',
    shippingSameAsBilling: false,
    shippingLine1: '900 Dock Road',
    shippingZipCode: '94607-1234',
  });

  const other = await browser.newPage();
  await signIn(other, account);
  await other.goto(`/customers/${saved!.id}`);
  await expect(detail(other, 'Billing address')).toContainText('12 Telegraph Avenue');
  await expect(detail(other, 'Shipping address')).toContainText('Oakland, CA 94607-1234');
  await other.close();
});
