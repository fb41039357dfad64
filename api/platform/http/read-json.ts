import type { Context } from 'hono';
import { AppError } from '../../../sync/contract/errors';

/** The request's JSON body; malformed JSON is the caller's mistake (400), never a crash. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('validation', 'The request body must be valid JSON');
  }
}

/** The request's JSON body where one may be left out (a DELETE that takes options): none reads as `{}`. */
export async function readJsonIfAny(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('validation', 'The request body must be valid JSON');
  }
}
