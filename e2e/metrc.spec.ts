/**
 * Metrc in the browser, against the stand-in the server's own tests use. Settings → Metrc: an owner opens it from the
 * account menu, is told what is wrong with a key Metrc refuses, connects with a good one, sees what the key may do,
 * reads the packages, and disconnects. Products → Import from Metrc: a manager picks packages and they become
 * products, each saying before whether it makes one or updates one. A
 * rep has no such entry and is told who connects. Metrc here is the stand-in the server's own tests use.
 */
import { MetrcStandIn, STAND_IN_VENDOR_KEY } from '../api/testing/metrc-stand-in';
import { apiLogin, registerAccountAt } from './support/api';
import { expect, openAccountMenu, registerAccount, signIn, test } from './support/fixtures';
import { apiPut } from './support/marketplace';
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
    metrc.putSamplePackage(LICENCE, `1A4FF010000002200000000${index + 1}`, new Date(Date.now() - 60 * 60 * 1000), { itemName, quantity: 100 });
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

  // Not connected, the import says so and leads back here.
  await page.goto(`${server.url}/products/metrc`);
  await expect(page.getByText('Connect the team to Metrc first: Settings, then Metrc.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Metrc settings' })).toBeVisible();
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

test('a seller imports packages from Metrc as products, and imported again they update the same product', async ({ page }) => {
  const seller = await registerAccountAt(server.url, 'seller');
  const session = await apiLogin(seller, server.url);
  await apiPut('/api/integrations/metrc', session, { state: 'MI', licenseNumber: LICENCE, userKey: GOOD_KEY }, server.url);
  await signIn(page, seller, server.url);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Import from Metrc' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Metrc' })).toBeVisible();

  const packages = page.getByRole('list', { name: 'Metrc packages' });
  await expect(packages.getByRole('listitem')).toHaveCount(2);
  await expect(packages.getByRole('listitem').filter({ hasText: 'Gelato Flower' })).toContainText('Makes a new product');
  await page.getByLabel('Search packages').fill('tangie');
  await expect(packages.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Search packages').fill('');
  await page.getByRole('button', { name: 'Choose all shown' }).click();
  await page.getByRole('button', { name: 'Import 2 packages' }).click();
  await expectToastShown(page, 'Imported from Metrc: 2 products made');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gelato Flower', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tangie Pre-Roll', exact: true })).toBeVisible();
  const gelatoCard = page.getByRole('article', { name: 'Gelato Flower', exact: true });
  await expect(gelatoCard).toContainText('Metrc 1A4FF0100000022000000001');
  await expect(gelatoCard).toContainText('Lab: test passed');

  await page.getByRole('link', { name: 'Import from Metrc' }).click();
  const gelato = packages.getByRole('listitem').filter({ hasText: 'Gelato Flower' });
  await expect(gelato).toContainText('Updates Gelato Flower');
  await gelato.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Import 1 package' }).click();
  await expectToastShown(page, 'Imported from Metrc: 1 updated');
  await expect(page.getByRole('heading', { name: 'Gelato Flower', exact: true })).toHaveCount(1);

  // The pre-roll's package linked to the flower instead: the flower holds both.
  await page.getByRole('link', { name: 'Import from Metrc' }).click();
  await packages.getByRole('listitem').filter({ hasText: 'Tangie Pre-Roll' }).getByRole('checkbox').check();
  await page.getByLabel('Import into').selectOption({ label: 'Gelato Flower (g)' });
  await page.getByRole('button', { name: 'Import 1 package' }).click();
  await expectToastShown(page, 'Imported from Metrc: linked to Gelato Flower');
  await expect(gelatoCard).toContainText('200 g available');
});
