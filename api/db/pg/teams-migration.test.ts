/**
 * The migration that brings teams: on an installation holding the demo data and a catalogue of 10,000 products, every
 * table keeps every row, and every customer account becomes the owner of a one-member team of its own, on SQLite and
 * on PostgreSQL. The old installation is made by migrating to just before teams and copying in rows made by the app.
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
import { seedDemoData } from '../../seed/seed';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { postgresInstallBefore, sqliteInstallBefore, tablesOf } from '../../testing/old-install';
import { createTestApp } from '../../testing/test-app';
import { products } from '../schema';

const SQLITE_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

const dir = mkdtempSync(join(tmpdir(), 'menus-teams-migration-'));
const oldFile = join(dir, 'old.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Ownership = { id: string; role: string; team_id: string | null; member_role: string | null; teams: number };
const OWNERSHIP = `SELECT u.id, u.role, m.team_id, m.role AS member_role,
  (SELECT count(*) FROM team_members WHERE user_id = u.id) AS teams FROM users u LEFT JOIN team_members m ON m.user_id = u.id ORDER BY u.id`;

function expectEveryCustomerOwnsATeamOfTheirOwn(accounts: Ownership[]) {
  expect(accounts.filter((account) => account.role !== 'admin').length).toBeGreaterThanOrEqual(3);
  for (const account of accounts) {
    if (account.role === 'admin') expect(account.team_id).toBeNull();
    else expect({ ...account, teams: Number(account.teams) }).toEqual({ ...account, team_id: account.id, member_role: 'owner', teams: 1 });
  }
}

/** An installation from before teams: the demo data, a seller with 10,000 products and an admin, as the app made them. */
beforeAll(async () => {
  const t = createTestApp();
  await seedDemoData(t.services);
  await t.makeAdmin();
  const seller = await t.registerUser('seller', { businessName: 'Lakeside Farms' });
  const now = new Date();
  await t.services.db.transaction(async (tx) => {
    for (let start = 0; start < 10_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, index) => ({
        id: randomUUID(),
        userId: seller.user.id,
        strainName: `Strain ${start + index}`,
        priceCents: 1000 + index,
        availableThousandths: 5000,
        version: tx.version,
        createdAt: now,
        updatedAt: now,
      }));
      await tx.db.insert(products).values(rows).run();
    }
  });
  sqliteInstallBefore(dir, '0028_teams', t.services.env.databaseFile, oldFile);
  await t.close();
}, 120_000);

describe('the teams migration on SQLite', () => {
  it('keeps every row of every table and makes every customer the owner of a team of their own', () => {
    const file = join(dir, 'migrated.db');
    cpSync(oldFile, file);
    const connection = new BetterSqlite3(file);
    const tables = tablesOf(connection);
    const countRows = () => Object.fromEntries(tables.map((table) => [table, connection.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number]));
    const before = countRows();
    expect(before.products).toBe(10_012);
    migrate(drizzle(connection), { migrationsFolder: SQLITE_MIGRATIONS });
    expect(countRows()).toEqual(before);
    expectEveryCustomerOwnsATeamOfTheirOwn(connection.prepare(OWNERSHIP).all() as Ownership[]);
    const names = connection.prepare("SELECT t.name FROM teams t JOIN users u ON u.id = t.id WHERE u.business_name = 'Lakeside Farms'").pluck().all();
    expect(names).toEqual(['Lakeside Farms']);
    const unattributed = connection.prepare('SELECT count(*) FROM products WHERE created_by IS NOT user_id OR updated_by IS NOT user_id').pluck().get();
    expect(unattributed).toBe(0);
    connection.close();
  });
});

describeWithPostgres('the teams migration on PostgreSQL', () => {
  it('keeps every row of every table and makes every customer the owner of a team of their own', async () => {
    const postgres = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { tables, migrateRest } = await postgresInstallBefore(client, '0015_teams.sql', oldFile);

      const countRows = async () =>
        Object.fromEntries(await Promise.all(tables.map(async (table) => [table, Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n)])));
      const before = await countRows();
      expect(before.products).toBe(10_012);
      await migrateRest();
      expect(await countRows()).toEqual(before);
      expectEveryCustomerOwnsATeamOfTheirOwn((await client.query<Ownership>(OWNERSHIP)).rows);
    } finally {
      await client.end();
      await postgres.drop();
    }
  }, 120_000);
});
