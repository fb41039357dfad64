/**
 * Products from Metrc packages, against the stand-in: made with their name, category, unit, stock, tag, batch and
 * lab state; imported again, updated and never doubled; linked several to one product; following Metrc's changes on
 * the next read; and refused plainly when a package cannot be a product here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PullResponse } from '../../sync/contract/protocol';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { MetrcStandIn, STAND_IN_VENDOR_KEY, type StandInPackage } from '../testing/metrc-stand-in';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

const START = Date.parse('2026-12-01T15:00:00.000Z');
const LICENCE = 'PR-000123';
const KEY = 'user-key-full';
const TAG = (suffix: string) => `1A4FF01000000220000${suffix}`;

let metrc: MetrcStandIn;
let t: TestApp;
let owner: AuthResponse;

function put(suffix: string, at: number, values: Partial<StandInPackage> = {}): void {
  metrc.putSamplePackage(LICENCE, TAG(suffix), new Date(at), { productionBatchNumber: `B-${suffix}`, expirationDate: '2027-11-02', ...values });
}

beforeAll(async () => {
  metrc = new MetrcStandIn('mi');
  const base = await metrc.start();
  metrc.addUser(KEY, { facilities: [{ licenseNumber: LICENCE, name: 'North Star Farms Grow' }], permissions: ['viewPackages', 'viewLabResults', 'manageTransferTemplates'] });
  put('00001', START - DAY_MS);
  put('00002', START - DAY_MS, { itemName: 'Tangie Pre-Roll 1g', category: 'Pre-Roll Flower', unitOfMeasure: 'Each', quantity: 250, labTestingState: 'TestingInProgress' });
  put('00003', START - DAY_MS, { itemName: 'Gelato Flower', quantity: 100, expirationDate: '2027-01-15', productionBatchNumber: 'B-EARLY' });
  put('00004', START - DAY_MS, { itemName: 'Gelato Flower', quantity: 50.5, expirationDate: null });
  put('00005', START - DAY_MS, { itemName: 'Rosin Syringe', category: 'Concentrate', unitOfMeasure: 'Milliliters', quantity: 10 });
  put('00006', START - DAY_MS, { itemName: 'Gelato Smalls', quantity: 10, expirationDate: '2027-06-01' });
  t = createTestApp({ now: () => new Date(START), env: { METRC_VENDOR_KEY: STAND_IN_VENDOR_KEY, METRC_API_BASE: `${base}/<state>` } });
  owner = await t.registerUser('seller');
  expect((await t.request('PUT', '/api/integrations/metrc', { token: owner.token, body: { state: 'MI', licenseNumber: LICENCE, userKey: KEY } })).status).toBe(200);
  expect((await t.request('GET', '/api/metrc/packages', { token: owner.token })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await metrc.stop();
});

const importing = (body: unknown, token = owner.token) => t.request<{ products: Product[] } & ErrorBody>('POST', '/api/metrc/import', { token, body });
const catalogue = async () => (await t.request<Product[]>('GET', '/api/products', { token: owner.token })).body;

describe('importing Metrc packages', () => {
  it('makes a product of each package, with its name, category, unit, stock, tag, batch and lab state, and sends it to devices', async () => {
    const imported = await importing({ labels: [TAG('00001'), TAG('00002')] });
    expect(imported.status).toBe(200);
    const [gelato, tangie] = imported.body.products;
    expect(gelato).toMatchObject({
      strainName: 'Gelato Flower',
      category: 'flower',
      unitType: 'g',
      availableQuantity: '453.590',
      pricePerUnit: null,
      metrcPackageLabel: TAG('00001'),
      batchNumber: 'B-00001',
      labTestingState: 'TestPassed',
    });
    expect(tangie).toMatchObject({ strainName: 'Tangie Pre-Roll 1g', category: 'preroll', unitType: 'unit', availableQuantity: '250.000', labTestingState: 'TestingInProgress' });
    expect((await catalogue()).map((product) => product.id).sort()).toEqual([gelato!.id, tangie!.id].sort());
    const pull = await t.request<PullResponse>('GET', '/api/sync/pull', { token: owner.token });
    const pulled = pull.body.products.find((product) => product.id === gelato!.id);
    expect(pulled).toMatchObject({ metrcPackageLabel: TAG('00001'), batchNumber: 'B-00001', labTestingState: 'TestPassed' });
    const listed = (await t.request<{ packages: { label: string; productId: string | null }[] }>('GET', '/api/metrc/packages', { token: owner.token })).body.packages;
    expect(listed.find((item) => item.label === TAG('00001'))?.productId).toBe(gelato!.id);
  });

  it('updates the product a package was imported as, never making a second', async () => {
    const before = await catalogue();
    const again = await importing({ labels: [TAG('00001')] });
    expect(again.status).toBe(200);
    expect(again.body.products[0]?.id).toBe(before.find((product) => product.metrcPackageLabel === TAG('00001'))?.id);
    expect(await catalogue()).toHaveLength(before.length);
  });

  it('links packages to a product of the catalogue: its stock is theirs together, and it names the one to sell first', async () => {
    const product = (await t.request<Product>('POST', '/api/products', { token: owner.token, body: { strainName: 'Gelato (house)', unitType: 'g', pricePerUnit: '4.50' } })).body;
    const linked = await importing({ labels: [TAG('00003'), TAG('00004')], productId: product.id });
    expect(linked.status).toBe(200);
    expect(linked.body.products).toEqual([
      expect.objectContaining({
        id: product.id,
        strainName: 'Gelato (house)',
        pricePerUnit: '4.50',
        availableQuantity: '150.500',
        metrcPackageLabel: TAG('00003'),
        batchNumber: 'B-EARLY',
      }),
    ]);

    // A package moved from the product it was imported as: that product holds what it has left (nothing).
    const own = (await importing({ labels: [TAG('00006')] })).body.products[0]!;
    const moved = await importing({ labels: [TAG('00006')], productId: product.id });
    expect(moved.body.products.map((item) => [item.id, item.availableQuantity])).toEqual([
      [product.id, '160.500'],
      [own.id, '0.000'],
    ]);
    expect((await importing({ labels: [TAG('00006')] })).body.products.map((item) => item.id)).toEqual([product.id]);

    const otherUnit = await importing({ labels: [TAG('00002')], productId: product.id });
    expect(otherUnit.status).toBe(409);
    expect(otherUnit.body.message).toBe(`Package ${TAG('00002')} is counted in Each, and Gelato (house) in g: link it to a product counted the same way.`);
  });

  it("follows Metrc's changes on the next read: a new quantity, a new lab state, a finished package sold out", async () => {
    t.clock.advance(DAY_MS);
    put('00001', START + DAY_MS - 1000, { quantity: 200 });
    put('00002', START + DAY_MS - 1000, { itemName: 'Tangie Pre-Roll 1g', category: 'Pre-Roll Flower', unitOfMeasure: 'Each', quantity: 250, labTestingState: 'TestPassed' });
    put('00003', START + DAY_MS - 1000, { quantity: 0, finished: true, expirationDate: '2027-01-15', productionBatchNumber: 'B-EARLY' });
    expect((await t.request('POST', '/api/metrc/refresh', { token: owner.token })).status).toBe(200);
    const byLabel = (label: string) => catalogueNow.find((product) => product.metrcPackageLabel === label);
    const catalogueNow = await catalogue();
    expect(byLabel(TAG('00001'))?.availableQuantity).toBe('200.000');
    expect(byLabel(TAG('00002'))?.labTestingState).toBe('TestPassed');
    // The finished package no longer counts; the linked product now names the package that expires next.
    expect(byLabel(TAG('00006'))).toMatchObject({ strainName: 'Gelato (house)', availableQuantity: '60.500' });

    put('00004', START + DAY_MS - 500, { quantity: 0, finished: true, expirationDate: null });
    put('00006', START + DAY_MS - 500, { itemName: 'Gelato Smalls', quantity: 0, finished: true, expirationDate: '2027-06-01' });
    t.clock.advance(60_000);
    await t.request('POST', '/api/metrc/refresh', { token: owner.token });
    expect((await catalogue()).find((product) => product.strainName === 'Gelato (house)')?.availableQuantity).toBe('0.000');
  });

  it('refuses a package the copy does not hold, one no product can be counted in, and bad input, writing nothing', async () => {
    const before = await catalogue();
    const unknown = await importing({ labels: [TAG('99999')] });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({
      message: `Package ${TAG('99999')} is not among the facility's active packages in Metrc: read the packages again.`,
      errors: { labels: expect.any(String) },
    });
    const millilitres = await importing({ labels: [TAG('00005')] });
    expect(millilitres.status).toBe(409);
    expect(millilitres.body.message).toBe(`Package ${TAG('00005')} is counted in Milliliters, which no product here is counted in.`);
    expect((await importing({ labels: [] })).body).toMatchObject({ reason: 'validation', message: 'Choose at least one package' });
    expect((await importing({ labels: 'all' })).status).toBe(400);
    expect(await catalogue()).toEqual(before);
  });

  it('is for owners and managers of a connected team', async () => {
    const rep = await t.joinTeam(owner, 'rep');
    const refused = await importing({ labels: [TAG('00001')] }, rep.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('A rep cannot change prices or stock: ask an owner or a manager');
    const manager = await t.joinTeam(owner, 'manager');
    expect((await importing({ labels: [TAG('00001')] }, manager.token)).status).toBe(200);
    const stranger = await t.registerUser('seller');
    expect((await importing({ labels: [TAG('00001')] }, stranger.token)).status).toBe(409);
  });
});
