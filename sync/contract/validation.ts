import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors';

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors: FieldErrors };

/**
 * PostgreSQL's text cannot hold a NUL character, which SQLite's can: a NUL is
 * refused wherever input is read, so both engines keep the same data (and an
 * embedded installation can always be copied into PostgreSQL).
 */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain a NUL character (\\u0000)';

/**
 * Runs a schema and keeps the first message of each field. Schemas list their
 * fields in the order a form checks them, so the first issue is the message a
 * form shows on its own. Text holding a NUL character is refused, at its field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = parseWith(schema, input);
  if (!result.ok) return result;
  const field = fieldWithNul(result.data, []);
  if (field !== null) return { ok: false, message: NUL_CHARACTER_MESSAGE, fieldErrors: { [field || 'form']: NUL_CHARACTER_MESSAGE } };
  return result;
}

/** Like `validate`, but throws the failure as a validation AppError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return dataOrThrow(validate(schema, input));
}

/**
 * Like `parseOrThrow`, for an envelope whose inner parts (`z.unknown()`) are each parsed later by their own schema,
 * text included: the sync push, where a NUL in one mutation's arguments refuses that mutation and no other.
 */
export function parseEnvelopeOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return dataOrThrow(parseWith(schema, input));
}

function dataOrThrow<T>(result: ValidationResult<T>): T {
  if (!result.ok) throw new AppError('validation', result.message, result.fieldErrors);
  return result.data;
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
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

/** The path ('entries.2.name') of the first text or key holding a NUL character, or null when there is none. */
function fieldWithNul(value: unknown, path: readonly (string | number)[]): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key].join('.') : fieldWithNul(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
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
