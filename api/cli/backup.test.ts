/**
 * The restore drill: `npm run backup` taken from a running server while
 * writes go on, restored into an empty data folder, started, signed in to:
 * everything acknowledged before the backup began is there, and the copy is
 * a sound database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer } from '../testing/server-process';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'menus-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const baseEnv = { ...process.env, NODE_ENV: 'test', SEED_DEMO_DATA: 'false', JWT_SECRET: 'restore-drill-secret-that-is-long-enough-1234' };

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const server = spawnServer({ ...baseEnv, DATA_DIR: dataDir });
  cleanups.push(() => server.child.kill('SIGKILL'));
  return { url: await server.listening, child: server.child };
}

function runBackup(dataDir: string, file: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli/backup.ts', file], { env: { ...baseEnv, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function api<T>(url: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('npm run backup', () => {
  it('copies a running server’s data mid-write into a file that restores into an empty folder, starts and signs in with everything acknowledged', { timeout: 60_000 }, async () => {
    const live = tempDir();
    const server = await startServer(live);
    const account = { email: 'drill@restore.test', password: 'restore-drill-pass', firstName: 'Rita', role: 'seller' };
    const registered = await api<{ token: string }>(server.url, 'POST', '/api/auth/register', undefined, account);
    expect(registered.status).toBe(201);

    const acknowledged: string[] = [];
    const create = async (name: string) => {
      const res = await api<{ id: string }>(server.url, 'POST', '/api/products', registered.body.token, { strainName: name });
      expect(res.status).toBe(201);
      acknowledged.push(name);
    };
    for (let i = 0; i < 20; i += 1) await create(`Before ${i}`);
    const beforeBackup = [...acknowledged];

    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) await create(`During ${i}`);
    })();
    const file = join(tempDir(), 'nightly.db');
    const backup = await runBackup(live, file);
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backed up to ${file}`);
    expect(acknowledged.length).toBeGreaterThan(beforeBackup.length);

    const copy = new BetterSqlite3(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    const restored = tempDir();
    copyFileSync(file, join(restored, 'app.db'));
    const restoredServer = await startServer(restored);
    const signIn = await api<{ token: string }>(restoredServer.url, 'POST', '/api/auth/login', undefined, { email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    const products = await api<Array<{ strainName: string }>>(restoredServer.url, 'GET', '/api/products', signIn.body.token);
    expect(products.status).toBe(200);
    const names = products.body.map((product) => product.strainName);
    expect(names).toEqual(expect.arrayContaining(beforeBackup));
    // What the copy holds is exactly a prefix of what was acknowledged: no half-written product.
    expect(new Set(names)).toEqual(new Set(acknowledged.slice(0, names.length)));
  });
});
