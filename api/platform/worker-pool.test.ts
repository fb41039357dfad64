import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from './limits/rate-limited-error';
import type heldTask from '../testing/held-task';
import { heldTaskGate, release } from '../testing/held-task';
import { BUSY_MESSAGE, WorkerPool, workerTask } from './worker-pool';

const HELD = workerTask<typeof heldTask>(new URL('../testing/held-task.ts', import.meta.url));

const pools: WorkerPool[] = [];
const poolOf = (options: ConstructorParameters<typeof WorkerPool>[0]) => {
  const pool = new WorkerPool(options);
  pools.push(pool);
  return pool;
};
afterEach(() => Promise.all(pools.splice(0).map((pool) => pool.close())));

describe('the worker pool', () => {
  it('runs a TypeScript task on a thread of its own, while this thread goes on', async () => {
    const pool = poolOf({ threads: 1 });
    const gate = heldTaskGate();
    const answer = pool.run(HELD, { label: 'invoice', gate });
    // The task holds its thread until this one, free to go on, opens the gate.
    release(gate);
    const result = await answer;
    expect(result.label).toBe('invoice');
    expect(result.threadId).not.toBe(threadId);
  });

  it('refuses a task beyond its queue with 503 and Retry-After, and still runs those it took', async () => {
    const pool = poolOf({ threads: 1, maxQueue: 1 });
    const gate = heldTaskGate();
    // One task on the thread (or waiting for it to start), one in the queue: the queue is full.
    const taken = [pool.run(HELD, { label: 'first', gate }), pool.run(HELD, { label: 'second', gate })];
    const refused = await pool.run(HELD, { label: 'third', gate }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ reason: 'unavailable', message: BUSY_MESSAGE, retryAfterSeconds: 5 });
    release(gate);
    expect((await Promise.all(taken)).map((result) => result.label)).toEqual(['first', 'second']);
  });

  it("hands a task's failure to its caller, and runs the next task", async () => {
    const pool = poolOf({ threads: 1 });
    const gate = heldTaskGate();
    release(gate);
    await expect(pool.run(HELD, { label: 'fails', gate })).rejects.toThrow('The task failed');
    expect((await pool.run(HELD, { label: 'after', gate })).label).toBe('after');
  });

  it('once closed, refuses new tasks', async () => {
    const pool = poolOf({ threads: 1 });
    const gate = heldTaskGate();
    release(gate);
    await pool.run(HELD, { label: 'before', gate });
    await pool.close();
    await expect(pool.run(HELD, { label: 'after', gate })).rejects.toBeInstanceOf(RetryLaterError);
  });
});
