import { describe, expect, it } from 'vitest';
import { formatPotency, potencyConflicts, settlePotency } from './potency';

describe('formatPotency', () => {
  it('shows ND for a potency below detection, whatever the percentage says', () => {
    expect(formatPotency(null, true)).toBe('ND');
    expect(formatPotency('0.05', true)).toBe('ND');
  });

  it('shows the percentage otherwise, and nothing for none', () => {
    expect(formatPotency('24.5', false)).toBe('24.50%');
    expect(formatPotency('24.5', undefined)).toBe('24.50%');
    expect(formatPotency(null, false)).toBeNull();
  });
});

describe('potencyConflicts', () => {
  it('names each potency given as a percentage and as below detection at once', () => {
    expect(potencyConflicts({ thcPercentage: '0.10', thcBelowDetection: true, cbdPercentage: '2', cbdBelowDetection: true })).toEqual({
      thcPercentage: 'THC % is below detection (ND): leave the percentage empty',
      cbdPercentage: 'CBD % is below detection (ND): leave the percentage empty',
    });
  });

  it('takes below detection with an empty percentage, and a percentage without the flag', () => {
    expect(potencyConflicts({ thcPercentage: null, thcBelowDetection: true, cbdPercentage: '1.00', cbdBelowDetection: false })).toEqual({});
    expect(potencyConflicts({ thcBelowDetection: true })).toEqual({});
    expect(potencyConflicts({})).toEqual({});
  });
});

describe('settlePotency', () => {
  it('clears below detection when a change gives a percentage', () => {
    expect(settlePotency({ thcPercentage: '0.30' })).toEqual({ thcPercentage: '0.30', thcBelowDetection: false });
  });

  it('clears the percentage when a change sets below detection', () => {
    expect(settlePotency({ cbdBelowDetection: true })).toEqual({ cbdBelowDetection: true, cbdPercentage: null });
  });

  it('leaves a change that names both, or neither, as it is', () => {
    expect(settlePotency({ thcPercentage: null, thcBelowDetection: true })).toEqual({ thcPercentage: null, thcBelowDetection: true });
    expect(settlePotency({ thcPercentage: null })).toEqual({ thcPercentage: null });
    expect(settlePotency({ strainName: 'Kush', lotSize: 2, cbdPercentage: undefined })).toEqual({ strainName: 'Kush', lotSize: 2, cbdPercentage: undefined });
    expect(settlePotency({ thcBelowDetection: false })).toEqual({ thcBelowDetection: false });
  });
});
