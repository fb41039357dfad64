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
