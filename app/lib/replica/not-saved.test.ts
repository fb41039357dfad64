import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Refusal } from '../../../sync/device/engine/sync-engine';
import { discardRefusal, notSavedChanges, notSavedIds, sendAgain } from './not-saved';
import { ReplicaDb } from './replica-db';

const AT = '2026-05-10T12:00:00.000Z';
const create = (id: string) => ({ name: 'product.create', args: { id, strainName: 'Blue Dream' } }) as const;

let db: ReplicaDb;

beforeEach(() => {
  db = new ReplicaDb(`not-saved-test-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await db.delete();
});

describe('notSavedChanges', () => {
  it('keeps the changes refused for the plan that still carry the change itself', () => {
    const refusals: Refusal[] = [
      { seq: 1, name: 'product.create', reason: 'subscription_required', message: 'Subscribe', refusedAt: AT, mutation: create('p1') },
      { seq: 2, name: 'product.update', reason: 'not_found', message: 'Gone', refusedAt: AT, mutation: create('p2') },
      { seq: 3, name: 'product.create', reason: 'subscription_required', message: 'Subscribe', refusedAt: AT },
    ];
    const kept = notSavedChanges(refusals);
    expect(kept.map((change) => change.seq)).toEqual([1]);
    expect([...notSavedIds(kept)]).toEqual(['p1']);
  });
});

describe('sendAgain and discard', () => {
  it('send again queues the same change after what already waits and takes it off the list', async () => {
    await db.outbox.add({ mutation: create('waiting'), createdAt: AT } as never);
    const change = { seq: 7, name: 'product.create', reason: 'subscription_required' as const, message: 'Subscribe', refusedAt: AT, mutation: create('p1') };
    await db.refusals.put(change);

    await sendAgain(db, change);

    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => (entry.mutation.args as { id: string }).id)).toEqual(['waiting', 'p1']);
    expect(await db.refusals.count()).toBe(0);
  });

  it('discard drops only that change', async () => {
    await db.refusals.bulkPut([
      { seq: 1, name: 'product.create', reason: 'subscription_required', message: 'Subscribe', refusedAt: AT, mutation: create('p1') },
      { seq: 2, name: 'product.create', reason: 'subscription_required', message: 'Subscribe', refusedAt: AT, mutation: create('p2') },
    ]);
    await discardRefusal(db, 1);
    expect((await db.refusals.toArray()).map((refusal) => refusal.seq)).toEqual([2]);
  });
});
