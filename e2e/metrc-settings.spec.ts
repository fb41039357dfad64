/**
 * Settings → Metrc: an owner opens it from the account menu, is told what is wrong with a key Metrc refuses,
 * connects with a good one, sees what the key may do, reads the packages, and disconnects. A
 * rep has no such entry and is told who connects. Metrc here is the stand-in the server's own tests use.
 */
import { MetrcStandIn, STAND_IN_VENDOR_KEY } from '../api/testing/metrc-stand-in';
import { registerAccountAt } from './support/api';
import { expect, openAccountMenu, registerAccount, signIn, test } from './support/fixtures';
import { ownServer, type OwnServer } from './support/own-server';
import { repOf } from './support/team';
import { expectToastShown, noteToasts } from './support/toasts';

const LICENCE = 'PR-000123';
const GOOD_KEY = 'user-key-good';

let metrc: MetrcStandIn;
let server: OwnServer;

test.beforeAll(async () => {
  metrc = new MetrcStandIn('mi');
  metrc.addUser(GOOD_KEY, { facilities: [{ licenseNumber: LICENCE, name: 'North Star Farms Grow' }], permissions: ['viewPackages', 'viewLabResults'] });
  for (const [index, itemName] of ['Gelato Flower', 'Tangie Pre-Roll'].entries()) {
    metrc.putPackage(
      {
        label: `1A4FF010000002200000000${index + 1}`,
        itemName,
        category: 'Buds',
        strainName: null,
        quantity: 100,
        unitOfMeasure: 'Grams',
        labTestingState: 'TestPassed',
        productionBatchNumber: null,
        packagedDate: '2026-11-02',
        expirationDate: null,
        sellByDate: null,
        onHold: false,
        finished: false,
        licenseNumber: LICENCE,
      },
      new Date(Date.now() - 60 * 60 * 1000),
    );
  }
  const base = await metrc.start();
  server = await ownServer({ METRC_VENDOR_KEY: STAND_IN_VENDOR_KEY, METRC_API_BASE: `${base}/<state>` });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await metrc?.stop();
});

test.beforeEach(({ page }) => noteToasts(page));

test('an owner connects the team to Metrc, is told why a key is refused, and disconnects', async ({ page }) => {
  await signIn(page, await registerAccountAt(server.url, 'seller'), server.url);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Metrc' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metrc' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Connect to Metrc' });
  await form.getByRole('button', { name: 'Connect to Metrc' }).click();
  await expect(form.getByText('Enter the licence number Metrc knows the facility by')).toBeVisible();
  await expect(form.getByLabel('Licence number')).toBeFocused();

  await form.getByLabel('State').selectOption('MI');
  await form.getByLabel('Licence number').fill(LICENCE);
  await form.getByLabel('Metrc user API key').fill('a-key-metrc-never-issued');
  await form.getByRole('button', { name: 'Connect to Metrc' }).click();
  await expect(form.getByText('Metrc did not accept this key: check it in Metrc under your name, then API Keys.')).toBeVisible();

  await form.getByLabel('Metrc user API key').fill(GOOD_KEY);
  await form.getByRole('button', { name: 'Connect to Metrc' }).click();
  await expectToastShown(page, 'Connected to Metrc');
  const connected = page.getByRole('region', { name: 'Connected' });
  await expect(connected).toContainText('North Star Farms Grow');
  await expect(connected).toContainText(LICENCE);
  const may = connected.getByRole('list', { name: 'What this key may do' });
  await expect(may).toContainText('Read packages: yes');
  await expect(may).toContainText('Make transfer templates: no, Metrc refuses it for this key');
  await expect(page.getByText(GOOD_KEY)).toHaveCount(0);
  await expect(page.getByTestId('metrc-packages-read')).toHaveText('Not yet');

  await connected.getByRole('button', { name: 'Read packages now' }).click();
  await expectToastShown(page, '2 active packages');
  await expect(page.getByTestId('metrc-packages-read')).not.toHaveText('Not yet');

  // Opened again, the page shows the connection as the server keeps it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Connected' })).toContainText('North Star Farms Grow');

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expectToastShown(page, 'Metrc disconnected');
  await expect(page.getByRole('form', { name: 'Connect to Metrc' })).toBeVisible();
});

test('a rep has no Metrc entry, and the page tells them who connects', async ({ page }) => {
  const rep = await repOf(await registerAccount('seller'));
  await signIn(page, rep);
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Team' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Metrc' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/settings/metrc');
  await expect(page.getByText('Only an owner or a manager connects the team to Metrc.')).toBeVisible();
});
