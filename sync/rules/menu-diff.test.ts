import { describe, expect, it } from 'vitest';
import { describeMenuDiff, diffMenus, hasMenuChanges, type MenuFacts } from './menu-diff';

type Product = MenuFacts['products'][number];

const product = (id: string, pricePerUnit: string | null, availableQuantity = '10.000', unitType: Product['unitType'] = 'lb'): Product => ({
  id,
  strainName: `Strain ${id}`,
  pricePerUnit,
  availableQuantity,
  unitType,
});
const menu = (...products: Product[]): MenuFacts => ({ name: 'Spring', description: null, products });

describe('diffMenus', () => {
  it('lists a stock change made together with a price change on the same product', () => {
    const diff = diffMenus(menu(product('a', '1200.00', '10.000')), menu(product('a', '1150.00', '4.000')));
    expect(describeMenuDiff(diff)).toEqual(['Strain a: price $1,200.00 → $1,150.00; stock 10 lb → 4 lb']);
  });

  it('finds new and removed products, and stock running out or coming back', () => {
    const seen = menu(product('a', '10.00'), product('b', '20.00'), product('c', '5.00', '0.000'), product('d', '1.00'));
    const current = menu(product('a', '12.50'), product('b', '20.00', '0'), product('c', '5.00', '3.5'), product('e', '7.00'));
    expect(describeMenuDiff(diffMenus(seen, current))).toEqual([
      'New: Strain e',
      'Strain a: price $10.00 → $12.50',
      'Strain b: stock 10 lb → 0 lb (out of stock)',
      'Strain c: stock 0 lb → 3.5 lb (back in stock)',
      'No longer listed: Strain d',
    ]);
  });

  it('compares decimals exactly, whatever their written scale', () => {
    const diff = diffMenus(menu(product('a', '10.5', '2.1')), menu(product('a', '10.50', '2.100')));
    expect(hasMenuChanges(diff)).toBe(false);
    const tiny = diffMenus(menu(product('a', '0.10', '0.001')), menu(product('a', '0.11', '0.002')));
    expect(describeMenuDiff(tiny)).toEqual(['Strain a: price $0.10 → $0.11; stock 0.001 lb → 0.002 lb']);
  });

  it('names a price put on request and a change of unit', () => {
    const diff = diffMenus(menu(product('a', '10.00', '5.000', 'lb')), menu(product('a', null, '5.000', 'oz')));
    expect(describeMenuDiff(diff)).toEqual(['Strain a: price $10.00 → Price on request; stock 5 lb → 5 oz']);
  });

  it('lists the menu renamed and its description changed', () => {
    const diff = diffMenus(menu(), { name: 'Summer', description: 'Fresh drops', products: [] });
    expect(describeMenuDiff(diff)).toEqual(['Renamed: Spring → Summer', 'New description']);
  });

  it('reports nothing for the same menu', () => {
    const same = menu(product('a', '10.00'));
    expect(hasMenuChanges(diffMenus(same, same))).toBe(false);
  });
});
