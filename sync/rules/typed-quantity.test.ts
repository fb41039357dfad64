import { describe, expect, it } from 'vitest';
import type { UnitType } from '../contract/constants';
import { productTerms } from './pricing';
import { typedQuantityProblem } from './typed-quantity';

const product = (strainName: string, unitType: UnitType, availableQuantity: string, lotSize = 1) => ({ strainName, unitType, availableQuantity, lotSize, pricePerUnit: '100.00' });
const kush = product('Kush', 'lb', '20.000');
const listTerms = productTerms(kush, undefined);
const haze = product('Haze', 'lb', '20.000');
const hazeTerms = productTerms(haze, { productId: 'haze', hidden: false, price: null, percentOff: null, minQuantity: '2', increment: '0.5', breaks: [] });

describe('typedQuantityProblem', () => {
  it('says what is wrong with each quantity a person may type', () => {
    expect(typedQuantityProblem(kush, listTerms, '')).toBe('Kush: enter a quantity');
    expect(typedQuantityProblem(kush, listTerms, '  ')).toBe('Kush: enter a quantity');
    expect(typedQuantityProblem(kush, listTerms, '0')).toBe('Kush: order at least 1 lb');
    expect(typedQuantityProblem(kush, listTerms, '-3')).toBe('Kush: order at least 1 lb');
    expect(typedQuantityProblem(kush, listTerms, '25')).toBe('Kush: at most 20 lb available');
    expect(typedQuantityProblem(kush, listTerms, '99999999')).toBe('Kush: at most 20 lb available');
    expect(typedQuantityProblem(kush, listTerms, 'two')).toBe('Kush: enter the quantity as a number, such as 5');
    expect(typedQuantityProblem(kush, listTerms, '2.0001')).toBe('Kush: use at most three decimals');
    expect(typedQuantityProblem(kush, listTerms, '2.5')).toBeNull();
    expect(typedQuantityProblem(kush, listTerms, '20')).toBeNull();
  });

  it('holds counted products to whole units, named in the plural past one', () => {
    const single = product('Single', 'unit', '100.000', 0);
    const singleTerms = productTerms(single, undefined);
    expect(typedQuantityProblem(single, singleTerms, '0')).toBe('Single: order at least 1 unit');
    expect(typedQuantityProblem(single, singleTerms, '2.5')).toBe('Single: whole units only');
    expect(typedQuantityProblem(single, singleTerms, '101')).toBe('Single: at most 100 units available');
    const gummies = product('Gummies', 'unit', '1000.000', 48);
    expect(typedQuantityProblem(gummies, productTerms(gummies, undefined), '47')).toBe('Gummies: the minimum order is 48 units');
  });

  it('keeps to the terms: the minimum, the steps, and the least orderable when nothing is typed', () => {
    expect(typedQuantityProblem(haze, hazeTerms, '0')).toBe('Haze: order at least 2 lb');
    expect(typedQuantityProblem(haze, hazeTerms, '1.5')).toBe('Haze: the minimum order is 2 lb');
    expect(typedQuantityProblem(haze, hazeTerms, '2.25')).toBe('Haze: order in steps of 0.5 lb');
    expect(typedQuantityProblem(haze, hazeTerms, '20.5')).toBe('Haze: at most 20 lb available');
    expect(typedQuantityProblem(haze, hazeTerms, '2.5')).toBeNull();
  });
});
