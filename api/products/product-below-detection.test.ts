/**
 * A THC or CBD result below detection (a lab's ND or <LOQ) is kept as such, with the percentage empty, over REST and
 * sync alike, and the shared menu (its JSON and the page the server draws) shows it as "ND".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PushResponse } from '../../sync/contract/protocol';
import type { App } from '../app';
import { siteWithShell } from '../testing/site-with-shell';
import { createTestApp, type TestApp } from '../testing/test-app';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Wholesale Menus</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let site: App;
let seller: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  site = siteWithShell(t, INDEX_HTML);
  seller = await t.registerUser('seller');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => t.request<Product & ErrorBody>('POST', '/api/products', { token: seller.token, body });
const update = (id: string, body: Record<string, unknown>) => t.request<Product & ErrorBody>('PUT', `/api/products/${id}`, { token: seller.token, body });

describe('a potency below detection', () => {
  it('is kept with an empty percentage, and a product says nothing of it unless told', async () => {
    const nd = await create({ strainName: 'CBD Balm', category: 'topical', thcBelowDetection: true, cbdPercentage: '12.5' });
    expect(nd.status).toBe(201);
    expect(nd.body).toMatchObject({ thcPercentage: null, thcBelowDetection: true, cbdPercentage: '12.50', cbdBelowDetection: false });

    const plain = await create({ strainName: 'Plain Kush' });
    expect(plain.body).toMatchObject({ thcPercentage: null, thcBelowDetection: false, cbdBelowDetection: false });
    const listed = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(listed.find((product) => product.id === nd.body.id)).toMatchObject({ thcBelowDetection: true, thcPercentage: null });
  });

  it('refuses a percentage given together with below detection, with a field error, and writes nothing', async () => {
    const both = await create({ strainName: 'Confused', thcPercentage: '0.1', thcBelowDetection: true });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({
      message: 'THC % is below detection (ND): leave the percentage empty',
      errors: { thcPercentage: 'THC % is below detection (ND): leave the percentage empty' },
    });
    const listed = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(listed.some((product) => product.strainName === 'Confused')).toBe(false);
  });

  it('gives way to a percentage typed later, and clears the percentage when set', async () => {
    const gummies = (await create({ strainName: 'Gummies', category: 'edible', cbdBelowDetection: true })).body;
    const measured = await update(gummies.id, { cbdPercentage: '0.3' });
    expect(measured.status).toBe(200);
    expect(measured.body).toMatchObject({ cbdPercentage: '0.30', cbdBelowDetection: false });

    const retested = await update(gummies.id, { cbdBelowDetection: true });
    expect(retested.body).toMatchObject({ cbdPercentage: null, cbdBelowDetection: true });

    const both = await update(gummies.id, { cbdPercentage: '2', cbdBelowDetection: true });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual({ cbdPercentage: 'CBD % is below detection (ND): leave the percentage empty' });
  });

  it('arrives by sync as by REST, and a contradicting change is refused with its reason', async () => {
    const id = randomUUID();
    const refusedId = randomUUID();
    const res = await t.request<PushResponse>('POST', '/api/sync/push', {
      token: seller.token,
      body: {
        clientId: randomUUID(),
        mutations: [
          { seq: 1, name: 'product.create', args: { id, strainName: 'Synced Cart', category: 'vape', thcPercentage: '85', cbdBelowDetection: true, selectedMenus: [] } },
          { seq: 2, name: 'product.create', args: { id: refusedId, strainName: 'Both', thcPercentage: '1', thcBelowDetection: true, selectedMenus: [] } },
          { seq: 3, name: 'product.update', args: { id, changes: { thcBelowDetection: true } } },
        ],
      },
    });
    expect(res.body.results).toEqual([
      expect.objectContaining({ seq: 1, outcome: 'applied' }),
      expect.objectContaining({ seq: 2, outcome: 'refused', reason: 'validation', message: 'THC % is below detection (ND): leave the percentage empty' }),
      expect.objectContaining({ seq: 3, outcome: 'applied' }),
    ]);
    const listed = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(listed.find((product) => product.id === id)).toMatchObject({ thcPercentage: null, thcBelowDetection: true, cbdPercentage: null, cbdBelowDetection: true });
    expect(listed.some((product) => product.id === refusedId)).toBe(false);
  });

  it('shows as ND on the shared menu, in its JSON and on the page the server draws', async () => {
    const product = (await create({ strainName: 'Shared Rosin', category: 'concentrate', thcPercentage: '71.3', cbdBelowDetection: true })).body;
    const menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Lab Results', productIds: [product.id] } })).body;

    const shared = (await t.request<PublicMenu>('GET', `/api/public/menu/${menu.publicLinkId}`)).body;
    expect(shared.products[0]).toMatchObject({ thcPercentage: '71.30', thcBelowDetection: false, cbdPercentage: null, cbdBelowDetection: true });

    const html = await (await site.request(`http://menus.example/menu/${menu.publicLinkId}`)).text();
    expect(html).toContain('THC <!-- -->71.30%');
    expect(html).toContain('CBD <!-- -->ND');
  });
});
