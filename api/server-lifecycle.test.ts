import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer } from './testing/server-process';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The test's own environment, less any JWT_SECRET, so the server falls back to its default. */
const { JWT_SECRET: _inheritedSecret, ...inheritedEnv } = process.env;

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-lifecycle-'));
  dirs.push(dataDir);
  return { ...spawnServer({ ...inheritedEnv, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...env }), dataDir };
}

describe('the server process', () => {
  it('answers health, and on SIGTERM stops cleanly and closes the database', async () => {
    const server = startServer({ NODE_ENV: 'test' });
    const url = await server.listening;
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    expect(existsSync(join(server.dataDir, 'app.db'))).toBe(true);
    expect(existsSync(join(server.dataDir, 'app.db-wal'))).toBe(false);
  });

  it('refuses to start in production with the default secret', async () => {
    const server = startServer({ NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Refusing to start in production with the default JWT_SECRET');
    await expect(server.listening).rejects.toThrow();
  });
});
