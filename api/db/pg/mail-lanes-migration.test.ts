/**
 * The migration that gives account mail a lane of its own, on SQLite and on PostgreSQL: mail queued before it (a reset
 * still waiting when the new version starts, say) goes in the account lane when it is account mail, and every
 * notification in the notification lane.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../mail/mail-service';
import { compose } from '../../mail/templates/layout';
import { postgresInstallBefore, sqliteInstallBefore } from '../../testing/old-install';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { createTestApp } from '../../testing/test-app';

const SQLITE_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const LANES = 'SELECT kind, lane FROM mail_outbox ORDER BY kind';
const EXPECTED = [
  { kind: 'order-request', lane: 'notification' },
  { kind: 'password-reset', lane: 'account' },
  { kind: 'welcome', lane: 'account' },
  { kind: 'welcome', lane: 'account' },
];

const dir = mkdtempSync(join(tmpdir(), 'menus-mail-lanes-migration-'));
const oldFile = join(dir, 'old.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An installation from before the lanes: two welcomes on registering, a reset asked for, and an order's notification, none sent yet. */
beforeAll(async () => {
  const t = createTestApp();
  const seller = await t.registerUser('seller');
  await t.registerUser('buyer');
  expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: seller.user.email } })).status).toBeLessThan(300);
  // Today a reset request is answered off the request; answering it queues the reset mail an old install queued at once.
  expect(await t.services.resetRequests.answerWaiting()).toBe(1);
  await t.services.db.transaction((tx) =>
    notify(t.services, tx, seller.user.id, 'order-request', (_, unsubscribeUrl) =>
      compose({ subject: 'Order SO-1001 submitted', greeting: 'Hello,', paragraphs: ['A new order.'], reason: 'You take part in this order.', unsubscribeUrl }),
    ),
  );
  sqliteInstallBefore(dir, '0038_mail_lanes', t.services.env.databaseFile, oldFile);
  await t.close();
}, 120_000);

describe('the mail lanes migration on SQLite', () => {
  it('puts the account mail already queued in the account lane, and notifications in theirs', () => {
    const file = join(dir, 'migrated.db');
    cpSync(oldFile, file);
    const connection = new BetterSqlite3(file);
    migrate(drizzle(connection), { migrationsFolder: SQLITE_MIGRATIONS });
    expect(connection.prepare(LANES).all()).toEqual(EXPECTED);
    connection.close();
  });
});

describeWithPostgres('the mail lanes migration on PostgreSQL', () => {
  it('puts the account mail already queued in the account lane, and notifications in theirs', async () => {
    const postgres = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { migrateRest } = await postgresInstallBefore(client, '0025_mail_lanes.sql', oldFile);
      await migrateRest();
      expect((await client.query(LANES)).rows).toEqual(EXPECTED);
    } finally {
      await client.end();
      await postgres.drop();
    }
  }, 120_000);
});
