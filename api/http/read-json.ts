import type { Context } from 'hono';
import { AppError } from '../../sync/errors';

/** The request's JSON body; malformed JSON is the caller's mistake (400), never a crash. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('validation', 'The request body must be valid JSON');
  }
}
