import { describe, expect, it } from 'vitest';
import { splitKeptRefusals } from '../../../sync/device/engine/kept-refusals';
import type { OutboxEntry, Refusal, SyncStatus } from '../../../sync/device/engine/sync-engine';
import type { Mutation } from '../../../sync/contract/mutations';
import { heldOrdersNotice, orderSendStates } from './order-send-state';

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

describe('heldOrdersNotice', () => {
  const QUOTA = 'You have placed too many orders. Please try again in 1 minute.';
  const held: SyncStatus = { phase: 'retrying', failures: 1, lastError: QUOTA, failure: 'rate_limited', nextRetryAt: Date.parse(LATER) };

  it('says plainly, in the server’s words, that orders held back by a quota are kept and go by themselves', () => {
    expect(heldOrdersNotice(held, 1)).toBe(`${QUOTA} The order is kept on this device and will be sent by itself, with nothing more to do.`);
    expect(heldOrdersNotice(held, 3)).toBe(`${QUOTA} The 3 orders waiting to send are kept on this device and will be sent by themselves, with nothing more to do.`);
  });

  it('says nothing when no order waits, or when the device is not held back by the server', () => {
    expect(heldOrdersNotice(held, 0)).toBeNull();
    expect(heldOrdersNotice({ ...held, failure: 'network', lastError: 'Failed to fetch' }, 2)).toBeNull();
    expect(heldOrdersNotice({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null }, 2)).toBeNull();
  });
});
