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
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid input', fieldErrors };
}

/** Like `validate`, but throws the failure as a validation AppError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw new AppError('validation', result.message, result.fieldErrors);
  return result.data;
}
