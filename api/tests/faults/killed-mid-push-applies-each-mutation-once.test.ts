/**
 * SIGKILL mid-push, three times: four devices (two sellers, two each) keep
 * making products and price changes and syncing them with the real sync
 * engine over HTTP, while the real server process is killed at random moments
 * with pushes in flight and started again on the same data folder. The
 * engines retry what was not acknowledged, with the same sequence numbers.
 *
 * A fifth device of the first seller starts from nothing while the kills go
 * on, pulling in pages of two rows, so its first pull is cut off part way and
 * resumed.
 *
 * At the end, counted end to end: every product a device made exists once,
 * with the price of its last change in the device's order; each device's
 * processed sequence is the number of changes it made; nothing was refused
 * (a create applied twice would be refused as a conflict) and no answer ever
 * said a sequence was applied twice.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Device } from '../support/device';
import { SyncTransportError, type SyncTransport } from '../../../sync/device/engine/sync-engine';
import type { Product } from '../../../sync/entities/product';
import type { AuthResponse } from '../../../sync/entities/user';
import { pullPath, type PullResponse, type PullScope, type PushRequest, type PushResponse } from '../../../sync/contract/protocol';
import { cleanUp, killHard, registerSeller, sleep, startServer, stop, tempDataDir, type RunningServer } from './spawned-server';
import { seededRandom, seedForThisTest } from '../../../sync/testing/seeded-random';

const KILLS = 3;
const DEVICES_PER_SELLER = 2;

/** What crossed the wire, over all devices: pushes waiting for an answer, pushes that got none (cut off, or no server), and what each answer said was applied. */
class Traffic {
  pushesInFlight = 0;
  unanswered = 0;
  readonly appliedAnswers = new Map<string, number>();

  noteAnswer(clientId: string, response: PushResponse): void {
    for (const result of response.results) {
      if (result.outcome !== 'applied') continue;
      const key = `${clientId}#${result.seq}`;
      this.appliedAnswers.set(key, (this.appliedAnswers.get(key) ?? 0) + 1);
    }
  }
}

/** The engine's transport over HTTP to whichever server process is running now, mapping failures as app/lib/replica/http-sync-transport.ts does. */
class HttpTransport implements SyncTransport {
  constructor(
    private readonly server: () => RunningServer,
    private readonly token: string,
    private readonly traffic: Traffic,
    /** Rows a page of a pull from nothing holds, when fewer than the server's own page. */
    private readonly pageRows: number | null = null,
  ) {}

  async push(request: PushRequest): Promise<PushResponse> {
    this.traffic.pushesInFlight += 1;
    try {
      const response = await this.call<PushResponse>('POST', '/api/sync/push', request);
      this.traffic.noteAnswer(request.clientId, response);
      return response;
    } catch (error) {
      if (error instanceof SyncTransportError && error.kind === 'network') this.traffic.unanswered += 1;
      throw error;
    } finally {
      this.traffic.pushesInFlight -= 1;
    }
  }

  pull(cursor: number, clientId: string, scope: PullScope, page: string | null = null): Promise<PullResponse> {
    return this.call('GET', `${pullPath(cursor, clientId, scope, page)}${this.pageRows === null ? '' : `&limit=${this.pageRows}`}`);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.server().url}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new SyncTransportError('network', (error as Error).message);
    }
    const text = await response.text().catch(() => null);
    if (text === null) throw new SyncTransportError('network', 'The answer was cut off');
    if (response.ok) return JSON.parse(text) as T;
    if (response.status === 401) throw new SyncTransportError('unauthorized', text);
    if (response.status >= 500) throw new SyncTransportError('server', text);
    throw new SyncTransportError('rejected', `${response.status}: ${text}`);
  }
}

/** One device's changes as it made them: the products it created, and each one's price after its last change. */
type Made = { device: Device; seller: AuthResponse; mutations: number; prices: Map<string, number> };

/** Makes products and changes prices in small bursts, syncing after each, until told to stop; `random` picks sizes, targets and pauses. */
async function keepEditing(made: Made, going: () => boolean, random: () => number): Promise<void> {
  const ids: string[] = [];
  while (going()) {
    const burst = 1 + Math.floor(random() * 3);
    for (let i = 0; i < burst; i += 1) {
      const price = made.mutations + 1;
      const target = ids[Math.floor(random() * ids.length)];
      if (target && random() < 0.4) {
        await made.device.write({ name: 'product.update', args: { id: target, changes: { pricePerUnit: String(price) } } });
        made.prices.set(target, price);
      } else {
        const id = randomUUID();
        await made.device.write({ name: 'product.create', args: { id, strainName: `Lot ${made.mutations + 1}`, pricePerUnit: String(price) } });
        ids.push(id);
        made.prices.set(id, price);
      }
      made.mutations += 1;
    }
    made.device.engine.schedule(5);
    await sleep(150 + random() * 150);
  }
}

async function waitUntilSynced(devices: Device[], deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const pending = await Promise.all(devices.map(async (device) => (await device.outbox()).length));
    if (pending.every((count) => count === 0) && devices.every((device) => device.engine.getStatus().phase === 'idle')) return;
    if (Date.now() > deadline) throw new Error(`Still pending: ${pending.join(', ')}; ${devices.map((d) => JSON.stringify(d.engine.getStatus())).join('; ')}`);
    for (const device of devices) if (device.engine.getStatus().phase === 'idle') void device.engine.syncNow();
    await sleep(50);
  }
}

