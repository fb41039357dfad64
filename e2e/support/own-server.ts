/**
 * A server process of a test's own (the built app + API, as global setup
 * starts one), for tests that kill and restart it. It keeps its port and data
 * folder across restarts, so the browser's pages and tokens stay valid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Server did not become healthy at ${url}`);
}

export type OwnServer = {
  url: string;
  /** The server's DATA_DIR: its database (app.db), uploads, and the mail it writes as .eml files; for tests that set up what no screen can, such as a trial that has ended, or read the mail. */
  dataDir: string;
  /** Starts the process (again) on the same port and data folder and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL: no grace, no clean shutdown, as a crash or a pulled plug. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Stops the process if it runs and removes the data folder. */
  dispose(): Promise<void>;
};

/** `env` adds to the server's environment (an admin to create, say). */
export async function ownServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const stopWith = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };

  return {
    url,
    dataDir,
    async start() {
      if (child) throw new Error('The server is already running');
      child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
        // The suite registers dozens of accounts, all from 127.0.0.1.
        env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, REGISTRATIONS_PER_HOUR: '100000', ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(url, 30_000);
    },
    kill: () => stopWith('SIGKILL'),
    async dispose() {
      await stopWith('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
