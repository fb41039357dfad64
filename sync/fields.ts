import { z } from 'zod';
import { formatScaled, parseScaled, type DecimalRule } from './decimal';

/** A text field where blank means "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An exact decimal given as a string or a number; empty means absent.
 * Comes out as the normalised decimal string ("24.50") or null.
 */
export function optionalDecimal(label: string, rule: DecimalRule) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const parsed = parseScaled(value, rule);
      if (parsed.ok) return formatScaled(parsed.scaled, rule.scale);
      ctx.addIssue({ code: 'custom', message: decimalMessage(label, rule, parsed.reason) });
      return z.NEVER;
    });
}

export function decimalMessage(label: string, rule: DecimalRule, reason: 'format' | 'precision' | 'range'): string {
  if (reason === 'precision') return `${label} allows at most ${rule.scale} decimal places`;
  if (reason === 'range') return `${label} must be between ${rule.min} and ${rule.max}`;
  return `${label} must be a number`;
}

export const isoDate = z.string();
export const entityId = z.uuid({ error: 'Must be a valid id' });

type LeaveOut<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<z.ZodUnion<[z.ZodUndefined, T[K]]>> };

/**
 * The update schema of a form's fields: every field may be left out, and a
 * field left out stays out. (`.partial()` is not enough: zod would still run
 * the fields' defaults and "blank means null" transforms on a missing field,
 * so an update naming one field would reset the others.)
 */
export function updateOf<T extends z.ZodRawShape>(shape: T) {
  const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, z.union([z.undefined(), field]).optional()]));
  return z.object(fields as LeaveOut<T>);
}
