import { describe, expect, it } from 'vitest';
import type { Mutation } from '../mutations';
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
});
