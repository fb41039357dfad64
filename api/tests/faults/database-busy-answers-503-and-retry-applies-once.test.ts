/**
 * Another process holds the database's write lock (a `BEGIN IMMEDIATE` on
 * its own connection to the same file: an admin command, a backup script, a
 * person in the sqlite3 shell). Longer than the busy timeout, a write answers
 * 503 with Retry-After and words that say so, writes nothing, and goes through
 * once the lock is gone; a push fails as a whole, so the device keeps its
 * changes and its retry applies each once. Shorter than the busy timeout, the
 * lock is waited out and the write simply succeeds. Meanwhile the server
 * goes on answering everything else.
 *
 * The holder is a separate process, as such a holder would be.
 */
import 'fake-indexeddb/auto';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Device, InProcessTransport, ManualClock } from '../support/device';
import { retryDelayMs } from '../../../sync/device/engine/backoff';
import type { Product } from '../../../sync/entities/product';
import type { AuthResponse } from '../../../sync/entities/user';
import type { ErrorBody } from '../../../sync/contract/errors';
import type { Mutation } from '../../../sync/contract/mutations';
import type { PushResponse } from '../../../sync/contract/protocol';
import { WRITE_LOCK_WAIT_MS } from '../../db/sqlite-database';
import { products, syncClients } from '../../db/schema';
import { DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER_SECONDS } from '../../platform/http/errors';
import { createTestApp, type TestApp } from '../../testing/test-app';

const BACKOFF = { baseMs: 1_000, maxMs: 60_000 };
const JITTER = 0.5;

/** Takes the write lock in its own process and keeps it until released, or for `holdMs` when given. */
const HOLDER_SCRIPT = `
const db = new (require('better-sqlite3'))(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
console.log('locked');
const release = () => { db.exec('COMMIT'); db.close(); process.exit(0); };
if (Number(process.argv[2]) > 0) setTimeout(release, Number(process.argv[2]));
process.stdin.on('data', release);
`;

type LockHolder = { release: () => Promise<void>; gone: Promise<void> };
const holders: ChildProcess[] = [];

async function holdWriteLock(file: string, holdMs = 0): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', HOLDER_SCRIPT, file, String(holdMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  holders.push(child);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    void gone.then(() => reject(new Error('The lock holder exited before taking the lock')));
  });
  return {
    gone,
    release: async () => {
      child.stdin!.write('release\n');
      await gone;
    },
  };
}

let t: TestApp;
let seller: AuthResponse;
const devices: Device[] = [];
beforeEach(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const holder of holders.splice(0)) holder.kill('SIGKILL');
  for (const device of devices.splice(0)) {
    device.close();
    await device.db.delete();
  }
  t.close();
});

const productRows = async (id: string) => await t.services.db.read.select().from(products).where(eq(products.id, id)).all();
const createProduct = (id: string) => t.request<Product & ErrorBody>('POST', '/api/products', { token: seller.token, body: { id, strainName: 'Locked out' } });

describe('the write lock held by another process', () => {
  it(
    'longer than the busy timeout: a write answers 503 with Retry-After and a clear message, writes nothing, and the same request then succeeds',
    { timeout: 30_000 },
    async () => {
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const versionBefore = t.services.db.committedVersion;
      const holder = await holdWriteLock(t.services.env.databaseFile);
      const id = randomUUID();

      const startedAt = Date.now();
      const refused = await createProduct(id);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(WRITE_LOCK_WAIT_MS - 100);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      expect(refused.body).toEqual({ message: DATABASE_BUSY_MESSAGE, reason: 'unavailable' });
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('database is locked'));
      expect(await productRows(id)).toEqual([]);
      expect(t.services.db.committedVersion).toBe(versionBefore);

      await holder.release();
      const stored = await createProduct(id);
      expect(stored.status).toBe(201);
      expect(await productRows(id)).toHaveLength(1);
    },
  );

  it('longer than the busy timeout: a push fails as a whole, the device keeps its changes (none refused), and its retry applies each once', { timeout: 30_000 }, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = new InProcessTransport(t.request, seller.token);
    const clock = new ManualClock();
    const device = new Device(seller.user.id, seller.user.id, transport, {
      backoff: BACKOFF,
      random: () => JITTER,
      now: clock.now,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
    devices.push(device);
    clock.busy = () => device.engine.getStatus().phase === 'syncing';
    const [first, second] = [randomUUID(), randomUUID()];
    const changes: Mutation[] = [
      { name: 'product.create', args: { id: first, strainName: 'First', pricePerUnit: '10' } },
      { name: 'product.create', args: { id: second, strainName: 'Second' } },
      { name: 'product.update', args: { id: first, changes: { pricePerUnit: '12.5' } } },
    ];
    await device.write(...changes);

    const holder = await holdWriteLock(t.services.env.databaseFile);
    await device.engine.syncNow();
    expect(device.engine.getStatus()).toMatchObject({ phase: 'retrying', failure: 'server', lastError: DATABASE_BUSY_MESSAGE });
    expect(transport.delivered.map(({ status }) => status)).toEqual([503]);
    expect((await device.outbox()).map((entry) => entry.mutation)).toEqual(changes);
    expect(await device.db.refusals.count()).toBe(0);
    expect(await t.services.db.read.select().from(syncClients).where(eq(syncClients.userId, seller.user.id)).all()).toEqual([]);
    expect([...(await productRows(first)), ...(await productRows(second))]).toEqual([]);

    await holder.release();
    await clock.advance(retryDelayMs(1, JITTER, BACKOFF));
    expect(device.engine.getStatus().phase).toBe('idle');
    expect(await device.outbox()).toEqual([]);
    expect(transport.appliedSeqs()).toEqual([1, 2, 3]);
    const listed = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(listed.map((product) => [product.id, product.pricePerUnit]).sort()).toEqual(
      [
        [first, '12.50'],
        [second, null],
      ].sort(),
    );

    // The same push again, as after an answer lost on the way: nothing applies twice.
    const again = await t.request<PushResponse>('POST', '/api/sync/push', { token: seller.token, body: transport.delivered.at(-1)!.request });
    expect(again.body.results.map((result) => result.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect((await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body).toHaveLength(2);
  });

  it('while a write waits for it, the server goes on answering: health and reads come back at once', { timeout: 30_000 }, async () => {
    const holder = await holdWriteLock(t.services.env.databaseFile);
    const id = randomUUID();
    const startedAt = Date.now();
    let writeSettled = false;
    const write = createProduct(id).finally(() => (writeSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const health = await t.request('GET', '/api/health');
    const listed = await t.request<Product[]>('GET', '/api/products', { token: seller.token });
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(health.body).toEqual({ status: 'ok' });
    expect(listed.status).toBe(200);
    expect(writeSettled).toBe(false);

    await holder.release();
    expect((await write).status).toBe(201);
    expect(await productRows(id)).toHaveLength(1);
  });

  it('shorter than the busy timeout: the write waits for it and succeeds', { timeout: 30_000 }, async () => {
    const holdMs = 1000;
    const holder = await holdWriteLock(t.services.env.databaseFile, holdMs);
    const id = randomUUID();

    const startedAt = Date.now();
    const stored = await createProduct(id);
    const waited = Date.now() - startedAt;
    await holder.gone;
    expect(stored.status).toBe(201);
    // It did wait for the other process (the lock was taken before the request), and not for the whole timeout.
    expect(waited).toBeGreaterThan(holdMs / 2);
    expect(waited).toBeLessThan(WRITE_LOCK_WAIT_MS);
    expect(await productRows(id)).toHaveLength(1);
  });
});
