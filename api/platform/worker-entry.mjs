/**
 * What each thread of the worker pool (worker-pool.ts) loads first. Plain JavaScript, since no TypeScript loader is
 * there yet: it registers tsx in the thread, the same loader `npm start` and the Dockerfile run the server with, so the
 * tasks are the TypeScript modules themselves, whether the server runs under tsx or the tests under Vitest.
 */
import { register } from 'tsx/esm/api';

register();

/** Runs one task: the module's default export, given the input. Modules load once per thread. */
export default async function runTask({ module, input }) {
  const task = await import(module);
  return task.default(input);
}
