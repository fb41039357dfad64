/**
 * Test support for the sync tests that run the device against the in-process
 * API (api/testing/test-app.ts): a transport that can lose the network at
 * chosen points, a hand-moved clock for the engine's timers, and a "device"
 * (the app's replica database + store + engine) whose view is computed the way
 * screens compute it. Used only by tests: it lives beside the whole-system
 * suites because it drives the app against the server, and the app never
 * imports the server.
 */
import { SyncEngine, SyncTransportError, type OutboxEntry, type SyncEngineOptions, type SyncTransport } from '../../../sync/device/engine/sync-engine';
import { COLLECTION_NAMES, type CollectionRows } from '../../../sync/contract/collections';
import type { Mutation } from '../../../sync/contract/mutations';
import { pullPath, type PullResponse, type PullScope, type PushRequest, type PushResponse } from '../../../sync/contract/protocol';
import { stateFromRows, withPending } from '../../../sync/device/replica';
import type { ReplicaState } from '../../../sync/device/replica-state';
import type { TestResponse } from '../../testing/test-app';
import { retryAfterMsOf } from '../../../app/lib/api-client';
import { DexieSyncStore } from '../../../app/lib/replica/dexie-sync-store';
import { notSavedChanges } from '../../../app/lib/replica/not-saved';
import { ReplicaDb } from '../../../app/lib/replica/replica-db';

type RequestFn = <T>(method: string, path: string, init?: { token?: string; body?: unknown }) => Promise<TestResponse<T>>;

/**
 * What happens to one call on its way:
 * - 'none': it reaches the server and the answer comes back;
 * - 'before': the network fails before the request reaches the server;
 * - 'after': the server handles it, then the answer is lost (the server "dies" before replying);
 * - 'twice' / 'twice-second': the request is delivered twice at once; the device gets the first or the second answer;
 * - 'replay': an old push this device sent earlier arrives again first, then this call goes through.
 */
export type Fault = 'none' | 'before' | 'after' | 'twice' | 'twice-second' | 'replay';

/** Maps an answer to what the engine expects, like http-sync-transport.ts does. */
function answer<T>(response: TestResponse<unknown>): T {
  const message = (response.body as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
  if (response.status === 401) throw new SyncTransportError('unauthorized', message);
  if (response.status === 429) throw new SyncTransportError('rate_limited', message, retryAfterMsOf(response.headers.get('retry-after')));
  if (response.status >= 500) throw new SyncTransportError('server', message);
  if (response.status >= 300) throw new SyncTransportError('rejected', message);
  return response.body as T;
}

export class InProcessTransport implements SyncTransport {
  online = true;
  /** Faults for the next calls, in order; after them, `decide` (or 'none'). */
  faults: Fault[] = [];
  decide: ((call: 'push' | 'pull') => Fault) | null = null;
  /** The rows a page of a pull from nothing holds at most, when smaller than the server's own page. */
  pageRows: number | null = null;
  /** Every push that reached the server, with the server's answer (also the ones whose answer was lost). */
  readonly delivered: Array<{ request: PushRequest; status: number; body: unknown }> = [];
  private readonly sent: PushRequest[] = [];

  constructor(
    private readonly request: RequestFn,
    public token: string,
  ) {}

  push(request: PushRequest): Promise<PushResponse> {
    const copy = structuredClone(request);
    this.sent.push(copy);
    return this.call('push', async () => {
      const response = await this.request<unknown>('POST', '/api/sync/push', { token: this.token, body: copy });
      this.delivered.push({ request: copy, status: response.status, body: response.body });
      return response;
    });
  }

  pull(cursor: number, clientId: string, scope: PullScope, page: string | null = null): Promise<PullResponse> {
    const limit = this.pageRows === null ? '' : `&limit=${this.pageRows}`;
    return this.call('pull', () => this.request<unknown>('GET', `${pullPath(cursor, clientId, scope, page)}${limit}`, { token: this.token }));
  }

  /** The sequence numbers the server applied, in the order it applied them, from the answers it gave. */
  appliedSeqs(): number[] {
    return this.delivered.flatMap(({ status, body }) =>
      status === 200 ? (body as PushResponse).results.filter((result) => result.outcome === 'applied').map((result) => result.seq) : [],
    );
  }

  private async call<T>(kind: 'push' | 'pull', send: () => Promise<TestResponse<unknown>>): Promise<T> {
    const fault = this.faults.shift() ?? this.decide?.(kind) ?? 'none';
    if (!this.online || fault === 'before') throw new SyncTransportError('network', 'Failed to fetch');
    let response: TestResponse<unknown>;
    if (fault === 'twice' || fault === 'twice-second') {
      const both = await Promise.all([send(), send()]);
      response = both[fault === 'twice' ? 0 : 1];
    } else {
      if (fault === 'replay' && kind === 'push' && this.sent.length > 1) {
        const old = this.sent[Math.floor(this.sent.length / 2) - 1]!;
        const replayed = await this.request<unknown>('POST', '/api/sync/push', { token: this.token, body: old });
        this.delivered.push({ request: old, status: replayed.status, body: replayed.body });
      }
      response = await send();
    }
    if (fault === 'after') throw new SyncTransportError('network', 'The connection was reset');
    return answer<T>(response);
  }
}

/** Lets pending callbacks (IndexedDB, the in-process API) run. */
export function nextTick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The engine's timers and clock, moved by hand; after each timer fires, waits until `busy()` is false. */
export class ManualClock {
  nowMs = Date.parse('2025-03-01T12:00:00.000Z');
  busy: () => boolean = () => false;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; ms: number; run: () => void }>();

  readonly now = () => this.nowMs;
  readonly setTimer = (run: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.nowMs + ms, ms, run });
    return id;
  };
  readonly clearTimer = (timer: unknown): void => {
    this.timers.delete(timer as number);
  };

  pendingDelays(): number[] {
    return [...this.timers.values()].map((timer) => timer.ms);
  }

  async settle(): Promise<void> {
    await nextTick();
    for (let i = 0; i < 100_000 && this.busy(); i++) await nextTick();
    if (this.busy()) throw new Error('The engine did not settle');
  }

  async advance(ms: number): Promise<void> {
    const target = this.nowMs + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.nowMs = timer.at;
      timer.run();
      await this.settle();
    }
    this.nowMs = target;
    await this.settle();
  }
}

