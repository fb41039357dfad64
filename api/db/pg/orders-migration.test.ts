/**
 * The migration that turns order requests into orders, on SQLite and on PostgreSQL: each order request becomes an
 * order (`open` submitted, `accepted` accepted, `declined` rejected) numbered per seller in the order it was sent,
 * priced as it was, linked to its conversation, with a customer row for each buyer (none twice); messages stay messages.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderHistoryEntrySchema, orderLineSchema } from '../../../sync/entities/order';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { postgresInstallBefore, sqliteInstallBefore } from '../../testing/old-install';
import { createTestApp } from '../../testing/test-app';
import { customers } from '../schema';

const SQLITE_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

const dir = mkdtempSync(join(tmpdir(), 'menus-orders-migration-'));
const oldFile = join(dir, 'old.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Ids = { sellerA: string; sellerB: string; buyer1: string; buyer2: string; requests: string[] };
let ids: Ids;

/** An installation from before orders: two sellers, two buyers, four order requests, a message, and one buyer already in a book. */
beforeAll(async () => {
  const t = createTestApp({ now: () => new Date(Date.parse('2031-01-01T00:00:00.000Z')) });
  const sellerA = await t.registerUser('seller', { businessName: 'North Star Farms' });
  const sellerB = await t.registerUser('seller', { businessName: 'Elsewhere Growers' });
  const buyer1 = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  const buyer2 = await t.registerUser('buyer', { companyName: 'Hilltop Cannabis' });
  const post = async <T>(path: string, token: string, body: unknown) => {
    const res = await t.request<T>('POST', path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };
  const menuOf = async (seller: typeof sellerA, price: string) => {
    const product = await post<{ id: string }>('/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: price, availableQuantity: '100' });
    const menu = await post<{ id: string }>('/api/menus', seller.token, { name: 'List', isPublic: true, productIds: [product.id] });
    return { productId: product.id, menuId: menu.id };
  };
  const a = await menuOf(sellerA, '12.50');
  const b = await menuOf(sellerB, '3.00');
  const request = async (buyer: typeof buyer1, on: typeof a, quantity: string) => {
    t.clock.advance(60_000);
    return (await post<{ id: string }>('/api/inquiries', buyer.token, { id: randomUUID(), menuId: on.menuId, kind: 'order', items: [{ productId: on.productId, quantity }] })).id;
  };
  const requests = [await request(buyer1, a, '2'), await request(buyer2, a, '3'), await request(buyer1, a, '4'), await request(buyer2, b, '5')];
  await post(`/api/inquiries/${requests[1]}/status`, sellerA.token, { status: 'accepted' });
  await post(`/api/inquiries/${requests[2]}/status`, sellerA.token, { status: 'declined' });
  await post('/api/inquiries', buyer1.token, { id: randomUUID(), menuId: a.menuId, kind: 'message', message: 'Do you deliver?' });
  const now = new Date();
  await t.services.db.transaction(async (tx) => {
    // Writing to a seller puts the buyer in their book today; an installation from before orders had only the books
    // its sellers kept: here, one buyer in seller A's book.
    await tx.db.delete(customers).run();
    await tx.db
      .insert(customers)
      .values({
        id: randomUUID(),
        userId: sellerA.user.id,
        name: 'Corner (in the book)',
        buyerTeamId: buyer1.user.id,
        paymentTerms: 'net30',
        version: tx.version,
        createdAt: now,
        updatedAt: now,
      })
      .run();
  });
  ids = { sellerA: sellerA.user.id, sellerB: sellerB.user.id, buyer1: buyer1.user.id, buyer2: buyer2.user.id, requests };

  sqliteInstallBefore(dir, '0030_orders', t.services.env.databaseFile, oldFile);
  await t.close();
}, 120_000);

type OrderRow = {
  id: string;
  seller_id: string;
  buyer_id: string;
  customer_id: string;
  inquiry_id: string;
  number: number;
  status: string;
  lines: string;
  total_cents: number;
  payment_terms: string;
  history: string;
  stock_held: number | string;
};
const ORDERS =
  'SELECT id, seller_id, buyer_id, customer_id, inquiry_id, number, status, lines, total_cents, payment_terms, history, stock_held FROM orders ORDER BY seller_id, number';

function expectOrdersFromRequests(
  rows: OrderRow[],
  customerRows: Array<{ user_id: string; buyer_team_id: string; name: string }>,
  counters: Array<{ seller_id: string; last_number: number }>,
) {
  const [r1, r2, r3, r4] = ids.requests;
  const byId = new Map(rows.map((row) => [row.id, { ...row, number: Number(row.number), total_cents: Number(row.total_cents), stock_held: Number(row.stock_held) }]));
  expect(rows).toHaveLength(4);
  expect(byId.get(r1!)).toMatchObject({ seller_id: ids.sellerA, number: 1001, status: 'submitted', inquiry_id: r1, total_cents: 2500, payment_terms: 'net30' });
  expect(byId.get(r2!)).toMatchObject({ seller_id: ids.sellerA, number: 1002, status: 'accepted', inquiry_id: r2, total_cents: 3750, payment_terms: 'cod' });
  // Accepting an order request took nothing out of stock, so cancelling its order must give nothing back.
  expect(byId.get(r2!)?.stock_held).toBe(0);
  expect(byId.get(r3!)).toMatchObject({ seller_id: ids.sellerA, number: 1003, status: 'rejected', total_cents: 5000 });
  expect(byId.get(r4!)).toMatchObject({ seller_id: ids.sellerB, number: 1001, status: 'submitted', total_cents: 1500 });
  const lines = z.array(orderLineSchema).parse(JSON.parse(byId.get(r2!)!.lines));
  expect(lines).toEqual([
    expect.objectContaining({ strainName: 'Gelato', quantity: '3.000', unitPrice: '12.50', listPrice: '12.50', lineTotal: '37.50', deliveredQuantity: null }),
  ]);
  const history = z.array(orderHistoryEntrySchema).parse(JSON.parse(byId.get(r3!)!.history));
  expect(history.map((entry) => [entry.status, entry.byName])).toEqual([
    ['submitted', 'Corner Dispensary'],
    ['rejected', 'North Star Farms'],
  ]);
  expect(new Date(history[0]!.at).toISOString()).toBe(history[0]!.at);
  // The buyer already in seller A's book keeps their row; the others get one each.
  expect(customerRows.map((row) => [row.user_id === ids.sellerA ? 'A' : 'B', row.buyer_team_id === ids.buyer1 ? 1 : 2, row.name]).sort()).toEqual([
    ['A', 1, 'Corner (in the book)'],
    ['A', 2, 'Hilltop Cannabis'],
    ['B', 2, 'Hilltop Cannabis'],
  ]);
  for (const row of rows) expect(customerRows.some((customer) => customer.user_id === row.seller_id && customer.buyer_team_id === row.buyer_id)).toBe(true);
  expect(counters.map((row) => [row.seller_id, Number(row.last_number)]).sort()).toEqual(
    [
      [ids.sellerA, 1003],
      [ids.sellerB, 1001],
    ].sort(),
  );
}

const CUSTOMERS = 'SELECT id, user_id, buyer_team_id, name FROM customers';
const COUNTERS = 'SELECT seller_id, last_number FROM order_counters';

describe('the orders migration on SQLite', () => {
  it('makes an order of each order request, and keeps every other row', () => {
    const file = join(dir, 'migrated.db');
    cpSync(oldFile, file);
    const connection = new BetterSqlite3(file);
    const inquiriesBefore = connection.prepare('SELECT count(*) FROM inquiries').pluck().get();
    expect(connection.prepare("SELECT count(*) FROM inquiries WHERE kind = 'order'").pluck().get()).toBe(4);
    migrate(drizzle(connection), { migrationsFolder: SQLITE_MIGRATIONS });
    expect(connection.prepare('SELECT count(*) FROM inquiries').pluck().get()).toBe(inquiriesBefore);
    const customerRows = connection.prepare(CUSTOMERS).all() as Array<{ id: string; user_id: string; buyer_team_id: string; name: string }>;
    for (const row of customerRows) expect(z.uuid().safeParse(row.id).success, row.id).toBe(true);
    expectOrdersFromRequests(connection.prepare(ORDERS).all() as OrderRow[], customerRows, connection.prepare(COUNTERS).all() as Array<{ seller_id: string; last_number: number }>);
    connection.close();
  });
});

describeWithPostgres('the orders migration on PostgreSQL', () => {
  it('makes an order of each order request, and keeps every other row', async () => {
    const postgres = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { migrateRest } = await postgresInstallBefore(client, '0017_orders.sql', oldFile);
      const inquiriesBefore = (await client.query('SELECT count(*) AS n FROM inquiries')).rows[0].n;
      await migrateRest();
      expect((await client.query('SELECT count(*) AS n FROM inquiries')).rows[0].n).toBe(inquiriesBefore);
      expectOrdersFromRequests((await client.query<OrderRow>(ORDERS)).rows, (await client.query(CUSTOMERS)).rows, (await client.query(COUNTERS)).rows);
    } finally {
      await client.end();
      await postgres.drop();
    }
  }, 120_000);
});
