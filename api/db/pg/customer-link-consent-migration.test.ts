/**
 * The migration that keeps a buyer's consent apart from a customer entry's link, on SQLite and on PostgreSQL: an entry
 * whose buyer team already dealt with the seller has its consent; one linked by an address its holder confirmed stays
 * linked for prices only; one linked by an address nobody confirmed loses the link. Every entry is pulled again.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { postgresInstallBefore, sqliteInstallBefore } from '../../testing/old-install';
import { createTestApp } from '../../testing/test-app';
import { customers } from '../schema';

const SQLITE_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

const dir = mkdtempSync(join(tmpdir(), 'menus-link-consent-migration-'));
const oldFile = join(dir, 'old.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Ids = { acted: string; confirmed: string; squatted: string; buyerActed: string; buyerConfirmed: string };
let ids: Ids;

/** An installation from before the migration: three entries linked to buyers, as linking by any email left them. */
beforeAll(async () => {
  const t = createTestApp();
  const seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  const post = async <T>(path: string, token: string, body: unknown) => {
    const res = await t.request<T>('POST', path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };
  const product = await post<{ id: string }>('/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: '12.50', availableQuantity: '100' });
  const menu = await post<{ id: string }>('/api/menus', seller.token, { name: 'List', isPublic: true, productIds: [product.id] });
  const buyerActed = await t.registerUser('buyer', { companyName: 'Saved A Menu' });
  await post('/api/saved-menus', buyerActed.token, { menuId: menu.id });
  const buyerConfirmed = await t.registerUser('buyer');
  await t.confirmEmail(buyerConfirmed);
  const squatter = await t.registerUser('buyer');
  const entry = (name: string, email: string) => post<{ id: string }>('/api/customers', seller.token, { name, email });
  const confirmed = await entry('Confirmed', buyerConfirmed.user.email);
  const squatted = await entry('Squatted', squatter.user.email);
  await t.services.db.transaction(async (tx) => {
    // Before the migration, an entry linked to any account registered with its email.
    await tx.db.update(customers).set({ buyerTeamId: squatter.user.id }).where(eq(customers.id, squatted.id)).run();
  });
  const acted = (await t.services.db.read.select().from(customers).where(eq(customers.buyerTeamId, buyerActed.user.id)).get())!;
  ids = { acted: acted.id, confirmed: confirmed.id, squatted: squatted.id, buyerActed: buyerActed.user.id, buyerConfirmed: buyerConfirmed.user.id };
  sqliteInstallBefore(dir, '0035_customer_link_consent', t.services.env.databaseFile, oldFile);
  await t.close();
}, 120_000);

type Row = { id: string; buyer_team_id: string | null; buyer_consent_at: number | string | null; version: number | string };
const CUSTOMERS = 'SELECT id, buyer_team_id, buyer_consent_at, version FROM customers';
const CLOCK = 'SELECT version FROM sync_clock WHERE id = 1';

/** Every entry stamped with the clock after the migrations (a later one, adding addresses, stamps them again), so devices pull them anew. */
function expectLinks(rows: Row[], clock: number) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.get(ids.acted)).toMatchObject({ buyer_team_id: ids.buyerActed, buyer_consent_at: expect.anything() });
  expect(byId.get(ids.confirmed)).toMatchObject({ buyer_team_id: ids.buyerConfirmed, buyer_consent_at: null });
  expect(byId.get(ids.squatted)).toMatchObject({ buyer_team_id: null, buyer_consent_at: null });
  expect(rows.map((row) => Number(row.version))).toEqual(rows.map(() => clock));
}

describe('the link consent migration on SQLite', () => {
  it('records the consent of buyers who dealt with the seller, and unlinks addresses nobody confirmed', () => {
    const file = join(dir, 'migrated.db');
    cpSync(oldFile, file);
    const connection = new BetterSqlite3(file);
    const clockBefore = Number(connection.prepare(CLOCK).pluck().get());
    migrate(drizzle(connection), { migrationsFolder: SQLITE_MIGRATIONS });
    const clock = Number(connection.prepare(CLOCK).pluck().get());
    expect(clock).toBeGreaterThan(clockBefore);
    expectLinks(connection.prepare(CUSTOMERS).all() as Row[], clock);
    connection.close();
  });
});

describeWithPostgres('the link consent migration on PostgreSQL', () => {
  it('records the consent of buyers who dealt with the seller, and unlinks addresses nobody confirmed', async () => {
    const postgres = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { migrateRest } = await postgresInstallBefore(client, '0022_customer_link_consent.sql', oldFile);
      const clockBefore = Number((await client.query(CLOCK)).rows[0].version);
      await migrateRest();
      const clock = Number((await client.query(CLOCK)).rows[0].version);
      expect(clock).toBeGreaterThan(clockBefore);
      expectLinks((await client.query<Row>(CUSTOMERS)).rows, clock);
    } finally {
      await client.end();
      await postgres.drop();
    }
  }, 120_000);
});
