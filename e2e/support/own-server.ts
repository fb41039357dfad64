/**
 * A server process of a test's own (the built app + API, as global setup
 * starts one), for tests that kill and restart it. It keeps its port, data
 * folder and database across restarts, so the browser's pages and tokens
 * stay valid.
 *
 * With DATABASE_URL_TEST set (as CI sets it) the server keeps its data in a
 * PostgreSQL database of its own there, so the browser suite runs on
 * PostgreSQL; without it, in SQLite under the data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { newPostgresDatabase } from '../../api/testing/postgres-server';

const POSTGRES_SERVER = process.env.DATABASE_URL_TEST || undefined;

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
  /** The server's DATA_DIR: its uploads, the mail it writes as .eml files (for tests that read the mail), and, on SQLite, its database. */
  dataDir: string;
  /** Starts the process (again) on the same port and data folder and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL: no grace, no clean shutdown, as a crash or a pulled plug. Resolves once the process is gone. */
  kill(): Promise<void>;
  /**
   * Runs one statement on the server's database, whichever engine it is, and
   * answers how many rows it changed; values are $1, $2, … For tests that set
   * up what no screen can, such as a trial that has ended.
   */
  execute(statement: string, values: unknown[]): Promise<number>;
  /** Stops the process if it runs and removes the data folder (and its PostgreSQL database). */
  dispose(): Promise<void>;
};

/** `env` adds to the server's environment (an admin to create, say). */
export async function ownServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-e2e-own-'));
  const postgres = POSTGRES_SERVER ? await newPostgresDatabase(POSTGRES_SERVER, 'menus_e2e') : undefined;
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
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          REGISTRATIONS_PER_HOUR: '100000',
          // The address the suite opens it at: every absolute link the server writes starts with it.
          APP_URL: url,
          ...(postgres && { DATABASE_URL: postgres.url }),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(url, 120_000);
    },
    kill: () => stopWith('SIGKILL'),
    async execute(statement, values) {
      if (postgres) {
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          return (await client.query(statement, values)).rowCount ?? 0;
        } finally {
          await client.end();
        }
      }
      const database = new Database(join(dataDir, 'app.db'));
      try {
        // PostgreSQL's $1, $2 (each maybe used more than once) become SQLite's plain ?, with a value for each occurrence.
        const occurrences: unknown[] = [];
        const sqlite = statement.replace(/\$(\d+)/g, (_, index: string) => {
          occurrences.push(values[Number(index) - 1]);
          return '?';
        });
        return database.prepare(sqlite).run(...occurrences).changes;
      } finally {
        database.close();
      }
    },
    async dispose() {
      await stopWith('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
