/**
 * The real server as a child process, for the fault tests that kill it:
 * started on a data folder of the test's, stopped with SIGKILL (no shutdown
 * code runs, as when the machine or the OOM killer ends it) and started
 * again on the same folder. Everything a test starts or creates is undone by
 * `cleanUp`, which its afterEach calls.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse } from '../../../sync/entities/user';
import { spawnServer } from '../../testing/server-process';

const serverEnv = {
  ...process.env,
  NODE_ENV: 'test',
  SEED_DEMO_DATA: 'false',
  JWT_SECRET: 'fault-tests-secret-that-is-long-enough-0123',
  // The tests register several accounts from one address.
  REGISTRATIONS_PER_HOUR: '1000',
};

export type RunningServer = { url: string; child: ChildProcess; exited: Promise<void>; output: () => string };

const cleanups: Array<() => void> = [];

/** Undoes what the test started, newest first: kills servers still running, removes folders. */
export function cleanUp(): void {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'menus-faults-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts `api/main.ts` on `dataDir` and resolves once it listens. */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const server = spawnServer({ ...serverEnv, DATA_DIR: dataDir });
  cleanups.push(() => server.child.kill('SIGKILL'));
  return { url: await server.listening, child: server.child, exited: server.exited.then(() => undefined), output: server.output };
}

/** Ends the process at once, as a crash would, and resolves when it is gone. */
export async function killHard(server: RunningServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Ends the process cleanly (it closes the database) and resolves when it is gone. */
export async function stop(server: RunningServer): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

export async function registerSeller(url: string, email: string): Promise<AuthResponse> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'fault-test-password', firstName: 'Fay', role: 'seller' }),
  });
  if (response.status !== 201) throw new Error(`Registering ${email} failed with ${response.status}: ${await response.text()}`);
  return (await response.json()) as AuthResponse;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
