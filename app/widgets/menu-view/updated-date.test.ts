import { describe, expect, it } from 'vitest';
import { formatUpdated } from './updated-date';

describe('formatUpdated', () => {
  it('writes the UTC date as an American English long date', () => {
    const english = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (const iso of ['2026-01-01T00:00:00.000Z', '2026-11-26T23:59:59.999Z', '2024-02-29T12:00:00Z', '1999-12-31T23:30:00-05:00', '2030-07-04']) {
      expect(formatUpdated(iso)).toBe(english.format(new Date(iso)));
    }
  });

  it('says Recently when there is no date or no valid one', () => {
    expect(formatUpdated(null)).toBe('Recently');
    expect(formatUpdated(undefined)).toBe('Recently');
    expect(formatUpdated('')).toBe('Recently');
    expect(formatUpdated('not a date')).toBe('Recently');
  });
});
