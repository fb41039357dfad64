import { z } from 'zod';
import { formatScaled, parseScaled, type DecimalRule } from '../rules/decimal';
import { isUsZipCode, normalizeZipCode, zipCodeMessage } from '../rules/zip-code';

/** The message of every length limit, naming the field: 'Strain name must be at most 200 characters'. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A text field that must be given, with its own message for each way it can be wrong. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLongMessage(label, max));

/** A text field where blank means "not given". */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLongMessage(label, max))
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A US ZIP code where blank means "not given" (sync/rules/zip-code.ts): five digits, or nine (ZIP+4) with or without the
 * hyphen, kept as `48104` or `48104-1234`. The profile's ZIP code and a customer's addresses use this one rule.
 */
export const zipCodeField = (label: string) =>
  optionalText(label, 20)
    .refine((value) => value === null || isUsZipCode(value), zipCodeMessage(label))
    .transform((value) => value && normalizeZipCode(value));

/** A phone number as people write it: digits with spaces, dashes, dots, brackets or a leading +; at least 7 digits. */
export const phoneNumberField = (label: string) =>
  optionalText(label, 40).refine(
    (value) => value === null || (/^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 7),
    `${label} must be a phone number, like (734) 555-0142`,
  );

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

/** Where the server serves an uploaded image: `/uploads/<sha256>.<extension>`, as POST /api/upload answers. */
export const UPLOADED_IMAGE_PATH = /^\/uploads\/([a-f0-9]{64})\.(?:jpg|png|webp)$/;

/** Whether an address names one of the server's own uploaded images (and so no third party's pixel). */
export function isUploadedImageAddress(value: string | null | undefined): value is string {
  return typeof value === 'string' && UPLOADED_IMAGE_PATH.test(value);
}

/**
 * An image address a person sets (a product photo, a profile photo, a menu
 * cover): shown on public pages and in link previews, so it must name one of
 * the server's own uploads, never another site (which would learn of every
 * visitor) nor a `javascript:` or `data:` address.
 */
export const optionalImageAddress = (label: string) =>
  optionalText(label, 2000).refine((value) => value === null || isUploadedImageAddress(value), `${label} must be a photo uploaded here`);
