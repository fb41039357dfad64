/**
 * The disk fills up. For uploads the file system's write fails with ENOSPC
 * part way through a file (the write is faked, only under the uploads
 * folder); for the database SQLite answers SQLITE_FULL (its file is capped at
 * its current size). Either way the client hears 507 with words that say the
 * server's storage is full, nothing half-done is kept, the server says it is
 * not ready while writes fail, and the same request goes through once there
 * is room again.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../sync/entities/product';
import type { AuthResponse } from '../../../sync/entities/user';
import type { ErrorBody } from '../../../sync/contract/errors';
import type { PushResponse } from '../../../sync/contract/protocol';
import { photos, products, syncClients } from '../../db/schema';
import { STORAGE_FULL_MESSAGE } from '../../platform/http/errors';
import { files, upload } from '../../photos/upload-test-support';
import { createTestApp, type TestApp } from '../../testing/test-app';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return { ...actual, writeFile: vi.fn(actual.writeFile) };
});

const STORAGE_FULL_BODY = { message: STORAGE_FULL_MESSAGE, reason: 'unavailable' };
/** Longer than the readiness probe reuses its answer for. */
const READY_REUSE_WAIT_MS = 1100;

let t: TestApp;
let seller: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
});
afterEach(() => {
  vi.restoreAllMocks();
  t.close();
});

const photoRows = async (id: string) => await t.services.db.read.select().from(photos).where(eq(photos.id, id)).all();
const storedFiles = () => (existsSync(t.services.env.uploadsDir) ? readdirSync(t.services.env.uploadsDir) : []);
const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

/** From now on, writes under the uploads folder put down half their bytes and fail as a full disk does. Returns how many did. */
function fillTheUploadDisk(): { partialWrites: () => number } {
  const actual = vi.mocked(fsPromises.writeFile).getMockImplementation()!;
  let partialWrites = 0;
  vi.mocked(fsPromises.writeFile).mockImplementation(async (path, data, options) => {
    if (!String(path).startsWith(t.services.env.uploadsDir)) return actual(path, data, options);
    const bytes = data as Uint8Array;
    await actual(path, bytes.subarray(0, Math.floor(bytes.length / 2)), options);
    partialWrites += 1;
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${String(path)}'`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  });
  return { partialWrites: () => partialWrites };
}

/** Caps the database file at its current size, as a full disk would. */
const fillTheDatabaseDisk = () =>
  t.services.db.transaction(async (tx) => {
    const pages = (await tx.db.get<{ page_count: number }>(sql`PRAGMA page_count`))!.page_count;
    await tx.db.run(sql.raw(`PRAGMA max_page_count = ${pages}`));
  });
const freeTheDatabaseDisk = () => t.services.db.transaction(async (tx) => void (await tx.db.run(sql`PRAGMA max_page_count = 1073741823`)));

const createProduct = (name: string) => t.request<Product & ErrorBody>('POST', '/api/products', { token: seller.token, body: { strainName: name, description: 'd'.repeat(4000) } });

describe('an upload when the disk is full', () => {
  it('answers 507 saying storage is full, keeps no row and no file (whole or partial), and the same upload goes through once space is back', async () => {
    const disk = fillTheUploadDisk();
    const errors = quietly();
    const bytes = files.jpeg(64 * 1024);
    const id = randomUUID();

    const refused = await upload(t, seller.token, { image: bytes, id });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual(STORAGE_FULL_BODY);
    expect(disk.partialWrites()).toBe(1);
    expect(await photoRows(id)).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('storage space'), expect.objectContaining({ code: 'ENOSPC' }));

    vi.mocked(fsPromises.writeFile).mockRestore();
    const stored = await upload(t, seller.token, { image: bytes, id });
    expect(stored.status).toBe(201);
    expect(await photoRows(id)).toHaveLength(1);
    const served = await t.app.request(stored.body.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(storedFiles()).toEqual([stored.body.url.slice('/uploads/'.length)]);
  });
});

describe('a database write when the disk is full', () => {
  it('answers 507 saying storage is full, with SQLite’s own error logged, and keeps nothing of it', { timeout: 30_000 }, async () => {
    const kept = (await createProduct('Before the disk filled')).body;
    await fillTheDatabaseDisk();
    const errors = quietly();

    let refused = await createProduct('Product 0');
    for (let i = 1; refused.status === 201 && i < 200; i += 1) refused = await createProduct(`Product ${i}`);
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual(STORAGE_FULL_BODY);
    const logged = errors.mock.calls.flat().find((arg) => arg instanceof BetterSqlite3.SqliteError) as InstanceType<typeof BetterSqlite3.SqliteError>;
    expect(logged.code).toBe('SQLITE_FULL');
    expect(logged.message).toBe('database or disk is full');

    // A push is not refused as invalid: it fails as a whole, the device keeps its changes, and nothing of it is written.
    const clientId = randomUUID();
    const batch = Array.from({ length: 30 }, (_, i) => ({
      seq: i + 1,
      name: 'product.create',
      args: { id: randomUUID(), strainName: `Pushed ${i}`, description: 'p'.repeat(4000) },
    }));
    const pushed = await t.request<ErrorBody>('POST', '/api/sync/push', { token: seller.token, body: { clientId, mutations: batch } });
    expect(pushed.status).toBe(507);
    expect(pushed.body).toEqual(STORAGE_FULL_BODY);
    expect(await t.services.db.read.select().from(syncClients).where(eq(syncClients.clientId, clientId)).all()).toEqual([]);
    expect(await t.services.db.read.select().from(products).where(eq(products.id, batch[0]!.args.id)).all()).toEqual([]);

    await freeTheDatabaseDisk();
    const retried = await t.request<PushResponse>('POST', '/api/sync/push', { token: seller.token, body: { clientId, mutations: batch } });
    expect(retried.status).toBe(200);
    expect(retried.body.results.map((result) => result.outcome)).toEqual(batch.map(() => 'applied'));
    const listed = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body.map((product) => product.id);
    expect(listed).toContain(kept.id);
    expect(listed.filter((id) => batch.some((mutation) => mutation.args.id === id))).toHaveLength(batch.length);
  });

  it('keeps /api/ready saying not ready while writes fail for want of space, and ready again once one goes through', { timeout: 30_000 }, async () => {
    expect((await t.request('GET', '/api/ready')).status).toBe(200);
    await fillTheDatabaseDisk();
    const errors = quietly();
    let refused = await createProduct('Product 0');
    for (let i = 1; refused.status === 201 && i < 200; i += 1) refused = await createProduct(`Product ${i}`);
    expect(refused.status).toBe(507);

    await new Promise((resolve) => setTimeout(resolve, READY_REUSE_WAIT_MS));
    const notReady = await t.request('GET', '/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ status: 'unavailable', message: 'The database cannot take writes right now' });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('database or disk is full'));
    // Reads still work: health says so.
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });

    await freeTheDatabaseDisk();
    expect((await createProduct('After space came back')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, READY_REUSE_WAIT_MS));
    const ready = await t.request('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });
});
