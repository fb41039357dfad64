/**
 * How a Metrc package becomes a product (docs/metrc.md): its category and unit in the product's words, whether its
 * lab state lets it be sold, the stock a product linked to packages holds, and which of its packages it names. Pure, for the server and the device alike.
 */
import type { ProductCategory, UnitType } from '../contract/constants';

/** Metrc's units of the packages a product here can be counted in. */
const UNITS: Record<string, UnitType> = { Pounds: 'lb', Ounces: 'oz', Grams: 'g', Each: 'unit' };

/** The product's unit for a package's `UnitOfMeasureName`, or null for one no product here is counted in (Milliliters, say). */
export function unitOfMetrcPackage(unitOfMeasure: string): UnitType | null {
  return UNITS[unitOfMeasure] ?? null;
}

/** Metrc's categories are each state's own names ("Buds", "Pre-Roll Flower", "Vape Cartridge (weight - each)"): read by what they say. */
const CATEGORY_WORDS: [RegExp, ProductCategory][] = [
  [/pre-?roll|infused joint/i, 'preroll'],
  [/vape|cartridge|\bcart\b|pod/i, 'vape'],
  [/edible|gummy|gummies|chocolate|beverage|drink|capsule|tincture/i, 'edible'],
  [/topical|lotion|balm|salve|transdermal/i, 'topical'],
  [/concentrate|extract|wax|shatter|rosin|resin|distillate|kief|hash|budder|crumble|oil/i, 'concentrate'],
];

/** The product category a Metrc item category reads as; flower when it names none of the others (Buds, Shake/Trim). */
export function categoryOfMetrcPackage(metrcCategory: string): ProductCategory {
  return CATEGORY_WORDS.find(([words]) => words.test(metrcCategory))?.[1] ?? 'flower';
}

/** The lab testing states under which a package may be sold: it passed (first time or on retest), was remediated, or needs no test. */
export const SELLABLE_LAB_STATES = ['TestPassed', 'RetestPassed', 'Remediated', 'NotRequired'] as const;

export function labStateAllowsSale(labTestingState: string | null): boolean {
  return (SELLABLE_LAB_STATES as readonly string[]).includes(labTestingState ?? '');
}

/** Metrc's lab state in words a buyer and a seller read: "TestPassed" → "test passed". */
export function labStateWords(labTestingState: string): string {
  return labTestingState
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** A package linked to a product, as the stock rule reads it: quantity in thousandths. */
export type LinkedPackage = { label: string; quantity: number; finished: boolean; expirationDate: string | null };

/** A product holds what its packages hold: the sum of the ones Metrc has not finished (none left: sold out). */
export function stockOfLinkedPackages(packages: readonly LinkedPackage[]): number {
  return packages.reduce((total, item) => (item.finished ? total : total + item.quantity), 0);
}

/**
 * The package a product names (its tag, batch and lab state on the product): of those not finished, the one that
 * expires first (one with no expiry last), as it is the one to sell first; by label when that ties.
 */
export function packageToSellFirst<T extends LinkedPackage>(packages: readonly T[]): T | null {
  const open = packages.filter((item) => !item.finished);
  const candidates = open.length > 0 ? open : packages;
  return [...candidates].sort((a, b) => expiryKey(a).localeCompare(expiryKey(b)) || a.label.localeCompare(b.label))[0] ?? null;
}

const expiryKey = (item: LinkedPackage) => item.expirationDate ?? '9999-12-31';
