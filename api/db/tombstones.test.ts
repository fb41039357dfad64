import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { SavedMenu } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { menus, products, savedMenus, syncClock, tombstones, users } from './schema';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
});
afterAll(() => t.close());

const clock = async () => (await t.services.db.read.select().from(syncClock).get())!.version;
const productVersion = async (id: string) => (await t.services.db.read.select().from(products).where(eq(products.id, id)).get())?.version;
const menuVersion = async (id: string) => (await t.services.db.read.select().from(menus).where(eq(menus.id, id)).get())?.version;
const userVersion = async (id: string) => (await t.services.db.read.select().from(users).where(eq(users.id, id)).get())?.version;
const tombstone = async (entity: string, entityId: string) =>
  await t.services.db.read
    .select()
    .from(tombstones)
    .where(and(eq(tombstones.entity, entity), eq(tombstones.entityId, entityId)))
    .get();

async function createProduct(strainName: string) {
  const res = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName } });
  expect(res.status).toBe(201);
  return res.body;
}

async function createMenu(name: string, productIds: string[] = []) {
  const res = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name, productIds, isPublic: true } });
  expect(res.status).toBe(201);
  return res.body;
}

describe('tombstones', () => {
  it('deleting a product leaves a tombstone at the current clock and marks its menus changed', async () => {
    const product = await createProduct('To delete');
    const menu = await createMenu('Shows it', [product.id]);
    expect(await tombstone('product', product.id)).toBeUndefined();
    const before = await clock();

    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: seller.token })).status).toBe(204);
    const now = await clock();
    expect(now).toBe(before + 1);
    expect(await tombstone('product', product.id)).toEqual({ entity: 'product', entityId: product.id, userId: seller.user.id, version: now });
    expect(await productVersion(product.id)).toBeUndefined();
    expect(await menuVersion(menu.id)).toBe(now);
  });

  it('deleting a menu leaves a tombstone, and one for every saved copy removed with it', async () => {
    const menu = await createMenu('Menu to delete');
    const saved = await t.request<SavedMenu>('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menu.id } });
    expect(saved.status).toBe(201);

    expect((await t.request('DELETE', `/api/menus/${menu.id}`, { token: seller.token })).status).toBe(204);
    const now = await clock();
    expect(await tombstone('menu', menu.id)).toEqual({ entity: 'menu', entityId: menu.id, userId: seller.user.id, version: now });
    expect(await tombstone('savedMenu', saved.body.id)).toEqual({
      entity: 'savedMenu',
      entityId: saved.body.id,
      userId: buyer.user.id,
      version: now,
    });
    expect(await t.services.db.read.select().from(savedMenus).where(eq(savedMenus.id, saved.body.id)).get()).toBeUndefined();
  });

  it('a refused delete leaves no tombstone and does not move the clock', async () => {
    const other = await t.registerUser('seller');
    const product = await createProduct('Stays');
    const before = await clock();
    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: other.token })).status).toBe(404);
    expect(await clock()).toBe(before);
    expect(await tombstone('product', product.id)).toBeUndefined();
    expect(await productVersion(product.id)).toBeDefined();
  });
});

describe('the change clock', () => {
  it('stamps every write with a strictly increasing version', async () => {
    const seen: number[] = [];
    const record = async (version: number | undefined, latest = true) => {
      if (latest) expect(version).toBe(await clock());
      seen.push(version!);
    };

    const product = await createProduct('Versioned');
    await record(await productVersion(product.id));
    await t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body: { pricePerUnit: '5' } });
    await record(await productVersion(product.id));
    await t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body: { pricePerUnit: '6' } });
    await record(await productVersion(product.id));

    const menu = await createMenu('Versioned menu');
    await record(await menuVersion(menu.id));
    await t.request('PUT', `/api/menus/${menu.id}`, { token: seller.token, body: { name: 'Renamed', productIds: [product.id] } });
    await record(await menuVersion(menu.id));
    // Adding a new product to a menu through selectedMenus changes the menu too.
    const added = await t.request<Product>('POST', '/api/products', {
      token: seller.token,
      body: { strainName: 'Joins menu', selectedMenus: [menu.id] },
    });
    expect(await productVersion(added.body.id)).toBe(await clock());
    await record(await menuVersion(menu.id));

    await t.request('PUT', '/api/auth/user', { token: seller.token, body: { city: 'Flint' } });
    await record(await userVersion(seller.user.id));
    // Registering writes the user, then (one more write) its session.
    const fresh = await t.registerUser('buyer');
    await record(await userVersion(fresh.user.id), false);
    expect(await userVersion(fresh.user.id)).toBe((await clock()) - 1);

    expect(seen).toHaveLength(8);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });

  it('does not move on a refused write', async () => {
    const product = await createProduct('Unchanged');
    const before = await clock();
    const bad = await t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body: { thcPercentage: '101' } });
    expect(bad.status).toBe(400);
    const foreign = await t.request('POST', '/api/menus', {
      token: (await t.registerUser('seller')).token,
      body: { name: 'Steals', productIds: [product.id] },
    });
    expect(foreign.status).toBe(400);
    // Registering the second seller was two writes (account, session); the two refused writes were none.
    expect(await clock()).toBe(before + 2);
    expect(await productVersion(product.id)).toBe(before);
  });
});
