/**
 * The real server (`api/main.ts`) as a child process, for tests that kill,
 * restart or measure it apart from themselves: started on loopback with the
 * environment given, answered once it prints the port it listens on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

export type ServerProcess = {
  child: ChildProcess;
  /** The exit code (null after a signal), once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves with the server's address once it listens; rejects if it exits or takes longer than `startupTimeoutMs`. */
  listening: Promise<string>;
  /** The end of what the server printed, for a failure's message. */
  output(): string;
};

/** Keeps the end of what the server prints: enough to explain a failure, never a growing buffer. */
const MAX_OUTPUT_CHARS = 20_000;

/** Generous: on a busy machine loading the server's modules alone can take many seconds. */
const STARTUP_TIMEOUT_MS = 60_000;

/** How Node is told to run the TypeScript server: as the Dockerfile does (`node --import tsx`), or as `npm start` does (tsx's own command). */
export const NODE_IMPORTING_TSX = ['--import', 'tsx'];
export const TSX_COMMAND = [createRequire(import.meta.url).resolve('tsx/cli')];

/** `env` is the whole environment of the server (the caller decides what it inherits); its port is chosen by the system. */
export function spawnServer(env: NodeJS.ProcessEnv, startupTimeoutMs = STARTUP_TIMEOUT_MS, runner = NODE_IMPORTING_TSX): ServerProcess {
  const child = spawn(process.execPath, [...runner, 'api/main.ts'], {
    env: { ...env, HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-MAX_OUTPUT_CHARS));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const giveUp = setTimeout(() => finish(() => reject(new Error(`The server did not start: ${output}`))), startupTimeoutMs);
    const check = setInterval(() => {
      const port = /Listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) finish(() => resolve(`http://127.0.0.1:${port}`));
    }, 20);
    const finish = (settle: () => void) => {
      clearInterval(check);
      clearTimeout(giveUp);
      settle();
    };
    void exited.then(() => finish(() => reject(new Error(`The server exited: ${output}`))));
  });
  return { child, exited, listening, output: () => output };
}
