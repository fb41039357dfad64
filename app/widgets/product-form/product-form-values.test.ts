import { describe, expect, it } from 'vitest';
import { splitKeptRefusals } from '../../../sync/device/engine/kept-refusals';
import type { Refusal } from '../../../sync/device/engine/sync-engine';
import { keptProducts } from './kept-products';
import { formFromRefused } from './product-form-values';

const AT = '2026-11-25T10:00:00.000Z';
const description = 'Sweet berry aroma. '.repeat(250).slice(0, 5000);

describe('a refused new product, back in the form', () => {
  it('fills the form with everything that was typed into it, photos and menus too', () => {
    const refusals: Refusal[] = [
      {
        seq: 1,
        name: 'order.create',
        reason: 'conflict',
        message: 'Not enough in stock',
        refusedAt: AT,
        mutation: { name: 'order.create', args: { id: 'o1', menuId: 'm1', lines: [] } },
      },
      {
        seq: 2,
        name: 'product.create',
        reason: 'validation',
        message: 'SKU BD-1 is already used by Blue Haze',
        refusedAt: AT,
        mutation: {
          name: 'product.create',
          args: {
            id: 'p1',
            strainName: 'Blue Dream',
            description,
            sku: 'BD-1',
            category: 'vape',
            thcPercentage: '24.50',
            cbdPercentage: null,
            pricePerUnit: 1200,
            unitType: 'g',
            availableQuantity: '10.000',
            lotSize: 2,
            selectedMenus: ['m1'],
            photoIds: ['photo-1', 'photo-2'],
            labResultId: 'lab-1',
          },
        },
      },
    ];
    const [refused] = keptProducts(splitKeptRefusals(refusals).kept);
    expect(refused).toMatchObject({ id: 'p1', message: 'SKU BD-1 is already used by Blue Haze' });
    expect(formFromRefused(refused!)).toEqual({
      strainName: 'Blue Dream',
      sku: 'BD-1',
      description,
      category: 'vape',
      thcPercentage: '24.5',
      cbdPercentage: '',
      pricePerUnit: '1200',
      unitType: 'g',
      availableQuantity: '10',
      lotSize: '2',
      selectedMenus: ['m1'],
      photoIds: ['photo-1', 'photo-2'],
      labResultId: 'lab-1',
    });
  });
});
