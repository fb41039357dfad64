/**
 * The migration that records the link each buyer's order was placed through, on SQLite and on PostgreSQL: an order
 * from before it takes the link of the conversation it began in, else the link its menu has, so reordering keeps
 * working where it did; an order the seller's team wrote, with no menu, records none.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { postgresInstallBefore, sqliteInstallBefore } from '../../testing/old-install';
import { createTestApp } from '../../testing/test-app';
import { orders } from '../schema';

const SQLITE_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

const dir = mkdtempSync(join(tmpdir(), 'menus-order-link-migration-'));
const oldFile = join(dir, 'old.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What each order's link should be once migrated, by order id. */
let expected: Map<string, string | null>;

/** An installation from before the link was recorded: orders from a private menu, one begun in a conversation under an older link, and one the seller wrote. */
beforeAll(async () => {
  const t = createTestApp({ now: () => new Date(Date.parse('2031-01-01T00:00:00.000Z')) });
  const seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  const buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  const post = async <T>(path: string, token: string, body: unknown) => {
    const res = await t.request<T>('POST', path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };
  const product = await post<{ id: string }>('/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: '12.50', availableQuantity: '100' });
  const menu = await post<{ id: string; publicLinkId: string }>('/api/menus', seller.token, { name: 'Friends only', productIds: [product.id] });
  const lines = [{ productId: product.id, quantity: '1' }];
  const conversation = await post<{ id: string }>('/api/inquiries', buyer.token, {
    id: randomUUID(),
    menuId: menu.id,
    publicLinkId: menu.publicLinkId,
    kind: 'message',
    message: 'Hello',
  });
  const relinked = await post<{ publicLinkId: string }>(`/api/menus/${menu.id}/regenerate-link`, seller.token, {});
  const plain = await post<{ id: string; customerId: string }>('/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, publicLinkId: relinked.publicLinkId, lines });
  const begunInConversation = await post<{ id: string }>('/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, publicLinkId: relinked.publicLinkId, lines });
  const written = await post<{ id: string }>('/api/orders', seller.token, { id: randomUUID(), customerId: plain.customerId, lines });
  await t.services.db.transaction(async (tx) => {
    await tx.db.update(orders).set({ inquiryId: conversation.id }).where(eq(orders.id, begunInConversation.id)).run();
  });
  expected = new Map([
    [plain.id, relinked.publicLinkId],
    [begunInConversation.id, menu.publicLinkId],
    [written.id, null],
  ]);
  sqliteInstallBefore(dir, '0041_order_link', t.services.env.databaseFile, oldFile);
  await t.close();
}, 120_000);

const LINKS = 'SELECT id, link_id FROM orders';
const linksOf = (rows: Array<{ id: string; link_id: string | null }>) => new Map(rows.map((row) => [row.id, row.link_id]));

describe('the order link migration on SQLite', () => {
  it('gives each earlier order the link it was reached by', () => {
    const file = join(dir, 'migrated.db');
    cpSync(oldFile, file);
    const connection = new BetterSqlite3(file);
    migrate(drizzle(connection), { migrationsFolder: SQLITE_MIGRATIONS });
    expect(linksOf(connection.prepare(LINKS).all() as Array<{ id: string; link_id: string | null }>)).toEqual(expected);
    connection.close();
  });
});

describeWithPostgres('the order link migration on PostgreSQL', () => {
  it('gives each earlier order the link it was reached by', async () => {
    const postgres = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { migrateRest } = await postgresInstallBefore(client, '0028_order_link.sql', oldFile);
      await migrateRest();
      expect(linksOf((await client.query<{ id: string; link_id: string | null }>(LINKS)).rows)).toEqual(expected);
    } finally {
      await client.end();
      await postgres.drop();
    }
  }, 120_000);
});
