/**
 * `npm run db:copy`: an embedded installation moved into PostgreSQL, row for
 * row, on the demo data and on a catalogue of 10,000 products, verified by
 * counts and checksums; the copy builds PostgreSQL's own search documents,
 * and identity columns go on from the copied values.
 */
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { products } from '../schema';
import { copyToPostgres, RowChecksum, RowRefusedError } from './copy-to-postgres';

describeWithPostgres('copying an embedded installation into PostgreSQL', () => {
  let t: TestApp;
  let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let target: pg.Client;

  beforeEach(async () => {
    t = createTestApp();
    postgres = await freshPostgresDatabase();
    target = new pg.Client({ connectionString: postgres.url });
    await target.connect();
  });
  afterEach(async () => {
    await target.end();
    await postgres.drop();
    t.close();
  });

  const count = async (table: string) => Number((await target.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n);

  it('copies the demo data whole: every table verified, search documents built, the clock where it was', async () => {
    await seedDemoData(t.services);
    const report = await copyToPostgres(t.services.env.databaseFile, target);
    expect(report.matches).toBe(true);
    const users = report.tables.find((check) => check.table === 'users')!;
    expect(users.targetRows).toBeGreaterThanOrEqual(2);
    expect(report.tables.find((check) => check.table === 'products')!.targetRows).toBe(12);
    expect(report.tables.map((check) => check.table)).toEqual(expect.arrayContaining(['menus', 'menu_items', 'sync_clock', 'tombstones', 'audit_log']));

    const { rows: clock } = await target.query<{ version: string }>('SELECT "version" FROM "sync_clock" WHERE "id" = 1');
    expect(Number(clock[0]!.version)).toBe(t.services.db.committedVersion);
    const { rows: found } = await target.query<{ menu_id: string }>(`SELECT "menu_id" FROM "menu_search" WHERE "document" @@ plainto_tsquery('simple', 'Blue Dream')`);
    expect(found).toHaveLength(1);
    expect(await count('users_search')).toBe(users.targetRows);
    // An identity column carries on after the copied rows.
    await target.query(`INSERT INTO "audit_log" ("at", "actor_email", "action", "client_address") VALUES (1, 'ops@example.com', 'admin.sign_in', '127.0.0.1')`);
  });

  it('copies a catalogue of 10,000 products, verified row for row', async () => {
    const seller = await t.registerUser('seller');
    const now = new Date();
    await t.services.db.transaction(async (tx) => {
      for (let start = 0; start < 10_000; start += 500) {
        await tx.db
          .insert(products)
          .values(
            Array.from({ length: 500 }, (_, i) => ({
              id: randomUUID(),
              userId: seller.user.id,
              strainName: `Strain ${start + i} — “quoted” ünïcode`,
              description: i % 3 === 0 ? null : 'Dense buds, long cure',
              priceCents: 100_000 + start + i,
              availableThousandths: (start + i) * 1000,
              photoIds: [],
              version: tx.version,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .run();
      }
    });
    const report = await copyToPostgres(t.services.env.databaseFile, target);
    expect(report.matches).toBe(true);
    expect(report.tables.find((check) => check.table === 'products')).toMatchObject({ sourceRows: 10_000, targetRows: 10_000 });
    expect(await count('products')).toBe(10_000);
  });

  it('refuses a target that already holds data, and leaves it as it was', async () => {
    await seedDemoData(t.services);
    expect((await copyToPostgres(t.services.env.databaseFile, target)).matches).toBe(true);
    const before = await count('products');
    await expect(copyToPostgres(t.services.env.databaseFile, target)).rejects.toThrow('The target database already holds data');
    expect(await count('products')).toBe(before);
  });

  /** A product of `seller` written straight into the file, as text stored before the app refused it would be. */
  async function storedProduct(sellerId: string, fields: { strainName: string; description: string | null }): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await t.services.db.transaction(async (tx) => {
      await tx.db
        .insert(products)
        .values({ id, userId: sellerId, ...fields, priceCents: 100_000, availableThousandths: 1000, photoIds: [], version: tx.version, createdAt: now, updatedAt: now })
        .run();
    });
    return id;
  }

  it('names the row whose text holds a NUL character, which PostgreSQL cannot store, and copies nothing', async () => {
    const seller = await t.registerUser('seller');
    await storedProduct(seller.user.id, { strainName: 'Blue Dream', description: null });
    const id = await storedProduct(seller.user.id, { strainName: 'Gelato', description: 'Sweet\u0000cream' });
    const copy = copyToPostgres(t.services.env.databaseFile, target);
    await expect(copy).rejects.toThrow(RowRefusedError);
    await expect(copy).rejects.toThrow(`The copy stopped at table "products", row id ${id}: its "description" holds a NUL character`);
    expect(await count('users')).toBe(0);
  });

  it('names a row PostgreSQL refuses for any other reason, such as a reference to a row that is gone, and copies nothing', async () => {
    const seller = await t.registerUser('seller');
    await storedProduct(seller.user.id, { strainName: 'Blue Dream', description: null });
    const orphan = await storedProduct(seller.user.id, { strainName: 'Left behind', description: null });
    const file = new BetterSqlite3(t.services.env.databaseFile);
    file.pragma('foreign_keys = OFF');
    file.prepare('UPDATE products SET user_id = ? WHERE id = ?').run(randomUUID(), orphan);
    file.close();
    const copy = copyToPostgres(t.services.env.databaseFile, target);
    await expect(copy).rejects.toThrow(RowRefusedError);
    await expect(copy).rejects.toThrow(new RegExp(`^The copy stopped at table "products", row id ${orphan}: PostgreSQL refused it \\(.*foreign key`));
    expect(await count('users')).toBe(0);
  });
});

it('checksums a set of rows whatever their order, and the same values alike from either engine', () => {
  const sqliteRows = [
    ['a', 1, null],
    ['b', 2, 'x'],
  ];
  const postgresRows = [
    ['b', '2', 'x'],
    ['a', '1', null],
  ];
  const [first, second] = [new RowChecksum(), new RowChecksum()];
  sqliteRows.forEach((row) => first.add(row));
  postgresRows.forEach((row) => second.add(row));
  expect(first.digest()).toBe(second.digest());
  second.add(['c', '3', null]);
  expect(second.digest()).not.toBe(first.digest());
});
