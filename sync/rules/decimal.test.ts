import { describe, expect, it } from 'vitest';
import { formatScaled, parseScaled, PERCENT_RULE, PRICE_RULE, QUANTITY_RULE } from './decimal';

describe('parseScaled', () => {
  it('reads prices into whole cents without float rounding', () => {
    expect(parseScaled('1200', PRICE_RULE)).toEqual({ ok: true, scaled: 120000 });
    expect(parseScaled('0.1', PRICE_RULE)).toEqual({ ok: true, scaled: 10 });
    expect(parseScaled(0.29, PRICE_RULE)).toEqual({ ok: true, scaled: 29 });
    expect(parseScaled(' 19.99 ', PRICE_RULE)).toEqual({ ok: true, scaled: 1999 });
  });

  it('keeps thousandths of a unit for quantities', () => {
    expect(parseScaled('10.125', QUANTITY_RULE)).toEqual({ ok: true, scaled: 10125 });
    expect(parseScaled(3, QUANTITY_RULE)).toEqual({ ok: true, scaled: 3000 });
  });

  it('ignores trailing zeros beyond the scale but refuses real extra digits', () => {
    expect(parseScaled('24.500', PERCENT_RULE)).toEqual({ ok: true, scaled: 2450 });
    expect(parseScaled('24.505', PERCENT_RULE)).toEqual({ ok: false, reason: 'precision' });
  });

  it('refuses values outside the rule and text that is not a plain decimal', () => {
    expect(parseScaled('100.01', PERCENT_RULE)).toEqual({ ok: false, reason: 'range' });
    expect(parseScaled('-1', PERCENT_RULE)).toEqual({ ok: false, reason: 'range' });
    expect(parseScaled('abc', PERCENT_RULE)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled('1e3', PRICE_RULE)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled(Number.NaN, PRICE_RULE)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('formatScaled', () => {
  it('writes exactly scale digits after the point', () => {
    expect(formatScaled(2450, 2)).toBe('24.50');
    expect(formatScaled(5, 2)).toBe('0.05');
    expect(formatScaled(0, 3)).toBe('0.000');
    expect(formatScaled(10125, 3)).toBe('10.125');
  });

  it('round-trips with parseScaled', () => {
    for (const text of ['0.00', '1.05', '99999999.99']) {
      const parsed = parseScaled(text, PRICE_RULE);
      expect(parsed.ok && formatScaled(parsed.scaled, 2)).toBe(text);
    }
  });
});
