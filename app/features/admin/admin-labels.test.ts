import { describe, expect, it } from 'vitest';
import { formatCents, formatShare, pageCount, pageRange, subscriptionLabel } from './admin-labels';

describe('subscriptionLabel', () => {
  it('shows a seller their status and a buyer N/A', () => {
    expect(subscriptionLabel({ role: 'seller', subscriptionStatus: 'past_due' })).toBe('Past due');
    expect(subscriptionLabel({ role: 'seller', subscriptionStatus: 'trial' })).toBe('Trial');
    expect(subscriptionLabel({ role: 'buyer', subscriptionStatus: 'trial' })).toBe('N/A');
  });
});

describe('formatCents', () => {
  it('writes dollars and cents exactly', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(3999)).toBe('$39.99');
    expect(formatCents(399_900_05)).toBe('$399,900.05');
  });
});

describe('formatShare', () => {
  it('rounds to one decimal and shows a dash for nothing', () => {
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(2, 2)).toBe('100.0%');
    expect(formatShare(0, 0)).toBe('—');
  });
});

describe('pageRange and pageCount', () => {
  it('names the rows a page shows', () => {
    expect(pageRange(1, 25, 120)).toBe('Showing 1–25 of 120 customers');
    expect(pageRange(5, 25, 120)).toBe('Showing 101–120 of 120 customers');
    expect(pageRange(1, 25, 1)).toBe('Showing 1–1 of 1 customer');
    expect(pageRange(1, 25, 0)).toBe('0 customers');
    expect(pageCount(25, 120)).toBe(5);
    expect(pageCount(25, 0)).toBe(1);
  });
});
