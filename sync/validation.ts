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
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'form';
    fieldErrors[field] ??= messageOf(issue);
  }
  const first = result.error.issues[0];
  return { ok: false, message: first ? messageOf(first) : 'Invalid input', fieldErrors };
}

/** A union's own message is a bare "Invalid input"; the last option's (the real field's, in `updateOf`) says what is wrong. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.at(-1)?.[0];
    if (inner) return messageOf(inner);
  }
  return issue.message;
}

/** Like `validate`, but throws the failure as a validation AppError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw new AppError('validation', result.message, result.fieldErrors);
  return result.data;
}
