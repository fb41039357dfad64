import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../sync/contract/errors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { STORAGE_FULL_REMEMBERED_MS } from './sqlite-database';
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
      await tx.db.insert(tombstones).values(row).run();
      await tx.db.insert(tombstones).values(row).run();
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ reason: 'conflict' });
    expect(await t.services.db.read.select().from(tombstones).all()).toEqual([]);
  });

  it('rolls back only the nested part that failed', async () => {
    await t.services.db.transaction(async (tx) => {
      await tx.db
        .insert(tombstones)
        .values({ ...row, entityId: 'kept' })
        .run();
      await t.services.db
        .transaction(async (inner) => {
          await inner.db
            .insert(tombstones)
            .values({ ...row, entityId: 'kept' })
            .run();
        })
        .catch((error: unknown) => expect(error).toMatchObject({ reason: 'conflict' }));
    });
    expect(await t.services.db.read.select({ id: tombstones.entityId }).from(tombstones).all()).toEqual([{ id: 'kept' }]);
  });
});

describe('a write the storage cannot take', () => {
  let full: TestApp;
  beforeAll(() => {
    full = createTestApp();
  });
  afterAll(() => full.close());

  /** Caps the file at its current size, as a full disk would; SQLite then rolls the whole transaction back itself. */
  async function fillTheDisk(): Promise<void> {
    await full.services.db.transaction(async (tx) => {
      const pages = (await tx.db.get<{ page_count: number }>(sql`PRAGMA page_count`))!.page_count;
      await tx.db.run(sql.raw(`PRAGMA max_page_count = ${pages}`));
    });
  }
  const freeTheDisk = () => full.services.db.transaction(async (tx) => void (await tx.db.run(sql`PRAGMA max_page_count = 1073741823`)));
  const manyRows = (prefix: string) => Array.from({ length: 2000 }, (_, i) => ({ ...row, entityId: `${prefix}-${i}-${'x'.repeat(200)}` }));

  it('fails with the storage’s own error, not the rollback’s, and keeps nothing of it', async () => {
    await fillTheDisk();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const attempt = full.services.db.transaction(async (tx) => {
        for (const values of manyRows('outer')) await tx.db.insert(tombstones).values(values).run();
      });
      await expect(attempt).rejects.toThrow('database or disk is full');
      const nested = full.services.db.transaction(async () => {
        await full.services.db.transaction(async (inner) => {
          for (const values of manyRows('inner')) await inner.db.insert(tombstones).values(values).run();
        });
      });
      await expect(nested).rejects.toThrow('database or disk is full');
    } finally {
      errors.mockRestore();
      await freeTheDisk();
    }
    expect(await full.services.db.read.select().from(tombstones).all()).toEqual([]);
    await full.services.db.transaction(
      async (tx) =>
        void (await tx.db
          .insert(tombstones)
          .values({ ...row, entityId: 'after' })
          .run()),
    );
    expect(await full.services.db.read.select({ id: tombstones.entityId }).from(tombstones).all()).toEqual([{ id: 'after' }]);
  });

  it('is not ready after a write failed for want of space, until a write commits or a while has passed without another', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      await fillTheDisk();
      // The probe's own write changes a page in place, so it fits where a real write does not.
      expect(await full.services.db.ready()).toEqual({ ok: true });
      const attempt = full.services.db.transaction(async (tx) => {
        for (const values of manyRows('ready')) await tx.db.insert(tombstones).values(values).run();
      });
      await expect(attempt).rejects.toThrow('database or disk is full');
      expect(await full.services.db.ready()).toEqual({ ok: false, reason: 'database or disk is full' });

      vi.setSystemTime(start + STORAGE_FULL_REMEMBERED_MS - 1);
      expect(await full.services.db.ready()).toEqual({ ok: false, reason: 'database or disk is full' });
      vi.setSystemTime(start + STORAGE_FULL_REMEMBERED_MS);
      expect(await full.services.db.ready()).toEqual({ ok: true });

      await expect(full.services.db.transaction(async (tx) => void (await tx.db.insert(tombstones).values(manyRows('again')).run()))).rejects.toThrow();
      expect((await full.services.db.ready()).ok).toBe(false);
    } finally {
      await freeTheDisk();
      vi.useRealTimers();
    }
    expect(await full.services.db.ready()).toEqual({ ok: true });
  });
});

describe('readiness', () => {
  let busy: TestApp;
  beforeAll(() => {
    busy = createTestApp();
  });
  afterAll(() => busy.close());

  it('says ready when a write can be made, and changes nothing', async () => {
    const before = busy.services.db.committedVersion;
    const res = await busy.request('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(busy.services.db.committedVersion).toBe(before);
  });

  it('says unavailable while another process holds the write lock, where health (a read) still says ok', { timeout: 15_000 }, async () => {
    const other = new BetterSqlite3(join(busy.dir, 'app.db'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      other.exec('BEGIN IMMEDIATE');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const ready = await busy.request('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', message: 'The database cannot take writes right now' });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('database is locked'));
      expect((await busy.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    } finally {
      other.exec('ROLLBACK');
      other.close();
      errors.mockRestore();
    }
    expect(await busy.services.db.ready()).toEqual({ ok: true });
  });
});
