/**
 * A SKU names one product of a catalogue (a re-imported spreadsheet matches
 * rows on it), over REST and sync alike; another seller may use the same code.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../sync/entities/product';
import type { PushResponse } from '../../sync/contract/protocol';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
});
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>) => t.request<Product & ErrorBody>('POST', '/api/products', { token, body });

describe('product SKUs', () => {
  it('keeps a trimmed SKU, refuses it on a second product of the same seller with a field error, and lets another seller use it', async () => {
    const first = await create(seller.token, { strainName: 'Blue Dream', sku: '  BD-100 ' });
    expect(first.status).toBe(201);
    expect(first.body.sku).toBe('BD-100');

    const twin = await create(seller.token, { strainName: 'Blue Dream 2', sku: 'BD-100' });
    expect(twin.status).toBe(400);
    expect(twin.body).toMatchObject({ message: 'SKU BD-100 is already used by Blue Dream', errors: { sku: 'SKU BD-100 is already used by Blue Dream' } });

    expect((await create(otherSeller.token, { strainName: 'Their Dream', sku: 'BD-100' })).status).toBe(201);
    const mine = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(mine.map((product) => product.strainName)).toEqual(['Blue Dream']);
  });

  it("lets a product keep its own SKU on update, and refuses taking another product's", async () => {
    const kush = (await create(seller.token, { strainName: 'Kush', sku: 'K-1' })).body;
    const haze = (await create(seller.token, { strainName: 'Haze', sku: 'H-1' })).body;
    const same = await t.request<Product>('PUT', `/api/products/${kush.id}`, { token: seller.token, body: { sku: 'K-1', availableQuantity: '4' } });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ sku: 'K-1', availableQuantity: '4.000' });

    const taken = await t.request<ErrorBody>('PUT', `/api/products/${haze.id}`, { token: seller.token, body: { sku: 'K-1' } });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ sku: 'SKU K-1 is already used by Kush' });

    const cleared = await t.request<Product>('PUT', `/api/products/${haze.id}`, { token: seller.token, body: { sku: '' } });
    expect(cleared.body.sku).toBeNull();
    const freed = await t.request<Product>('PUT', `/api/products/${kush.id}`, { token: seller.token, body: { sku: 'H-1' } });
    expect(freed.body.sku).toBe('H-1');
  });

  it('refuses a pushed product whose SKU is taken, with its reason, and applies the rest of the batch', async () => {
    await create(seller.token, { strainName: 'Gelato', sku: 'G-1' });
    const clientId = randomUUID();
    const takenId = randomUUID();
    const freshId = randomUUID();
    const res = await t.request<PushResponse>('POST', '/api/sync/push', {
      token: seller.token,
      body: {
        clientId,
        mutations: [
          { seq: 1, name: 'product.create', args: { id: takenId, strainName: 'Gelato Twin', sku: 'G-1', selectedMenus: [] } },
          { seq: 2, name: 'product.create', args: { id: freshId, strainName: 'Gelato Fresh', sku: 'G-2', selectedMenus: [] } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ seq: 1, outcome: 'refused', reason: 'validation', message: 'SKU G-1 is already used by Gelato' }),
      expect.objectContaining({ seq: 2, outcome: 'applied' }),
    ]);
    const mine = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(mine.find((product) => product.id === takenId)).toBeUndefined();
    expect(mine.find((product) => product.id === freshId)?.sku).toBe('G-2');
  });
});
