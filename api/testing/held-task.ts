/**
 * A worker task for the pool's tests: it holds its thread until the test lets it go (`release`), then answers its
 * label and the thread it ran on. The test decides when it ends, so no test waits on a timer for it.
 */
import { threadId } from 'node:worker_threads';

export type HeldTaskInput = { label: string; gate: Int32Array };

/** A gate over shared memory: every task given it waits until it opens. */
export const heldTaskGate = () => new Int32Array(new SharedArrayBuffer(4));

export function release(gate: Int32Array): void {
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
}

export default function heldTask({ label, gate }: HeldTaskInput): { label: string; threadId: number } {
  if (label === 'fails') throw new Error('The task failed');
  Atomics.wait(gate, 0, 0);
  return { label, threadId };
}
