/**
 * The real server (`api/main.ts`) as a process of its own, on a free loopback
 * port with a fresh data folder: a load test measures it apart from the
 * process that generates the load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../../testing/server-process';

export type ServerProcess = {
  url: string;
  pid: number;
  dataDir: string;
  /** SIGTERM, then the exit code once the server has finished its requests and closed the database. */
  stop(): Promise<number | null>;
  /** What the server printed, for a failure's message. */
  output(): string;
  /** Kills the process if it still runs and removes the data folder. */
  dispose(): void;
};

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-load-'));
  const server = spawnServer({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...env });
  const dispose = () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await server.listening.catch((error: unknown) => {
    dispose();
    throw error;
  });
  return {
    url,
    pid: server.child.pid!,
    dataDir,
    stop() {
      server.child.kill('SIGTERM');
      return server.exited;
    },
    output: server.output,
    dispose,
  };
}

/** CPU seconds (user and system) a process on this machine has used so far, from /proc; null where there is none. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (user and system time, in Linux's ticks of 1/100 s), counted after the command name, which may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
