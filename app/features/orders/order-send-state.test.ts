import { describe, expect, it } from 'vitest';
import { splitKeptRefusals } from '../../../sync/engine/kept-refusals';
import type { OutboxEntry, Refusal } from '../../../sync/engine/sync-engine';
import type { Mutation } from '../../../sync/mutations';
import { orderSendStates } from './order-send-state';

const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-25T11:00:00.000Z';
const create = (id: string): Mutation => ({ name: 'order.create', args: { id, menuId: 'menu-1', lines: [{ productId: 'p1', quantity: '2' }], note: '' } });

describe('orderSendStates', () => {
  it('shows an order still in the outbox as waiting, and keeps a refused one with its lines and the reason, oldest first', () => {
    const outbox: OutboxEntry[] = [
      { seq: 3, mutation: create('waiting'), createdAt: AT },
      { seq: 4, mutation: { name: 'order.accept', args: { id: 'other' } }, createdAt: AT },
    ];
    const refusals: Refusal[] = [
      { seq: 5, name: 'order.create', reason: 'conflict', message: 'Not enough in stock for Haze (1 left)', refusedAt: LATER, mutation: create('later') },
      { seq: 1, name: 'order.create', reason: 'not_found', message: 'This menu link no longer works', refusedAt: AT, mutation: create('refused') },
      { seq: 2, name: 'product.update', reason: 'not_found', message: 'Gone', refusedAt: AT },
    ];
    const { kept } = splitKeptRefusals(refusals);
    const states = orderSendStates(outbox, kept);
    expect([...states.waiting]).toEqual(['waiting']);
    expect(states.refused).toEqual([
      { id: 'refused', message: 'This menu link no longer works', refusedAt: AT, args: create('refused').args },
      { id: 'later', message: 'Not enough in stock for Haze (1 left)', refusedAt: LATER, args: create('later').args },
    ]);
  });
});
