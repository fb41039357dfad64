import { describe, expect, it } from 'vitest';
import { categoryOfMetrcPackage, labStateAllowsSale, labStateWords, packageToSellFirst, stockOfLinkedPackages, unitOfMetrcPackage } from './metrc-packages';

describe('a Metrc package as a product', () => {
  it("takes Metrc's units it can count in, and no other", () => {
    expect(['Pounds', 'Ounces', 'Grams', 'Each'].map(unitOfMetrcPackage)).toEqual(['lb', 'oz', 'g', 'unit']);
    expect(unitOfMetrcPackage('Milliliters')).toBeNull();
  });

  it("reads each state's category names by what they say", () => {
    expect(categoryOfMetrcPackage('Buds')).toBe('flower');
    expect(categoryOfMetrcPackage('Shake/Trim')).toBe('flower');
    expect(categoryOfMetrcPackage('Pre-Roll Flower')).toBe('preroll');
    expect(categoryOfMetrcPackage('Infused Pre-Roll')).toBe('preroll');
    expect(categoryOfMetrcPackage('Vape Cartridge (weight - each)')).toBe('vape');
    expect(categoryOfMetrcPackage('Concentrate (Each)')).toBe('concentrate');
    expect(categoryOfMetrcPackage('Infused Edible')).toBe('edible');
    expect(categoryOfMetrcPackage('Topical (volume - each)')).toBe('topical');
  });

  it('may be sold once it passed, was remediated or needs no test, and not while untested or failed', () => {
    expect(['TestPassed', 'RetestPassed', 'Remediated', 'NotRequired'].every(labStateAllowsSale)).toBe(true);
    expect(['NotSubmitted', 'SubmittedForTesting', 'TestingInProgress', 'TestFailed', 'RetestFailed', 'AwaitingConfirmation'].some(labStateAllowsSale)).toBe(false);
    expect(labStateAllowsSale(null)).toBe(false);
    expect(labStateWords('TestPassed')).toBe('test passed');
    expect(labStateWords('SelectedForRandomTesting')).toBe('selected for random testing');
  });

  it('holds what its unfinished packages hold, and nothing once Metrc finished them all', () => {
    const packages = [
      { label: 'A', quantity: 453_590, finished: false, expirationDate: '2027-03-01' },
      { label: 'B', quantity: 100_000, finished: false, expirationDate: null },
      { label: 'C', quantity: 50_000, finished: true, expirationDate: '2026-12-01' },
    ];
    expect(stockOfLinkedPackages(packages)).toBe(553_590);
    expect(stockOfLinkedPackages(packages.map((item) => ({ ...item, finished: true })))).toBe(0);
  });

  it('names the unfinished package that expires first, one with no expiry last', () => {
    const packages = [
      { label: 'B', quantity: 1, finished: false, expirationDate: null },
      { label: 'A', quantity: 1, finished: false, expirationDate: '2027-03-01' },
      { label: 'C', quantity: 1, finished: true, expirationDate: '2026-12-01' },
    ];
    expect(packageToSellFirst(packages)?.label).toBe('A');
    expect(packageToSellFirst(packages.filter((item) => item.label !== 'A'))?.label).toBe('B');
    expect(packageToSellFirst([{ label: 'C', quantity: 1, finished: true, expirationDate: null }])?.label).toBe('C');
    expect(packageToSellFirst([])).toBeNull();
  });
});
