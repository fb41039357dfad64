/**
 * `npm run admin -- create` reads the configuration the server reads (the
 * environment, then `.env` in the folder it runs from) and says which
 * database it wrote to, so an operator never makes an admin in a database
 * their server does not use.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

const ADMIN_COMMAND = resolve('api/cli/admin.ts');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'menus-admin-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function runAdmin(cwd: string, env: NodeJS.ProcessEnv, email: string): Promise<{ code: number | null; output: string }> {
  const { DATA_DIR: _dataDir, DATABASE_URL: _databaseUrl, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), ADMIN_COMMAND, 'create', email, 'admin-pass-123'], {
    cwd,
    env: { ...inherited, NODE_ENV: 'test', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

function roleIn(databaseFile: string, email: string): string | undefined {
  const db = new BetterSqlite3(databaseFile, { readonly: true });
  try {
    return (db.prepare('SELECT role FROM users WHERE email = ?').get(email) as { role: string } | undefined)?.role;
  } finally {
    db.close();
  }
}

describe('npm run admin -- create', () => {
  it('writes to the DATA_DIR it is given and names that database', async () => {
    const dataDir = tempDir();
    const { code, output } = await runAdmin(process.cwd(), { DATA_DIR: dataDir }, 'ops@example.test');
    expect(code).toBe(0);
    const databaseFile = join(dataDir, 'app.db');
    expect(output).toContain(`Admin ops@example.test created in the database at ${databaseFile}`);
    expect(roleIn(databaseFile, 'ops@example.test')).toBe('admin');
  }, 60_000);

  it('reads DATA_DIR from the .env of the folder it runs in, as the server does', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, '.env'), 'DATA_DIR=./server-data\n');
    const { code, output } = await runAdmin(folder, {}, 'owner@example.test');
    expect(code).toBe(0);
    const databaseFile = join(folder, 'server-data', 'app.db');
    expect(output).toContain(databaseFile);
    expect(roleIn(databaseFile, 'owner@example.test')).toBe('admin');
  }, 60_000);
});
