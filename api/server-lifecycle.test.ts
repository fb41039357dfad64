import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The test's own environment, less any JWT_SECRET, so the server falls back to its default. */
const { JWT_SECRET: _inheritedSecret, ...inheritedEnv } = process.env;

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-lifecycle-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    env: { ...inheritedEnv, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const port = /Listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearInterval(check);
        resolve(`http://127.0.0.1:${port}`);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`Server exited: ${output}`));
    });
  });
  return { child, dataDir, exited, listening, output: () => output };
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
