import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors';

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors: FieldErrors };

/**
 * Runs a schema and keeps the first message of each field. Schemas list their
 * fields in the order the spec checks them, so the first issue is the message
 * a form shows on its own.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  const found = result.error.issues.map(innermost);
  for (const issue of found) {
    const field = issue.path.join('.') || 'form';
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, message: found[0]?.message ?? 'Invalid input', fieldErrors };
}

/**
 * A union's own message is a bare "Invalid input": what is wrong is said by the option the input was meant for, the
 * one whose shape it has (no field missing or of another type: a seller's order names a customer, a buyer's a menu),
 * else the last option (the real field's, in `updateOf`). Its first issue, under the union's field (a form shows a
 * field's error by its name), or, for a union of whole inputs, under the field the issue names.
 */
function innermost(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union') return { path: issue.path, message: issue.message };
  const options = issue.errors.filter((option) => option.length > 0);
  const meant = options.findLast((option) => option.every((inner) => inner.code !== 'invalid_type')) ?? options.at(-1);
  const inner = meant?.[0];
  if (!inner) return { path: issue.path, message: issue.message };
  const found = innermost(inner);
  return { path: issue.path.length > 0 ? issue.path : found.path, message: found.message };
}

/** Like `validate`, but throws the failure as a validation AppError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw new AppError('validation', result.message, result.fieldErrors);
  return result.data;
}
