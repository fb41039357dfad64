/**
 * GET /api/sync/pull against the guarantees of the sync design
 * (sync/README.md, property 6 and the cursor trap) and sync/contract/protocol.ts step 2.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { SavedMenu } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import { productCreateSchema } from '../../sync/entities/product';
import { pullResponseSchema, pushResponseSchema, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import * as syncRepository from '../db/repositories/sync';
import { createProduct as createProductInDomain } from '../products/product-service';
import { createTestApp, type TestApp } from '../testing/test-app';

type Pushed = { seq: number; name: MutationName; args: unknown };

let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** One device of one user: pushes with increasing sequence numbers and pulls with its client id. */
function device(account: AuthResponse) {
  const clientId = randomUUID();
  let seq = 0;
  return {
    clientId,
    async push(name: MutationName, args: unknown): Promise<PushResponse> {
      seq += 1;
      const mutations: Pushed[] = [{ seq, name, args }];
      const res = await t.request<PushResponse>('POST', '/api/sync/push', { token: account.token, body: { clientId, mutations } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = pushResponseSchema.parse(res.body);
      expect(body.results, JSON.stringify(body.results)).toEqual([{ seq, outcome: 'applied' }]);
      return body;
    },
    async pull(cursor: number | string): Promise<PullResponse> {
      const res = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=${cursor}&clientId=${clientId}`, { token: account.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return pullResponseSchema.parse(res.body);
    },
  };
}

const newProduct = (strainName: string, extra: Record<string, unknown> = {}) => ({ id: randomUUID(), strainName, ...extra });
const newMenu = (name: string, productIds: string[] = [], extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  publicLinkId: randomUUID(),
  name,
  productIds,
  ...extra,
});
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();
const sorted = (values: string[]) => [...values].sort();

async function restCreateProduct(token: string, body: Record<string, unknown>) {
  const res = await t.request<Product>('POST', '/api/products', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('Property 6: a pull returns exactly what changed for its user', () => {
  it("a first pull (cursor 0) returns the seller's products, menus with productIds in order, the user and lastProcessedSeq", async () => {
    const seller = await t.registerUser('seller', { businessName: 'Green Acres' });
    const phone = device(seller);
    const [a, b, c] = [newProduct('Alpha', { pricePerUnit: '10' }), newProduct('Bravo'), newProduct('Charlie')];
    for (const product of [a, b, c]) await phone.push('product.create', product);
    const menu = newMenu('Ordered menu', [c.id, a.id, b.id]);
    await phone.push('menu.create', menu);
    const empty = newMenu('Empty menu');
    await phone.push('menu.create', empty);

    const first = await phone.pull(0);
    expect(first.user).toMatchObject({ id: seller.user.id, role: 'seller', businessName: 'Green Acres' });
    expect(ids(first.products)).toEqual(sorted([a.id, b.id, c.id]));
    expect(first.products.find((p) => p.id === a.id)).toMatchObject({ strainName: 'Alpha', pricePerUnit: '10.00', userId: seller.user.id });
    expect(first.menus.map((m) => [m.id, m.productIds])).toEqual(
      expect.arrayContaining([
        [menu.id, [c.id, a.id, b.id]],
        [empty.id, []],
      ]),
    );
    expect(first.menus).toHaveLength(2);
    expect(first.menus.find((m) => m.id === menu.id)?.publicLinkId).toBe(menu.publicLinkId);
    expect(first.savedMenus).toEqual([]);
    expect(first.deleted).toEqual([]);
    expect(first.lastProcessedSeq).toBe(5);
    expect(first.cursor).toBeGreaterThan(0);

    // What the first pull gave is what the REST routes give.
    const rest = await t.request<Product[]>('GET', '/api/products', { token: seller.token });
    expect(ids(first.products)).toEqual(ids(rest.body));
    for (const product of rest.body) expect(first.products.find((p) => p.id === product.id)).toEqual(product);
  });

  it('a second pull with the returned cursor returns nothing new; after an update it returns exactly that product', async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const [a, b] = [newProduct('Stays', { pricePerUnit: '1' }), newProduct('Changes', { pricePerUnit: '1' })];
    await phone.push('product.create', a);
    await phone.push('product.create', b);
    await phone.push('menu.create', newMenu('Has both', [a.id, b.id]));

    const first = await phone.pull(0);
    const second = await phone.pull(first.cursor);
    expect(second).toMatchObject({ products: [], menus: [], savedMenus: [], deleted: [], lastProcessedSeq: 3 });
    expect(second.cursor).toBeGreaterThanOrEqual(first.cursor);
    expect(second.user.id).toBe(seller.user.id);

    await phone.push('product.update', { id: b.id, changes: { pricePerUnit: '2.5' } });
    const third = await phone.pull(second.cursor);
    expect(third.products.map((p) => [p.id, p.pricePerUnit])).toEqual([[b.id, '2.50']]);
    expect(third.menus).toEqual([]);
    expect(third.deleted).toEqual([]);
    expect(third.lastProcessedSeq).toBe(4);
    expect(third.cursor).toBeGreaterThan(second.cursor);

    // The old cursor still gives the whole story since then.
    const fromFirst = await phone.pull(first.cursor);
    expect(fromFirst.products.map((p) => p.id)).toEqual([b.id]);
  });

  it('after a product is deleted, the pull returns its tombstone and the menus that contained it, without it', async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const [keep, gone] = [newProduct('Keep'), newProduct('Gone')];
    await phone.push('product.create', keep);
    await phone.push('product.create', gone);
    const withBoth = newMenu('With both', [gone.id, keep.id]);
    const withGone = newMenu('With gone only', [gone.id]);
    const untouched = newMenu('Without it', [keep.id]);
    for (const menu of [withBoth, withGone, untouched]) await phone.push('menu.create', menu);
    const before = await phone.pull(0);

    await phone.push('product.delete', { id: gone.id });
    const after = await phone.pull(before.cursor);
    expect(after.deleted).toEqual([{ entity: 'product', id: gone.id }]);
    expect(after.products).toEqual([]);
    expect(after.menus.map((m) => [m.id, m.productIds]).sort()).toEqual(
      [
        [withBoth.id, [keep.id]],
        [withGone.id, []],
      ].sort(),
    );
    expect(after.lastProcessedSeq).toBe(6);

    // A first pull after the deletion just doesn't have the product (no tombstones are needed from cursor 0).
    const fresh = await phone.pull(0);
    expect(ids(fresh.products)).toEqual([keep.id]);
    expect(fresh.deleted).toEqual([]);

    await phone.push('menu.delete', { id: untouched.id });
    const afterMenuDelete = await phone.pull(after.cursor);
    expect(afterMenuDelete.deleted).toEqual([{ entity: 'menu', id: untouched.id }]);
    expect(afterMenuDelete.menus).toEqual([]);
  });

  it("lastProcessedSeq is this client's own: another device of the same user, or none, reports its own", async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const tablet = device(seller);
    await phone.push('product.create', newProduct('Phone one'));
    await phone.push('product.create', newProduct('Phone two'));
    await tablet.push('product.create', newProduct('Tablet one'));

    expect((await phone.pull(0)).lastProcessedSeq).toBe(2);
    expect((await tablet.pull(0)).lastProcessedSeq).toBe(1);
    expect((await device(seller).pull(0)).lastProcessedSeq).toBe(0);
    const noClient = await t.request<PullResponse>('GET', '/api/sync/pull?cursor=0', { token: seller.token });
    expect(noClient.status).toBe(200);
    expect(noClient.body.lastProcessedSeq).toBe(0);
    expect(noClient.body.products).toHaveLength(3);
  });

  it("a buyer's pull returns their saved menus (and their removal as a tombstone), and no products or menus", async () => {
    const seller = await t.registerUser('seller', { businessName: 'Supplier Co' });
    const sellerPhone = device(seller);
    const product = newProduct('On the menu');
    await sellerPhone.push('product.create', product);
    const menu = newMenu('Wholesale list', [product.id], { isPublic: true });
    await sellerPhone.push('menu.create', menu);

    const buyer = await t.registerUser('buyer');
    const buyerPhone = device(buyer);
    const saved = { id: randomUUID(), menuId: menu.id };
    await buyerPhone.push('savedMenu.save', saved);

    const first = await buyerPhone.pull(0);
    expect(first.user).toMatchObject({ id: buyer.user.id, role: 'buyer' });
    expect(first.products).toEqual([]);
    expect(first.menus).toEqual([]);
    expect(first.savedMenus).toHaveLength(1);
    expect(first.savedMenus[0]).toMatchObject({
      id: saved.id,
      buyerUserId: buyer.user.id,
      menuId: menu.id,
      menu: { name: 'Wholesale list', publicLinkId: menu.publicLinkId, sellerBusinessName: 'Supplier Co', productCount: 1 },
    });
    expect(first.lastProcessedSeq).toBe(1);

    const rest = await t.request<unknown[]>('GET', '/api/saved-menus', { token: buyer.token });
    expect(rest.body).toEqual(first.savedMenus);

    await buyerPhone.push('savedMenu.remove', { id: saved.id });
    const second = await buyerPhone.pull(first.cursor);
    expect(second.savedMenus).toEqual([]);
    expect(second.deleted).toEqual([{ entity: 'savedMenu', id: saved.id }]);
    expect(second.lastProcessedSeq).toBe(2);
  });

  it("one user's pull never contains another user's rows, including tombstones", async () => {
    const sellerA = await t.registerUser('seller');
    const sellerB = await t.registerUser('seller');
    const buyer = await t.registerUser('buyer');
    const a = device(sellerA);
    const b = device(sellerB);
    const buyerPhone = device(buyer);

    const aProduct = newProduct('A product');
    const bProducts = [newProduct('B product 1'), newProduct('B product 2')];
    await a.push('product.create', aProduct);
    for (const p of bProducts) await b.push('product.create', p);
    const aMenu = newMenu('A menu', [aProduct.id]);
    const bMenu = newMenu(
      'B menu',
      bProducts.map((p) => p.id),
      { isPublic: true },
    );
    await a.push('menu.create', aMenu);
    await b.push('menu.create', bMenu);
    await buyerPhone.push('savedMenu.save', { id: randomUUID(), menuId: bMenu.id });

    const aFirst = await a.pull(0);
    const bFirst = await b.pull(0);
    const buyerFirst = await buyerPhone.pull(0);
    expect(ids(aFirst.products)).toEqual([aProduct.id]);
    expect(ids(aFirst.menus)).toEqual([aMenu.id]);
    expect(aFirst.user.id).toBe(sellerA.user.id);
    expect(ids(bFirst.products)).toEqual(sorted(bProducts.map((p) => p.id)));
    expect(ids(bFirst.menus)).toEqual([bMenu.id]);
    expect(buyerFirst.products).toEqual([]);
    expect(buyerFirst.menus).toEqual([]);

    // B deletes a product (touching B's menu) and then the menu (cascading to the buyer's saved copy).
    await b.push('product.delete', { id: bProducts[0]!.id });
    await b.push('menu.delete', { id: bMenu.id });
    const aNext = await a.pull(aFirst.cursor);
    expect(aNext).toMatchObject({ products: [], menus: [], savedMenus: [], deleted: [] });
    const bNext = await b.pull(bFirst.cursor);
    expect(bNext.deleted).toEqual([
      { entity: 'product', id: bProducts[0]!.id },
      { entity: 'menu', id: bMenu.id },
    ]);
    const buyerNext = await buyerPhone.pull(buyerFirst.cursor);
    expect(buyerNext.deleted).toEqual([{ entity: 'savedMenu', id: buyerFirst.savedMenus[0]!.id }]);
    expect(buyerNext.products).toEqual([]);
    expect(buyerNext.menus).toEqual([]);

    // And from cursor 0 again, every row of every pull still belongs to its own user.
    for (const [account, dev] of [
      [sellerA, a],
      [sellerB, b],
    ] as const) {
      const all = await dev.pull(0);
      expect(all.products.every((p) => p.userId === account.user.id)).toBe(true);
      expect(all.menus.every((m) => m.userId === account.user.id)).toBe(true);
    }
    const aFromEarly = await a.pull(1);
    expect(aFromEarly.deleted).toEqual([]);
  });
});

describe('REST and sync stay in step', () => {
  it('a change through REST is seen by pull', async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const start = await phone.pull(0);

    const product = await restCreateProduct(seller.token, { strainName: 'Made on the web', pricePerUnit: '3' });
    const afterCreate = await phone.pull(start.cursor);
    expect(afterCreate.products).toEqual([product]);

    const updated = await t.request<Product>('PUT', `/api/products/${product.id}`, { token: seller.token, body: { description: 'Edited on the web' } });
    expect(updated.status).toBe(200);
    const menu = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Web menu', productIds: [product.id] } });
    expect(menu.status).toBe(201);
    const afterEdit = await phone.pull(afterCreate.cursor);
    expect(afterEdit.products).toEqual([updated.body]);
    expect(afterEdit.menus).toEqual([menu.body]);

    const profile = await t.request('PUT', '/api/auth/user', { token: seller.token, body: { city: 'Portland' } });
    expect(profile.status).toBe(200);
    expect((await phone.pull(afterEdit.cursor)).user.city).toBe('Portland');

    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: seller.token })).status).toBe(204);
    const afterDelete = await phone.pull(afterEdit.cursor);
    expect(afterDelete.deleted).toEqual([{ entity: 'product', id: product.id }]);
    expect(afterDelete.menus.map((m) => [m.id, m.productIds])).toEqual([[menu.body.id, []]]);
  });

  it('a change through push is seen by the REST GET routes', async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const product = newProduct('Made offline', { pricePerUnit: '4', category: 'edible', unitType: 'unit' });
    await phone.push('product.create', product);
    const menu = newMenu('Offline menu', [product.id]);
    await phone.push('menu.create', menu);

    const list = await t.request<Product[]>('GET', '/api/products', { token: seller.token });
    expect(list.body.find((p) => p.id === product.id)).toMatchObject({ strainName: 'Made offline', pricePerUnit: '4.00', unitType: 'unit' });
    const menuRest = await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token });
    expect(menuRest.body).toMatchObject({ name: 'Offline menu', productIds: [product.id], publicLinkId: menu.publicLinkId });

    await phone.push('product.update', { id: product.id, changes: { strainName: 'Renamed offline' } });
    await phone.push('menu.update', { id: menu.id, changes: { name: 'Renamed menu', isPublic: true } });
    await phone.push('profile.update', { businessName: 'Offline Farms' });
    expect((await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body.find((p) => p.id === product.id)?.strainName).toBe('Renamed offline');
    expect((await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token })).body).toMatchObject({ name: 'Renamed menu', isPublic: true });
    expect((await t.request<{ businessName: string }>('GET', '/api/auth/user', { token: seller.token })).body.businessName).toBe('Offline Farms');

    // What pull hands the device is what the REST routes hand the web.
    const pulled = await phone.pull(0);
    const restProducts = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    const restMenus = (await t.request<Menu[]>('GET', '/api/menus', { token: seller.token })).body;
    expect(sorted(pulled.products.map((p) => JSON.stringify(p)))).toEqual(sorted(restProducts.map((p) => JSON.stringify(p))));
    expect(sorted(pulled.menus.map((m) => JSON.stringify(m)))).toEqual(sorted(restMenus.map((m) => JSON.stringify(m))));

    await phone.push('product.delete', { id: product.id });
    expect((await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body.map((p) => p.id)).not.toContain(product.id);
    expect((await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token })).body.productIds).toEqual([]);
    await phone.push('menu.delete', { id: menu.id });
    expect((await t.request('GET', `/api/menus/${menu.id}`, { token: seller.token })).status).toBe(404);
  });

  it('a buyer saving through push is seen by GET /api/saved-menus, and a save through REST is seen by pull', async () => {
    const seller = await t.registerUser('seller');
    const sellerPhone = device(seller);
    const menuA = newMenu('Menu A', [], { isPublic: true });
    const menuB = newMenu('Menu B', [], { isPublic: true });
    await sellerPhone.push('menu.create', menuA);
    await sellerPhone.push('menu.create', menuB);

    const buyer = await t.registerUser('buyer');
    const buyerPhone = device(buyer);
    const start = await buyerPhone.pull(0);
    const viaPush = { id: randomUUID(), menuId: menuA.id };
    await buyerPhone.push('savedMenu.save', viaPush);
    const rest = await t.request<Array<{ id: string }>>('GET', '/api/saved-menus', { token: buyer.token });
    expect(rest.body.map((s) => s.id)).toEqual([viaPush.id]);

    const viaRest = await t.request<SavedMenu>('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menuB.id } });
    expect(viaRest.status).toBe(201);
    const pulled = await buyerPhone.pull(start.cursor);
    expect(sorted(pulled.savedMenus.map((s) => s.id))).toEqual(sorted([viaPush.id, viaRest.body.id]));
  });
});

describe('the pull cursor', () => {
  it.each(['abc', '-1', '1.5', 'Infinity', '9007199254740993', 'NaN'])('a cursor that is not a non-negative integer (%s) is a 400', async (cursor) => {
    const seller = await t.registerUser('seller');
    const res = await t.request<ErrorBody>('GET', `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&clientId=${randomUUID()}`, {
      token: seller.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'validation', message: expect.any(String) });
  });

  it('a pull without sign-in is a 401', async () => {
    const res = await t.request<ErrorBody>('GET', '/api/sync/pull?cursor=0');
    expect(res.status).toBe(401);
  });

  it('the pull cursor never skips: a write after a pull is seen from that cursor, and so is one committing while the pull runs', async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const first = await phone.pull(0);

    // A plain write after the pull.
    const later = newProduct('Written after the pull');
    await phone.push('product.create', later);
    const second = await phone.pull(first.cursor);
    expect(second.products.map((p) => p.id)).toEqual([later.id]);

    // A write still open while a pull runs: not in that pull, and not behind its cursor either.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const inFlight = newProduct('Committed during a pull');
    let written = false;
    const writing = t.services.db.transaction(async (tx) => {
      await createProductInDomain(t.services, seller.user, productCreateSchema.parse(inFlight), { userId: seller.user.id, role: 'owner' });
      written = true;
      await held;
      return tx.version;
    });
    await vi.waitFor(() => expect(written).toBe(true));
    const during = await phone.pull(second.cursor);
    expect(during.products.map((p) => p.id)).not.toContain(inFlight.id);
    commit();
    const writtenAt = await writing;
    expect(during.cursor).toBeLessThan(writtenAt);
    const afterwards = await phone.pull(during.cursor);
    expect(afterwards.products.map((p) => p.id)).toEqual([inFlight.id]);

    // A write committing at the very moment the pull reads its clock, just before or just after:
    // because the clock and the rows are read in one snapshot, it is in this pull or in the next one, never in neither.
    let cursor = afterwards.cursor;
    const realReadClock = syncRepository.readPullClock;
    for (const when of ['before', 'after'] as const) {
      const racing = newProduct(`Committed ${when} the clock is read`);
      const spy = vi.spyOn(syncRepository, 'readPullClock').mockImplementation(async (db) => {
        if (when === 'before') await createProductInDomain(t.services, seller.user, productCreateSchema.parse(racing), { userId: seller.user.id, role: 'owner' });
        const value = await realReadClock(db);
        if (when === 'after') await createProductInDomain(t.services, seller.user, productCreateSchema.parse(racing), { userId: seller.user.id, role: 'owner' });
        return value;
      });
      const racingPull = await phone.pull(cursor);
      spy.mockRestore();
      const next = await phone.pull(racingPull.cursor);
      expect(
        [...racingPull.products, ...next.products].map((p) => p.id),
        when,
      ).toContain(racing.id);
      cursor = next.cursor;
    }
  });

  it('reads a pull in one snapshot: a write committed between its reads is wholly in the next pull, none of it in this one', async () => {
    const seller = await t.registerUser('seller');
    const phone = device(seller);
    const start = await phone.pull(0);
    const racing = newProduct('Committed between two reads of a pull');
    const realFind = syncRepository.findSyncClient;
    // The device id is looked up with the clock and the rows: a write lands while they are read.
    vi.spyOn(syncRepository, 'findSyncClient').mockImplementation(async (db, clientId) => {
      await createProductInDomain(t.services, seller.user, productCreateSchema.parse(racing), { userId: seller.user.id, role: 'owner' });
      return realFind(db, clientId);
    });
    const during = await phone.pull(start.cursor);
    vi.restoreAllMocks();
    expect(during.products.map((p) => p.id)).toEqual([]);
    const next = await phone.pull(during.cursor);
    expect(next.products.map((p) => p.id)).toEqual([racing.id]);
  });
});
