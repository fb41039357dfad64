import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../sync/contract/errors';
import { mutate, STORAGE_FULL_MESSAGE } from './mutate';
import { ReplicaDb } from './replica-db';
import { useSyncSession } from './sync-session';

let db: ReplicaDb;

beforeEach(() => {
  db = new ReplicaDb(`mutate-test-${crypto.randomUUID()}`);
  useSyncSession.setState({ db, engine: null });
});

afterEach(async () => {
  useSyncSession.setState({ db: null, engine: null });
  await db.delete();
});

const create = (strainName: string) => ({ name: 'product.create', args: { id: crypto.randomUUID(), strainName } }) as const;

describe('mutate', () => {
  it('writes the change to the outbox in IndexedDB, in order', async () => {
    await mutate(create('Blue Dream'));
    await mutate(create('Gelato'));
    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => [entry.seq, (entry.mutation.args as { strainName: string }).strainName])).toEqual([
      [1, 'Blue Dream'],
      [2, 'Gelato'],
    ]);
  });

  it('refuses a change its own schema refuses, with the field message, and queues nothing', async () => {
    await expect(mutate(create(''))).rejects.toMatchObject({ reason: 'validation', message: 'Strain name is required' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('turns a full disk into a clear message instead of losing the change silently', async () => {
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const failure = mutate(create('Sour Diesel'));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ message: STORAGE_FULL_MESSAGE });
  });

  it('asks the person to sign in when no replica is open', async () => {
    useSyncSession.setState({ db: null });
    await expect(mutate(create('Blue Dream'))).rejects.toMatchObject({ reason: 'unauthenticated' });
  });
});
