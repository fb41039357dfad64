/**
 * Heavy work (drawing a PDF, reading an import) off the request thread: a few worker threads run it while the event
 * loop goes on answering everyone else. One pool per process, shared by every kind of task, so its small number of
 * threads bounds all such work together; each thread runs at a lower priority than the request thread, so a burst of
 * renders slows the renders rather than the answers. Tasks beyond a bounded queue are refused with 503 and
 * Retry-After rather than held until they time out.
 *
 * A task is a module whose default export takes the input and answers the output (or a promise of it); both cross
 * the thread boundary by structured clone, so they are plain data.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { RetryLaterError } from './limits/rate-limited-error';

/** A task the pool can run: the module whose default export does the work, typed by that export. */
export type WorkerTask<Run extends (input: never) => unknown> = { readonly module: string; readonly run?: Run };

/** `module` is the task's own file, as `new URL('./the-task.ts', import.meta.url)` names it beside its caller. */
export const workerTask = <Run extends (input: never) => unknown>(module: URL): WorkerTask<Run> => ({ module: module.href });

export type WorkerPoolOptions = {
  /** Tasks running at once. */
  threads?: number;
  /** Tasks waiting for a thread, beyond which a task is refused. */
  maxQueue?: number;
};

export const BUSY_MESSAGE = 'The server is busy preparing other documents. Please try again in a moment.';
const BUSY_RETRY_MS = 5_000;
/** Threads idle this long end; the next task starts one again (a few tens of milliseconds). */
const IDLE_MS = 60_000;
/** The request thread keeps priority: on Linux each worker thread runs this much "nicer" than it. */
const NICE_INCREMENT = 10;

/** One thread on a machine of two cores (the other answers requests), two at most: heavy work is rare and may wait. */
export const defaultThreads = () => Math.max(1, Math.min(2, availableParallelism() - 1));

export class WorkerPool {
  private pool: Piscina | null = null;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions = {}) {}

  /** Runs the task on a worker thread; refuses it with 503 (RetryLaterError) when the queue is full or the pool closed. */
  async run<Run extends (input: never) => unknown>(task: WorkerTask<Run>, input: Parameters<Run>[0]): Promise<Awaited<ReturnType<Run>>> {
    if (this.closed) throw new RetryLaterError('unavailable', BUSY_MESSAGE, BUSY_RETRY_MS);
    const pool = this.started();
    if (pool.queueSize >= pool.options.maxQueue) throw new RetryLaterError('unavailable', BUSY_MESSAGE, BUSY_RETRY_MS);
    return pool.run({ module: task.module, input }) as Promise<Awaited<ReturnType<Run>>>;
  }

  /** Lets the tasks in flight finish, then ends the threads. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }

  /** Threads start with the first task: a process (or a test) that never needs one never starts one. */
  private started(): Piscina {
    this.pool ??= new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.options.threads ?? defaultThreads(),
      maxQueue: this.options.maxQueue ?? 32,
      idleTimeout: IDLE_MS,
      niceIncrement: NICE_INCREMENT,
      // The thread's own entry registers the TypeScript loader; nothing of the parent's command line (a test
      // runner's or tsx's own flags) is carried into it.
      execArgv: [],
    });
    return this.pool;
  }
}