/** One device: its replica database (named after `dbUserId`), the engine's store, and the engine. */
export class Device {
  readonly db: ReplicaDb;
  readonly store: DexieSyncStore;
  readonly engine: SyncEngine;

  constructor(
    dbUserId: string,
    /** The signed-in user, whose rows the device's own creations belong to. */
    readonly userId: string,
    transport: SyncTransport,
    options: SyncEngineOptions = {},
  ) {
    this.db = new ReplicaDb(dbUserId);
    this.store = new DexieSyncStore(this.db);
    this.engine = new SyncEngine(this.store, transport, options);
  }

  /** What `mutate` does, without its schema check: append to the outbox; returns the sequence numbers given. */
  async write(...mutations: Mutation[]): Promise<number[]> {
    const seqs: number[] = [];
    for (const mutation of mutations) seqs.push(await this.db.outbox.add({ mutation, createdAt: new Date(0).toISOString() } as OutboxEntry));
    return seqs;
  }

  outbox(): Promise<OutboxEntry[]> {
    return this.db.outbox.toArray();
  }

  /** What the screens show: the replica's tables with the changes kept as not saved, then the outbox, applied on top (as use-replica.ts does). */
  async view(): Promise<ReplicaState> {
    const [rows, accounts, outbox, refusals] = await Promise.all([readCollections(this.db), this.db.account.toArray(), this.db.outbox.toArray(), this.db.refusals.toArray()]);
    return withPending(stateFromRows(accounts[0] ?? null, rows), [...notSavedChanges(refusals).map((change) => change.mutation), ...outbox.map((entry) => entry.mutation)], {
      userId: this.userId,
      now: '2025-03-01T12:00:00.000Z',
    });
  }

  /** Stops the engine and closes the database, like closing the tab. */
  close(): void {
    this.engine.stop();
    this.db.close();
  }
}

/** Rows by id, sorted, for comparing a view with the server's lists. */
export function byId<T extends { id: string }>(rows: Iterable<T>): T[] {
  return [...rows].sort((a, b) => a.id.localeCompare(b.id));
}

/** Every synced collection's rows as last pulled. */
async function readCollections(db: ReplicaDb): Promise<CollectionRows> {
  const arrays = await Promise.all(COLLECTION_NAMES.map((name) => db.table(name).toArray()));
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, arrays[index]])) as CollectionRows;
}
