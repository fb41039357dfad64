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
 * fields in the order the spec checks them, so the first issue is the message
 * a form shows on its own. Text holding a NUL character is refused, at its field.
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
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'form';
    fieldErrors[field] ??= messageOf(issue);
  }
  const first = result.error.issues[0];
  return { ok: false, message: first ? messageOf(first) : 'Invalid input', fieldErrors };
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

/** A union's own message is a bare "Invalid input"; the last option's (the real field's, in `updateOf`) says what is wrong. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.at(-1)?.[0];
    if (inner) return messageOf(inner);
  }
  return issue.message;
}
