import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../sync/errors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { tombstones } from './schema';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const row = { entity: 'product', entityId: 'same-id', userId: 'someone', version: 1 };

describe('Database.transaction', () => {
  it('turns a constraint the database enforces into a conflict, and writes nothing of that transaction', async () => {
    const attempt = t.services.db.transaction(async (tx) => {
      tx.db.insert(tombstones).values(row).run();
      tx.db.insert(tombstones).values(row).run();
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ reason: 'conflict' });
    expect(t.services.db.read.select().from(tombstones).all()).toEqual([]);
  });

  it('rolls back only the nested part that failed', async () => {
    await t.services.db.transaction(async (tx) => {
      tx.db.insert(tombstones).values({ ...row, entityId: 'kept' }).run();
      await t.services.db
        .transaction(async (inner) => {
          inner.db.insert(tombstones).values({ ...row, entityId: 'kept' }).run();
        })
        .catch((error: unknown) => expect(error).toMatchObject({ reason: 'conflict' }));
    });
    expect(t.services.db.read.select({ id: tombstones.entityId }).from(tombstones).all()).toEqual([{ id: 'kept' }]);
  });
});