const devices: Device[] = [];
let editors: Array<Promise<void>> = [];
let editing = false;
afterEach(async () => {
  editing = false;
  await Promise.allSettled(editors.splice(0));
  try {
    for (const device of devices.splice(0)) {
      device.close();
      await device.db.delete();
    }
  } finally {
    cleanUp();
  }
});

describe('the server killed with SIGKILL while devices push', () => {
  it(`loses no mutation and applies none twice, over ${KILLS} kills and restarts`, { timeout: 150_000 }, async () => {
    const dataDir = tempDataDir();
    const seed = seedForThisTest();
    const random = seededRandom(seed);
    let server = await startServer(dataDir);
    const traffic = new Traffic();
    const sellers = [await registerSeller(server.url, `kill-push-a-${randomUUID()}@test.example`), await registerSeller(server.url, `kill-push-b-${randomUUID()}@test.example`)];
    const made: Made[] = sellers.flatMap((seller) =>
      Array.from({ length: DEVICES_PER_SELLER }, (_, i) => {
        const transport = new HttpTransport(() => server, seller.token, traffic);
        const device = new Device(`${seller.user.id}-${i}`, seller.user.id, transport, { batchSize: 20, debounceMs: 5, backoff: { baseMs: 50, maxMs: 400 } });
        devices.push(device);
        return { device, seller, mutations: 0, prices: new Map<string, number>() };
      }),
    );

    editing = true;
    // Each editor draws from a stream of its own, so what one draws does not hang on when the others ran.
    editors = made.map((each, i) => keepEditing(each, () => editing, seededRandom(seed + 1 + i)));
    const inFlightAtKill: number[] = [];
    const newcomer = new Device(`${sellers[0]!.user.id}-new`, sellers[0]!.user.id, new HttpTransport(() => server, sellers[0]!.token, new Traffic(), 2), {
      debounceMs: 5,
      backoff: { baseMs: 50, maxMs: 400 },
    });
    devices.push(newcomer);
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(200 + random() * 400);
      while (traffic.pushesInFlight === 0) await sleep(1);
      // The newcomer's first pull, in pages of two rows, goes on while the server is killed.
      if (kill === 1) void newcomer.engine.syncNow();
      inFlightAtKill.push(traffic.pushesInFlight);
      await killHard(server);
      server = await startServer(dataDir);
    }
    await sleep(300);
    editing = false;
    await Promise.all(editors);
    await waitUntilSynced([...made.map((each) => each.device), newcomer], 30_000);
    // One more cycle each, now that nothing is pushed any more: a device's last pull may predate another device's last push.
    // (A first syncNow may only join a cycle that is finishing; the second then waits for a cycle of its own.)
    for (const device of [...made.map((each) => each.device), newcomer]) {
      await device.engine.syncNow();
      await device.engine.syncNow();
    }

    expect(inFlightAtKill).toHaveLength(KILLS);
    for (const count of inFlightAtKill) expect(count).toBeGreaterThan(0);
    expect(traffic.unanswered).toBeGreaterThanOrEqual(KILLS);

    // Through the API: each seller's products are exactly those their devices made, each at its last price.
    for (const seller of sellers) {
      const response = await fetch(`${server.url}/api/products`, { headers: { authorization: `Bearer ${seller.token}` } });
      expect(response.status).toBe(200);
      const listed = (await response.json()) as Product[];
      const expected = new Map(made.filter((each) => each.seller === seller).flatMap((each) => [...each.prices]));
      expect(listed.length).toBe(expected.size);
      expect(new Map(listed.map((product) => [product.id, Number(product.pricePerUnit)]))).toEqual(expected);
      // Each of the seller's devices pulled the same.
      for (const each of made.filter((one) => one.seller === seller)) {
        const replica = await each.device.db.products.toArray();
        expect(new Map(replica.map((product) => [product.id, Number(product.pricePerUnit)]))).toEqual(expected);
      }
    }
    // The newcomer, whose first pull came in pages cut off by kills, holds the first seller's catalogue once.
    const firstSellers = new Map(made.filter((each) => each.seller === sellers[0]).flatMap((each) => [...each.prices]));
    const pulled = await newcomer.db.products.toArray();
    expect(new Map(pulled.map((product) => [product.id, Number(product.pricePerUnit)]))).toEqual(firstSellers);
    expect(await newcomer.db.meta.get('pagedPull')).toBeUndefined();
    for (const each of made) expect(await each.device.db.refusals.count()).toBe(0);
    for (const [key, count] of traffic.appliedAnswers) expect(count, key).toBe(1);

    // In the database file: each device's processed sequence is what it sent, nothing was refused, no product is extra.
    await stop(server);
    const file = new BetterSqlite3(join(dataDir, 'app.db'), { readonly: true });
    try {
      const rows = file.prepare('SELECT client_id AS clientId, last_seq AS lastSeq FROM sync_clients').all() as Array<{ clientId: string; lastSeq: number }>;
      const lastSeqs = new Map(rows.map((row) => [row.clientId, row.lastSeq]));
      const expectedSeqs = new Map(await Promise.all(made.map(async (each) => [await each.device.store.clientId(), each.mutations] as const)));
      expect(lastSeqs).toEqual(expectedSeqs);
      expect(file.prepare('SELECT count(*) AS n FROM sync_refusals').get()).toEqual({ n: 0 });
      const totalProducts = made.reduce((sum, each) => sum + each.prices.size, 0);
      expect(file.prepare('SELECT count(*) AS n FROM products').get()).toEqual({ n: totalProducts });
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      file.close();
    }
  });
});
