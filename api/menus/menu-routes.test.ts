import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuSchema, type Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let products: Product[];
let theirProduct: Product;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function createProduct(token: string, strainName: string) {
  const res = await t.request<Product>('POST', '/api/products', { token, body: { strainName } });
  expect(res.status).toBe(201);
  return res.body;
}

async function createMenu(token: string, body: Record<string, unknown>) {
  const res = await t.request<Menu>('POST', '/api/menus', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
  products = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) products.push(await createProduct(seller.token, name));
  theirProduct = await createProduct(otherSeller.token, 'Foreign');
});
afterAll(() => t.close());

const ids = (...indexes: number[]) => indexes.map((i) => products[i]!.id);

describe('POST /api/menus', () => {
  it('creates a private menu with a public link id and the products in the given order', async () => {
    const res = await t.request<Menu>('POST', '/api/menus', {
      token: seller.token,
      body: { name: '  Spring drop  ', description: 'Fresh', productIds: ids(2, 0, 3) },
    });
    expect(res.status).toBe(201);
    const menu = menuSchema.parse(res.body);
    expect(menu).toMatchObject({
      userId: seller.user.id,
      name: 'Spring drop',
      description: 'Fresh',
      isPublic: false,
      productIds: ids(2, 0, 3),
    });
    expect(menu.publicLinkId).toMatch(UUID);
    const fetched = await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(menu);
  });

  it('gives every menu its own public link id and drops duplicate products', async () => {
    const a = await createMenu(seller.token, { name: 'A', isPublic: true, productIds: ids(1, 1, 0, 1) });
    const b = await createMenu(seller.token, { name: 'B' });
    expect(a.isPublic).toBe(true);
    expect(a.productIds).toEqual(ids(1, 0));
    expect(b.productIds).toEqual([]);
    expect(b.description).toBeNull();
    expect(a.publicLinkId).not.toBe(b.publicLinkId);
  });

  it("requires a menu name: 'Menu name is required'", async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      const res = await t.request<ErrorBody>('POST', '/api/menus', { token: seller.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Menu name is required');
      expect(res.body.errors?.name).toBe('Menu name is required');
    }
  });

  it("refuses another seller's product or an unknown product (400), creating nothing", async () => {
    const before = (await t.request<Menu[]>('GET', '/api/menus', { token: seller.token })).body.length;
    for (const foreign of [theirProduct.id, randomUUID()]) {
      const res = await t.request<ErrorBody>('POST', '/api/menus', {
        token: seller.token,
        body: { name: 'Mixed', productIds: [products[0]!.id, foreign] },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A menu can only list your own products');
    }
    const bad = await t.request<ErrorBody>('POST', '/api/menus', { token: seller.token, body: { name: 'Bad', productIds: ['nope'] } });
    expect(bad.status).toBe(400);
    expect((await t.request<Menu[]>('GET', '/api/menus', { token: seller.token })).body).toHaveLength(before);
  });
});

describe('GET /api/menus', () => {
  it("lists the seller's own menus only", async () => {
    const mine = await createMenu(seller.token, { name: 'Mine' });
    const theirs = await createMenu(otherSeller.token, { name: 'Theirs' });
    const res = await t.request<Menu[]>('GET', '/api/menus', { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.every((m) => m.userId === seller.user.id)).toBe(true);
    expect(res.body.map((m) => m.id)).toContain(mine.id);
    expect(res.body.map((m) => m.id)).not.toContain(theirs.id);
  });
});

describe('PUT /api/menus/:id', () => {
  it('changes the named fields, reorders products, and keeps the link id', async () => {
    const menu = await createMenu(seller.token, { name: 'Editable', description: 'Old', productIds: ids(0, 1) });
    const res = await t.request<Menu>('PUT', `/api/menus/${menu.id}`, {
      token: seller.token,
      body: { name: 'Edited', isPublic: true, productIds: ids(3, 1, 0) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: menu.id,
      name: 'Edited',
      description: 'Old',
      isPublic: true,
      productIds: ids(3, 1, 0),
      publicLinkId: menu.publicLinkId,
      createdAt: menu.createdAt,
    });
    const cleared = await t.request<Menu>('PUT', `/api/menus/${menu.id}`, { token: seller.token, body: { productIds: [] } });
    expect(cleared.body).toMatchObject({ name: 'Edited', productIds: [] });
  });

  it('keeps isPublic and productIds when a PUT leaves them out', async () => {
    const menu = await createMenu(seller.token, { name: 'Partial', isPublic: true, productIds: ids(2, 1) });
    const res = await t.request<Menu>('PUT', `/api/menus/${menu.id}`, { token: seller.token, body: { description: 'New text' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Partial', description: 'New text', isPublic: true, productIds: ids(2, 1) });
  });

  it('refuses a blank name and foreign products, leaving the menu as it was', async () => {
    const menu = await createMenu(seller.token, { name: 'Stable', productIds: ids(0) });
    const blank = await t.request<ErrorBody>('PUT', `/api/menus/${menu.id}`, { token: seller.token, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Menu name is required');
    const foreign = await t.request<ErrorBody>('PUT', `/api/menus/${menu.id}`, {
      token: seller.token,
      body: { name: 'Changed', productIds: [theirProduct.id] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('A menu can only list your own products');
    const stored = await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token });
    expect(stored.body).toEqual(menu);
  });
});

describe("another seller's menu", () => {
  it('is not found for GET, PUT and DELETE, and nothing changes', async () => {
    const theirs = await createMenu(otherSeller.token, { name: 'Private to them', productIds: [theirProduct.id] });
    const get = await t.request<ErrorBody>('GET', `/api/menus/${theirs.id}`, { token: seller.token });
    expect(get.status).toBe(404);
    expect(get.body.message).toBe('Menu not found');
    const put = await t.request<ErrorBody>('PUT', `/api/menus/${theirs.id}`, { token: seller.token, body: { name: 'Hijacked' } });
    expect(put.status).toBe(404);
    const del = await t.request<ErrorBody>('DELETE', `/api/menus/${theirs.id}`, { token: seller.token });
    expect(del.status).toBe(404);
    const stored = await t.request<Menu>('GET', `/api/menus/${theirs.id}`, { token: otherSeller.token });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(theirs);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await t.request('GET', `/api/menus/${randomUUID()}`, { token: seller.token })).status).toBe(404);
    expect((await t.request('GET', '/api/menus/not-a-uuid', { token: seller.token })).status).toBe(404);
  });
});

describe('DELETE /api/menus/:id', () => {
  it('deletes the menu but not its products', async () => {
    const menu = await createMenu(seller.token, { name: 'Doomed', productIds: ids(0, 1) });
    const res = await t.request('DELETE', `/api/menus/${menu.id}`, { token: seller.token });
    expect(res.status).toBe(204);
    expect((await t.request('GET', `/api/menus/${menu.id}`, { token: seller.token })).status).toBe(404);
    expect((await t.request('GET', `/api/public/menu/${menu.publicLinkId}`)).status).toBe(404);
    const list = await t.request<Product[]>('GET', '/api/products', { token: seller.token });
    expect(list.body.map((p) => p.id)).toEqual(expect.arrayContaining(ids(0, 1)));
    expect((await t.request('DELETE', `/api/menus/${menu.id}`, { token: seller.token })).status).toBe(404);
  });
});

describe('a seller whose trial has ended', () => {
  it('gets 402 when creating or editing a menu, but can still read', async () => {
    const local = createTestApp();
    try {
      const { token } = await local.registerUser('seller');
      const menu = await local.request<Menu>('POST', '/api/menus', { token, body: { name: 'Before expiry' } });
      expect(menu.status).toBe(201);
      local.clock.advance(15 * DAY_MS);
      const create = await local.request<ErrorBody>('POST', '/api/menus', { token, body: { name: 'After expiry' } });
      expect(create.status).toBe(402);
      expect(create.body.reason).toBe('subscription_required');
      const update = await local.request('PUT', `/api/menus/${menu.body.id}`, { token, body: { name: 'Renamed' } });
      expect(update.status).toBe(402);
      const list = await local.request<Menu[]>('GET', '/api/menus', { token });
      expect(list.status).toBe(200);
      expect(list.body.map((m) => m.name)).toEqual(['Before expiry']);
    } finally {
      local.close();
    }
  });
});
