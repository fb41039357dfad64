/**
 * A pull from nothing comes in pages (sync/contract/protocol.ts, step 2): together they are the team's state as of the
 * first answer's clock, with no row twice and none missing; what changes while they come arrives with the next pull;
 * a page asked again after a dropped answer is the same page; a rep's pages hold only what the rep may see.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { pullResponseSchema, type PullResponse } from '../../sync/contract/protocol';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let rep: AuthResponse;
let buyer: AuthResponse;
let products: Product[];
let repsCustomer: Customer;
let menu: Menu;

const pullPage = async (account: AuthResponse, query: string) => pullResponseSchema.parse(await t.ok('GET', `/api/sync/pull?${query}`, account.token));

/** Every page of a pull from nothing, `limit` rows a page, as a device asks for them. */
async function allPages(account: AuthResponse, limit: number): Promise<PullResponse[]> {
  const pages = [await pullPage(account, `cursor=0&clientId=${randomUUID()}&limit=${limit}`)];
  while (pages.at(-1)!.nextPage) pages.push(await pullPage(account, `page=${pages.at(-1)!.nextPage}&limit=${limit}`));
  return pages;
}

const idsIn = (pages: PullResponse[], name: 'products' | 'customers' | 'orders' | 'menus') => pages.flatMap((page) => page[name].map((row) => row.id));
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Paged Farms' });
  rep = await t.joinTeam(owner, 'rep');
  buyer = await t.registerUser('buyer', { companyName: 'Paged Dispensary' });
  products = [];
  for (let n = 1; n <= 7; n++) {
    products.push(await t.ok<Product>('POST', '/api/products', owner.token, { strainName: `Strain ${n}`, pricePerUnit: '2.00', unitType: 'unit', availableQuantity: '1000' }, 201));
  }
  for (const name of ['North Door', 'South Door']) await t.ok<Customer>('POST', '/api/customers', owner.token, { name }, 201);
  repsCustomer = await t.ok<Customer>('POST', '/api/customers', owner.token, { name: 'East Door', repUserId: rep.user.id }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', owner.token, { name: 'List', isPublic: true, productIds: products.map((product) => product.id) }, 201);
  for (let n = 0; n < 3; n++) {
    await t.ok<Order>('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: products[n]!.id, quantity: '1' }] }, 201);
  }
  await t.ok<Order>('POST', '/api/orders', owner.token, { id: randomUUID(), customerId: repsCustomer.id, lines: [{ productId: products[0]!.id, quantity: '2' }] }, 201);
});
afterAll(() => t.close());

describe('a pull from nothing in pages', () => {
  it('brings, page by page, exactly what one answer would, with the cursor and progress of the first', async () => {
    const whole = await pullPage(owner, `cursor=0&clientId=${randomUUID()}`);
    expect(whole.nextPage).toBeUndefined();
    const pages = await allPages(owner, 3);
    const rowsIn = (page: PullResponse) => page.products.length + page.customers.length + page.orders.length;
    // 7 products, 4 customers (the buyer who ordered joined the book) and 4 orders, 3 a page.
    expect(whole.customers).toHaveLength(4);
    expect(pages.map(rowsIn)).toEqual([3, 3, 3, 3, 3]);
    expect(pages[0]!.menus.map((row) => row.id)).toEqual([menu.id]);
    expect(pages.slice(1).every((page) => page.menus.length === 0)).toBe(true);
    for (const name of ['products', 'customers', 'orders'] as const) {
      const ids = idsIn(pages, name);
      expect(new Set(ids).size).toBe(ids.length);
      expect(sorted(ids)).toEqual(sorted(whole[name].map((row) => row.id)));
    }
    // The catalogue first, newest change first: the last order held stock of Strain 1.
    expect(pages[0]!.products.map((row) => row.strainName)).toEqual(['Strain 1', 'Strain 7', 'Strain 6']);
    expect(pages.every((page) => page.cursor === whole.cursor && page.full === true)).toBe(true);
    expect(pages.every((page) => JSON.stringify(page.totals) === JSON.stringify({ products: 7, customers: 4, orders: 4 }))).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.nextPage)).toBe(true);
  });

  it('leaves what changes while the pages come to the next pull, and loses nothing', async () => {
    const first = await pullPage(owner, `cursor=0&clientId=${randomUUID()}&limit=3`);
    const sent = first.products.map((row) => row.id);
    const notYetSent = products.map((product) => product.id).filter((id) => !sent.includes(id));
    await t.ok('PUT', `/api/products/${sent[0]}`, owner.token, { strainName: 'Renamed while paging' });
    await t.ok('PUT', `/api/products/${notYetSent[0]}`, owner.token, { strainName: 'Also renamed' });
    await t.ok('DELETE', `/api/products/${notYetSent[1]}`, owner.token, undefined, 204);
    const added = await t.ok<Product>(
      'POST',
      '/api/products',
      owner.token,
      { strainName: 'Added while paging', pricePerUnit: '1.00', unitType: 'unit', availableQuantity: '1' },
      201,
    );

    const pages = [first];
    while (pages.at(-1)!.nextPage) pages.push(await pullPage(owner, `page=${pages.at(-1)!.nextPage}&limit=3`));
    const paged = idsIn(pages, 'products');
    expect(new Set(paged).size).toBe(paged.length);
    // The pages hold the state as of the first answer: a row changed since is not read again, one added not at all.
    expect(paged).not.toContain(notYetSent[0]);
    expect(paged).not.toContain(added.id);

    const next = await pullPage(owner, `cursor=${pages.at(-1)!.cursor}&clientId=${randomUUID()}`);
    expect(sorted(next.products.map((row) => row.id))).toEqual(sorted([sent[0]!, notYetSent[0]!, added.id]));
    expect(next.deleted).toContainEqual({ entity: 'product', id: notYetSent[1] });
    const onDevice = new Set([...paged, ...next.products.map((row) => row.id)]);
    onDevice.delete(notYetSent[1]!);
    const now = await pullPage(owner, `cursor=0&clientId=${randomUUID()}`);
    expect(sorted([...onDevice])).toEqual(sorted(now.products.map((row) => row.id)));
  });

  it('answers a page asked again, after an answer lost on the way, with the same rows', async () => {
    const first = await pullPage(owner, `cursor=0&clientId=${randomUUID()}&limit=2`);
    const once = await pullPage(owner, `page=${first.nextPage}&limit=2`);
    const again = await pullPage(owner, `page=${first.nextPage}&limit=2`);
    expect(again.products.map((row) => row.id)).toEqual(once.products.map((row) => row.id));
    expect(again.nextPage).toBe(once.nextPage);
  });

  it("holds only what a rep may see: the rep's customers and their orders", async () => {
    const pages = await allPages(rep, 1);
    expect(idsIn(pages, 'customers')).toEqual([repsCustomer.id]);
    const orders = pages.flatMap((page) => page.orders);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.customerId).toBe(repsCustomer.id);
    expect(pages[0]!.totals).toMatchObject({ customers: 1, orders: 1 });
  });

  it('refuses a page this server did not give and a page size out of bounds', async () => {
    for (const query of ['page=not-a-token', `page=${Buffer.from('{"clock":1}').toString('base64url')}`, 'cursor=0&limit=0', 'cursor=0&limit=1001', 'cursor=0&limit=ten']) {
      const response = await t.request<{ message: string; reason: string }>('GET', `/api/sync/pull?${query}`, { token: owner.token });
      expect(response.status).toBe(400);
      expect(response.body.reason).toBe('validation');
    }
  });
});
