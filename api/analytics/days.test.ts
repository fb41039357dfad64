import { describe, expect, it } from 'vitest';
import { dayOf, lastDays, periodStart } from './days';

describe('days', () => {
  it('names a moment by its UTC day', () => {
    expect(dayOf(new Date('2031-03-01T23:59:59.999Z'))).toBe('2031-03-01');
    expect(dayOf(new Date('2031-03-02T00:00:00.000Z'))).toBe('2031-03-02');
  });

  it('lists the period oldest first, ending today, across a month and a leap day', () => {
    expect(lastDays(new Date('2032-03-01T10:00:00Z'), 3)).toEqual(['2032-02-28', '2032-02-29', '2032-03-01']);
    expect(lastDays(new Date('2032-03-01T10:00:00Z'), 1)).toEqual(['2032-03-01']);
  });

  it('starts the period at midnight of its first day', () => {
    expect(periodStart(new Date('2031-05-10T18:30:00Z'), 7).toISOString()).toBe('2031-05-04T00:00:00.000Z');
  });
});
