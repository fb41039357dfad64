/**
 * What changed on a menu between two looks at it: the facts a buyer compares
 * (name, description, and each product's name, price, stock and unit), and
 * the differences between two sets of them. The saved menu's page and the
 * daily digest both list changes from here, so they never disagree.
 * Decimals are compared as exact scaled integers, never as floats.
 */
import { z } from 'zod';
import { UNIT_TYPES } from '../contract/constants';
import { parseScaled, PRICE_RULE, QUANTITY_RULE, type DecimalRule } from './decimal';
import type { PublicMenu } from '../entities/public-menu';
import { formatPrice, formatQuantity } from './format-decimal';

export const menuFactsSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  products: z.array(
    z.object({
      id: z.string(),
      strainName: z.string(),
      pricePerUnit: z.string().nullable(),
      availableQuantity: z.string(),
      unitType: z.enum(UNIT_TYPES),
    }),
  ),
});
export type MenuFacts = z.infer<typeof menuFactsSchema>;
type ProductFacts = MenuFacts['products'][number];

export function menuFacts(menu: PublicMenu): MenuFacts {
  return {
    name: menu.menu.name,
    description: menu.menu.description,
    products: menu.products.map(({ id, strainName, pricePerUnit, availableQuantity, unitType }) => ({
      id,
      strainName,
      pricePerUnit,
      availableQuantity,
      unitType,
    })),
  };
}

/** One product's changes; each part is there only when it changed. */
export type ProductChange = {
  product: ProductFacts;
  price?: { from: string | null; to: string | null };
  stock?: { from: string; to: string; fromUnit: ProductFacts['unitType'] };
  /** Crossing zero: it ran out, or it is back. */
  availability?: 'out' | 'back';
};

export type MenuDiff = {
  name?: { from: string; to: string };
  descriptionChanged: boolean;
  added: ProductFacts[];
  removed: ProductFacts[];
  changed: ProductChange[];
};

function scaled(value: string, rule: DecimalRule): number | null {
  const parsed = parseScaled(value, rule);
  return parsed.ok ? parsed.scaled : null;
}

function sameDecimal(a: string | null, b: string | null, rule: DecimalRule): boolean {
  if (a === null || b === null) return a === b;
  const left = scaled(a, rule);
  const right = scaled(b, rule);
  return left === null || right === null ? a.trim() === b.trim() : left === right;
}

const inStock = (quantity: string) => (scaled(quantity, QUANTITY_RULE) ?? 0) > 0;

function productChange(before: ProductFacts, after: ProductFacts): ProductChange | null {
  const change: ProductChange = { product: after };
  if (!sameDecimal(before.pricePerUnit, after.pricePerUnit, PRICE_RULE)) change.price = { from: before.pricePerUnit, to: after.pricePerUnit };
  if (!sameDecimal(before.availableQuantity, after.availableQuantity, QUANTITY_RULE) || before.unitType !== after.unitType) {
    change.stock = { from: before.availableQuantity, to: after.availableQuantity, fromUnit: before.unitType };
  }
  if (inStock(before.availableQuantity) !== inStock(after.availableQuantity)) change.availability = inStock(after.availableQuantity) ? 'back' : 'out';
  return change.price || change.stock ? change : null;
}

/** The differences between the menu as it was seen (`before`) and as it is (`after`), products in the current menu's order. */
export function diffMenus(before: MenuFacts, after: MenuFacts): MenuDiff {
  const seen = new Map(before.products.map((product) => [product.id, product]));
  const current = new Set(after.products.map((product) => product.id));
  const diff: MenuDiff = { descriptionChanged: (before.description ?? '') !== (after.description ?? ''), added: [], removed: [], changed: [] };
  if (before.name !== after.name) diff.name = { from: before.name, to: after.name };
  for (const product of after.products) {
    const old = seen.get(product.id);
    if (!old) {
      diff.added.push(product);
      continue;
    }
    const change = productChange(old, product);
    if (change) diff.changed.push(change);
  }
  diff.removed = before.products.filter((product) => !current.has(product.id));
  return diff;
}

export function hasMenuChanges(diff: MenuDiff): boolean {
  return Boolean(diff.name) || diff.descriptionChanged || diff.added.length + diff.removed.length + diff.changed.length > 0;
}

/** 'Blue Dream: price $1,200.00 → $1,150.00; stock 10 lb → 4 lb (out of stock)'. */
export function describeProductChange({ product, price, stock, availability }: ProductChange): string {
  const parts: string[] = [];
  if (price) parts.push(`price ${formatPrice(price.from)} → ${formatPrice(price.to)}`);
  if (stock) {
    const availabilityNote = availability === 'out' ? ' (out of stock)' : availability === 'back' ? ' (back in stock)' : '';
    parts.push(`stock ${formatQuantity(stock.from, stock.fromUnit)} → ${formatQuantity(stock.to, product.unitType)}${availabilityNote}`);
  }
  return `${product.strainName}: ${parts.join('; ')}`;
}

/** Every change as one line of words, in the order the page and the digest list them. */
export function describeMenuDiff(diff: MenuDiff): string[] {
  return [
    ...(diff.name ? [`Renamed: ${diff.name.from} → ${diff.name.to}`] : []),
    ...(diff.descriptionChanged ? ['New description'] : []),
    ...diff.added.map((product) => `New: ${product.strainName}`),
    ...diff.changed.map(describeProductChange),
    ...diff.removed.map((product) => `No longer listed: ${product.strainName}`),
  ];
}
