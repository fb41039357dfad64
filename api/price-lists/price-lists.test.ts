/** Price lists: their routes and sync, exact decimals, who may write them, and the list a menu is priced by. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Menu } from '../../sync/entities/menu';
import type { PriceList } from '../../sync/entities/price-list';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { savedMenus } from '../db/schema';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { everyRow } from '../testing/database-tables';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let productId: string;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller');
  productId = (
    await t.request<{ id: string }>('POST', '/api/products', { token: owner.token, body: { strainName: 'Blue Dream', pricePerUnit: '1200.00', availableQuantity: '10' } })
  ).body.id;
});
afterEach(() => t.close());

async function rep(): Promise<AuthResponse> {
  const email = `rep-${randomUUID()}@test.example`;
  expect((await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role: 'rep' } })).status).toBe(201);
  const token = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
  return (await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Rita', role: 'seller', inviteToken: token } })).body;
}

const REP_MESSAGE = 'A rep cannot change price lists or the list a menu is priced by: ask an owner or a manager';

async function createList(body: Record<string, unknown>): Promise<PriceList> {
  const res = await t.request<PriceList>('POST', '/api/price-lists', { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('price lists', () => {
  it('keeps prices, percentages and quantities exact, and replaces a list whole', async () => {
    const list = await createList({
      name: 'Tier A',
      startsAt: '2026-01-01',
      endsAt: '2026-12-31',
      entries: [{ productId, price: '1150.5', minQuantity: 2, increment: '0.5', breaks: [{ minQuantity: '10', price: 1100 }] }],
    });
    expect(list).toMatchObject({
      name: 'Tier A',
      startsAt: '2026-01-01',
      endsAt: '2026-12-31',
      entries: [{ productId, price: '1150.50', percentOff: null, hidden: false, minQuantity: '2.000', increment: '0.500', breaks: [{ minQuantity: '10.000', price: '1100.00' }] }],
    });
    expect((await t.request<PriceList[]>('GET', '/api/price-lists', { token: owner.token })).body).toEqual([list]);

    const replaced = await t.request<PriceList>('PUT', `/api/price-lists/${list.id}`, {
      token: owner.token,
      body: { name: 'Tier B', entries: [{ productId, percentOff: '12.5', hidden: true }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id: list.id,
      name: 'Tier B',
      startsAt: null,
      endsAt: null,
      entries: [{ productId, price: null, percentOff: '12.50', hidden: true, breaks: [] }],
    });
  });

  it("answers not found for another team's list and refuses another team's product, bad entries and bad dates, writing nothing", async () => {
    const list = await createList({ name: 'Tier A' });
    const other = await t.registerUser('seller');
    expect((await t.request('PUT', `/api/price-lists/${list.id}`, { token: other.token, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/price-lists/${list.id}`, { token: other.token })).status).toBe(404);
    expect(await syncDevice(t, other.token).push('priceList.save', { id: list.id, name: 'Mine' })).toMatchObject({ outcome: 'refused', reason: 'not_found' });

    const before = await everyRow(t.services.db.read);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Theirs', entries: [{ productId, price: '1.00' }] }, 'entries.0.productId'],
      [{ name: 'Both', entries: [{ productId, price: '1.00', percentOff: '5' }] }, 'entries.0.percentOff'],
      [{ name: 'Sub-cent', entries: [{ productId, price: '1.001' }] }, 'entries.0.price'],
      [{ name: 'Backwards', startsAt: '2026-02-01', endsAt: '2026-01-01' }, 'endsAt'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request<ErrorBody>('POST', '/api/price-lists', { token: other.token, body });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), field).toContain(field);
    }
    expect(await everyRow(t.services.db.read)).toEqual(before);
  });

  it('deleting a list takes it off the customers and menus priced by it, and their replicas learn of it', async () => {
    const list = await createList({ name: 'Tier A' });
    const customer = (await t.request<Customer>('POST', '/api/customers', { token: owner.token, body: { name: 'Green Door', priceListId: list.id } })).body;
    const menu = (await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'Fall', productIds: [productId], priceListId: list.id } })).body;
    expect(menu.priceListId).toBe(list.id);
    const device = syncDevice(t, owner.token);
    const first = await device.pull();
    expect(first.priceLists.map((row) => row.id)).toEqual([list.id]);

    expect((await t.request('DELETE', `/api/price-lists/${list.id}`, { token: owner.token })).status).toBe(204);
    const next = await device.pull(first.cursor);
    expect(next.deleted).toContainEqual({ entity: 'priceList', id: list.id });
    expect(next.customers).toMatchObject([{ id: customer.id, priceListId: null }]);
    expect(next.menus).toMatchObject([{ id: menu.id, priceListId: null }]);
  });

  it("a changed list restamps only the saved copies it prices: its customers' and those of menus bound to it", async () => {
    const list = await createList({ name: 'Tier A', entries: [{ productId, price: '1100.00' }] });
    const menu = (await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'Fall', isPublic: true, productIds: [productId] } })).body;
    const bound = (await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'Trade', isPublic: true, productIds: [productId], priceListId: list.id } }))
      .body;
    const onList = await t.registerUser('buyer');
    const offList = await t.registerUser('buyer');
    const save = async (buyer: AuthResponse, saved: Menu) =>
      expect((await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: saved.id, publicLinkId: saved.publicLinkId } })).status).toBe(201);
    await save(onList, menu);
    await save(offList, menu);
    await save(offList, bound);
    // Saving put both buyers in the book; only one of them is given the list.
    const book = (await t.request<Customer[]>('GET', '/api/customers', { token: owner.token })).body;
    const entry = book.find((customer) => customer.buyerTeamId === onList.user.id)!;
    expect((await t.request('PATCH', `/api/customers/${entry.id}`, { token: owner.token, body: { priceListId: list.id } })).status).toBe(200);

    const copies = async () => {
      const rows = await t.services.db.read.select().from(savedMenus).all();
      const of = (buyer: AuthResponse, saved: Menu) => rows.find((row) => row.buyerUserId === buyer.user.id && row.menuId === saved.id)!;
      return { onList: of(onList, menu), offList: of(offList, menu), offListBound: of(offList, bound) };
    };
    const before = await copies();
    t.clock.advance(60_000);
    expect((await t.request('PUT', `/api/price-lists/${list.id}`, { token: owner.token, body: { name: 'Tier A', entries: [{ productId, price: '1050.00' }] } })).status).toBe(200);
    const after = await copies();
    expect(after.onList.version).toBeGreaterThan(before.onList.version);
    expect(after.offListBound.version).toBeGreaterThan(before.offListBound.version);
    expect(after.offList).toEqual(before.offList);

    // Deleting the list reprices the same copies, and still not the other buyer's.
    expect((await t.request('DELETE', `/api/price-lists/${list.id}`, { token: owner.token })).status).toBe(204);
    const deleted = await copies();
    expect(deleted.onList.version).toBeGreaterThan(after.onList.version);
    expect(deleted.offListBound.version).toBeGreaterThan(after.offListBound.version);
    expect(deleted.offList).toEqual(before.offList);
  });

  it('saves a whole list through push, made or replaced, and the pull carries it', async () => {
    const device = syncDevice(t, owner.token);
    const id = randomUUID();
    expect(await device.push('priceList.save', { id, name: 'Trade show', entries: [{ productId, percentOff: '10' }] })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('priceList.save', { id, name: 'Trade show', entries: [{ productId, percentOff: '15' }] })).toMatchObject({ outcome: 'applied' });
    expect((await device.pull()).priceLists).toMatchObject([{ id, entries: [{ productId, percentOff: '15.00' }] }]);
    expect(await device.push('priceList.delete', { id })).toMatchObject({ outcome: 'applied' });
  });

  it("a menu is bound only to one of the team's lists", async () => {
    const theirs = (await t.request<PriceList>('POST', '/api/price-lists', { token: (await t.registerUser('seller')).token, body: { name: 'Theirs' } })).body;
    const res = await t.request<ErrorBody>('POST', '/api/menus', { token: owner.token, body: { name: 'Fall', priceListId: theirs.id } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('priceListId');
  });
});

describe('a rep', () => {
  it('reads the lists but cannot write them nor change the list a menu is priced by: 403 over REST, refused with the reason over sync', async () => {
    const list = await createList({ name: 'Tier A', entries: [{ productId, price: '1000.00' }] });
    const seller = await rep();
    expect((await t.request<PriceList[]>('GET', '/api/price-lists', { token: seller.token })).body).toEqual([list]);
    for (const [method, path] of [
      ['POST', '/api/price-lists'],
      ['PUT', `/api/price-lists/${list.id}`],
      ['DELETE', `/api/price-lists/${list.id}`],
    ] as const) {
      const res = await t.request<ErrorBody>(method, path, { token: seller.token, body: { name: 'Rep list' } });
      expect([method, res.status, res.body.message]).toEqual([method, 403, REP_MESSAGE]);
    }
    const device = syncDevice(t, seller.token);
    expect((await device.pull()).priceLists.map((row) => row.id)).toEqual([list.id]);
    expect(await device.push('priceList.save', { id: list.id, name: 'Cheaper' })).toMatchObject({ outcome: 'refused', reason: 'forbidden', message: REP_MESSAGE });
    expect(await device.push('priceList.delete', { id: list.id })).toMatchObject({ outcome: 'refused', message: REP_MESSAGE });

    const menuId = randomUUID();
    expect(await device.push('menu.create', { id: menuId, publicLinkId: randomUUID(), name: 'Bound', priceListId: list.id })).toMatchObject({
      outcome: 'refused',
      message: REP_MESSAGE,
    });
    // A rep changes only the menus they made: the rep's own menu, which an owner binds to the list.
    expect(await device.push('menu.create', { id: menuId, publicLinkId: randomUUID(), name: 'Bound' })).toMatchObject({ outcome: 'applied' });
    expect((await t.request<Menu>('PUT', `/api/menus/${menuId}`, { token: owner.token, body: { priceListId: list.id } })).body).toMatchObject({ priceListId: list.id });
    // A rep's edit keeps the list the menu has.
    expect(await device.push('menu.update', { id: menuId, changes: { name: 'Renamed', priceListId: list.id } })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('menu.update', { id: menuId, changes: { priceListId: null } })).toMatchObject({ outcome: 'refused', message: REP_MESSAGE });
    expect((await t.request<Menu>('GET', `/api/menus/${menuId}`, { token: owner.token })).body).toMatchObject({ name: 'Renamed', priceListId: list.id });
  });
});
