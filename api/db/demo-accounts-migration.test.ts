/** A database seeded before demo accounts were marked: the migration marks the seeded ones, and no one else. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { sqliteMigrationsBefore } from '../testing/migrations-before';
import { afterAll, expect, it } from 'vitest';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const dir = mkdtempSync(join(tmpdir(), 'menus-demo-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('marks the seeded demo seller and buyer as demo on an existing install, and leaves real customers counted', () => {
  const connection = new BetterSqlite3(join(dir, 'app.db'));
  const db = drizzle(connection);
  migrate(db, { migrationsFolder: sqliteMigrationsBefore(dir, '0026_admin_table') });
  const insert = connection.prepare("INSERT INTO users (id, email, password_hash, role, subscription_status, version, created_at, updated_at) VALUES (?, ?, 'x', ?, ?, 0, 0, 0)");
  insert.run('demo-seller', 'Seller@Demo.test', 'seller', 'active');
  insert.run('demo-buyer', 'buyer@demo.test', 'buyer', 'trial');
  insert.run('real-seller', 'seller@real.example', 'seller', 'active');
  migrate(db, { migrationsFolder: MIGRATIONS });
  const demo = connection.prepare('SELECT id, demo FROM users ORDER BY id').all();
  connection.close();
  expect(demo).toEqual([
    { id: 'demo-buyer', demo: 1 },
    { id: 'demo-seller', demo: 1 },
    { id: 'real-seller', demo: 0 },
  ]);
});
