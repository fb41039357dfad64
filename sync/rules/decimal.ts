/**
 * Exact decimals. Money, percentages and quantities travel as decimal strings
 * ("24.50") and are stored as scaled integers (2450), never as floats.
 */

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d*))?$/;

export type DecimalRule = {
  /** Digits after the point that are kept: 2 for cents, 3 for thousandths. */
  scale: number;
  min: number;
  max: number;
};

export type DecimalParse = { ok: true; scaled: number } | { ok: false; reason: 'format' | 'precision' | 'range' };

/** Reads a plain decimal ("12", "12.5", ".5" is refused) into an integer of 10^-scale units. */
export function parseScaled(input: string | number, rule: DecimalRule): DecimalParse {
  // String(number) is the shortest text that reads back as the same number ("0.1"); exponents fail the pattern.
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const whole = match[2] ?? '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (match[1] === '-' && Number(whole + fraction) !== 0) return { ok: false, reason: 'range' };
  if (fraction.length > rule.scale) return { ok: false, reason: 'precision' };
  const scaled = Number(whole + fraction.padEnd(rule.scale, '0'));
  if (!Number.isSafeInteger(scaled)) return { ok: false, reason: 'range' };
  const factor = 10 ** rule.scale;
  if (scaled < rule.min * factor || scaled > rule.max * factor) return { ok: false, reason: 'range' };
  return { ok: true, scaled };
}

/** Writes a scaled integer back as a decimal string with exactly `scale` digits after the point. */
export function formatScaled(scaled: number, scale: number): string {
  const negative = scaled < 0;
  const digits = String(Math.abs(scaled)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

export const PERCENT_RULE: DecimalRule = { scale: 2, min: 0, max: 100 };
export const PRICE_RULE: DecimalRule = { scale: 2, min: 0, max: 99_999_999.99 };
export const QUANTITY_RULE: DecimalRule = { scale: 3, min: 0, max: 9_999_999.999 };

/** A quantity in thousandths as the API writes it: "453.590". */
export function thousandthsAsQuantity(thousandths: number): string {
  return formatScaled(thousandths, QUANTITY_RULE.scale);
}

/**
 * Money is kept in whole cents, which JavaScript counts exactly up to its largest safe integer: no line, order total,
 * payment or credit may pass it (an order that would is refused, see `totalsBeyondCents` in order-request.ts).
 */
export const MAX_TOTAL_CENTS = Number.MAX_SAFE_INTEGER;
/** Amounts on an order: past one price's ceiling, up to `MAX_TOTAL_CENTS`. */
export const TOTAL_RULE: DecimalRule = { scale: 2, min: 0, max: MAX_TOTAL_CENTS / 100 };

/** Whole cents of a money amount ('1450.00' → 145000); text that is not money counts as nothing. */
export function moneyCents(amount: string): number {
  const parsed = parseScaled(amount, TOTAL_RULE);
  return parsed.ok ? parsed.scaled : 0;
}

/** Whole cents written as money (145000 → '1450.00'). */
export function centsAsMoney(cents: number): string {
  return formatScaled(cents, TOTAL_RULE.scale);
}
