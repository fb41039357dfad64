import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../contract/mutations';
import { splitKeptRefusals } from './kept-refusals';
import type { Refusal } from './sync-engine';

const AT = '2026-11-25T10:00:00.000Z';
const order: Mutation = { name: 'order.create', args: { id: 'order-1', menuId: 'menu-1', lines: [{ productId: 'p1', quantity: '2' }] } };

describe('splitKeptRefusals', () => {
  it('keeps a refused order by its id, and leaves every other refusal dismissable', () => {
    const refusals: Refusal[] = [
      { seq: 1, name: 'order.create', reason: 'conflict', message: 'Not enough in stock', refusedAt: AT, mutation: order },
      { seq: 2, name: 'order.accept', reason: 'conflict', message: 'Already rejected', refusedAt: AT, mutation: { name: 'order.accept', args: { id: 'order-2' } } },
      // Recorded before refusals carried the change: nothing to keep, so it stays with the others.
      { seq: 3, name: 'order.create', reason: 'conflict', message: 'Not enough in stock', refusedAt: AT },
      // A name an older version had: never kept, never a crash.
      { seq: 4, name: 'gone.mutation', reason: 'validation', message: 'No', refusedAt: AT, mutation: { name: 'gone.mutation', args: {} } as unknown as Mutation },
    ];
    const { kept, others } = splitKeptRefusals(refusals);
    expect(kept).toEqual([{ ...refusals[0], id: 'order-1' }]);
    expect(others.map((refusal) => refusal.seq)).toEqual([2, 3, 4]);
  });

  it('keeps a refused new product with everything typed into it, and leaves a refusal for the plan where it is sent again', () => {
    const product: Mutation = {
      name: 'product.create',
      args: { id: 'product-1', strainName: 'Blue Dream', description: 'Sweet berry aroma', sku: 'BD-1', photoIds: ['photo-1'] },
    };
    const refusals: Refusal[] = [
      { seq: 1, name: 'product.create', reason: 'validation', message: 'SKU BD-1 is already used by Blue Haze', refusedAt: AT, mutation: product },
      {
        seq: 2,
        name: 'product.create',
        reason: 'subscription_required',
        message: 'Subscribe to keep editing',
        refusedAt: AT,
        mutation: { ...product, args: { ...product.args, id: 'product-2' } },
      },
      {
        seq: 3,
        name: 'product.update',
        reason: 'validation',
        message: 'SKU BD-1 is already used by Blue Haze',
        refusedAt: AT,
        mutation: { name: 'product.update', args: { id: 'p3', changes: { sku: 'BD-1' } } },
      },
    ];
    const { kept, others } = splitKeptRefusals(refusals);
    expect(kept).toEqual([{ ...refusals[0], id: 'product-1' }]);
    expect(kept[0]?.mutation.args).toMatchObject({ strainName: 'Blue Dream', description: 'Sweet berry aroma', photoIds: ['photo-1'] });
    expect(others.map((refusal) => refusal.seq)).toEqual([2, 3]);
  });
});
