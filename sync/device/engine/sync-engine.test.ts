/**
 * The device's sync engine against an in-memory store, a fake server that
 * dedupes by sequence like the real one (sync/contract/protocol.ts step 1), a
 * scripted transport, and a manual clock: no real waiting anywhere.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../entities/product';
import type { ErrorReason } from '../../contract/errors';
import type { Mutation } from '../../contract/mutations';
import { MAX_ORDER_LINES } from '../../entities/order';
import {
  MAX_PUSH_LINES,
  pushLinesOf,
  pushRequestSchema,
  type PullResponse,
  type PullScope,
  type PushedMutation,
  type PushRequest,
  type PushResponse,
} from '../../contract/protocol';
import { retryDelayMs, type BackoffOptions } from './backoff';
import { productFixture, userFixture } from '../../testing/entity-fixtures';
import { ORDER_WORKING_SET_DAYS } from '../../rules/order-working-set';
import { SyncEngine, SyncTransportError, type OutboxEntry, type Refusal, type SyncStore, type SyncTransport } from './sync-engine';

const BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 60_000 };
const JITTER = 0.5;
const DEBOUNCE_MS = 300;
const START = Date.parse('2025-03-01T12:00:00.000Z');
const QUOTA_MESSAGE = 'You have sent too many messages. Please try again in 1 minute.';

/** A valid v4-shaped UUID made from a number, so runs are repeatable. */
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const SELLER_ID = uuid(999_999);

const seller = userFixture({ id: SELLER_ID, createdAt: new Date(START).toISOString(), updatedAt: new Date(START).toISOString() });

function productRow(id: string, strainName: string, at: string): Product {
  return productFixture({ id, userId: SELLER_ID, strainName, createdAt: at, updatedAt: at });
}

// ---------------------------------------------------------------------------
// Test doubles

/** Lets all pending promise callbacks run (the doubles below resolve at once). */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The engine's timers and clock, moved by hand. */
class ManualClock {
  nowMs = START;
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

  /** The delays of the timers still waiting, in the order they were armed. */
  pendingDelays(): number[] {
    return [...this.timers.values()].map((timer) => timer.ms);
  }

  /** Moves time forward, firing every timer that falls due, in time order, and letting each one's work finish. */
  async advance(ms: number): Promise<void> {
    const target = this.nowMs + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.nowMs = timer.at;
      timer.run();
      await flush();
    }
    this.nowMs = target;
    await flush();
  }
}

class MemoryStore implements SyncStore {
  outbox: OutboxEntry[] = [];
  cursor = 0;
  refusals: Refusal[] = [];
  products = new Map<string, Product>();
  pulls: PullResponse[] = [];
  lastSyncedAt: string | null = null;
  private nextSeq = 1;

  constructor(private readonly id = uuid(1)) {}

  /** What `mutate` does: append to the outbox. */
  add(...mutations: Mutation[]): number[] {
    return mutations.map((mutation) => {
      const seq = this.nextSeq++;
      this.outbox.push({ seq, mutation, createdAt: new Date(START).toISOString() });
      return seq;
    });
  }

  async clientId(): Promise<string> {
    return this.id;
  }
  async readCursor(): Promise<number> {
    return this.cursor;
  }
  async readPullScope(): Promise<PullScope> {
    return { keepClosedDays: ORDER_WORKING_SET_DAYS };
  }
  /** The fake server answers in one page (paged pulls are proved against the real one: api/tests/device/paged-pull.test.ts). */
  async readPage(): Promise<string | null> {
    return null;
  }
  async pendingAfter(afterSeq: number, limit: number): Promise<OutboxEntry[]> {
    return this.outbox.filter((entry) => entry.seq > afterSeq).slice(0, limit);
  }
  async applyPull(pull: PullResponse): Promise<void> {
    this.pulls.push(pull);
    for (const { id } of pull.deleted) this.products.delete(id);
    for (const product of pull.products) this.products.set(product.id, product);
    this.outbox = this.outbox.filter((entry) => entry.seq > pull.lastProcessedSeq);
    this.cursor = pull.cursor;
  }
  async recordRefusals(refusals: Refusal[]): Promise<void> {
    this.refusals.push(...refusals);
  }
  async markSynced(at: string): Promise<void> {
    this.lastSyncedAt = at;
  }
}

type Refuse = (mutation: PushedMutation) => { reason: ErrorReason; message: string } | null;

/** The server's side, modelled on api/sync/sync-service.ts: per-client last sequence, duplicates skipped, refusals advance it. */
class FakeServer {
  readonly lastSeq = new Map<string, number>();
  /** Every mutation the server applied, in the order it applied them. */
  readonly applied: Array<{ clientId: string; seq: number; name: string }> = [];
  private readonly products = new Map<string, { product: Product; version: number }>();
  private readonly tombstones: Array<{ id: string; version: number }> = [];
  private clock = 0;
  refuse: Refuse = () => null;
  /** A quota, as the real server keeps one: this many more mutations apply, then the push stops and answers 429. */
  quota: { remaining: number; retryAfterMs: number | null } | null = null;

  push(request: PushRequest): PushResponse {
    // The whole push is turned down when it breaks the protocol's bounds, as the real server's 400 is.
    const checked = pushRequestSchema.safeParse(request);
    if (!checked.success) throw new SyncTransportError('rejected', checked.error.issues[0]!.message);
    const results: PushResponse['results'] = [];
    let last = this.lastSeq.get(request.clientId) ?? 0;
    for (const mutation of [...request.mutations].sort((a, b) => a.seq - b.seq)) {
      if (mutation.seq <= last) {
        results.push({ seq: mutation.seq, outcome: 'duplicate' });
        continue;
      }
      if (this.quota && this.quota.remaining-- <= 0) {
        // What came before stays applied; the answer is the 429 alone.
        this.lastSeq.set(request.clientId, last);
        throw new SyncTransportError('rate_limited', QUOTA_MESSAGE, this.quota.retryAfterMs);
      }
      const refusal = this.refuse(mutation);
      if (refusal) results.push({ seq: mutation.seq, outcome: 'refused', ...refusal });
      else {
        this.apply(mutation);
        this.applied.push({ clientId: request.clientId, seq: mutation.seq, name: mutation.name });
        results.push({ seq: mutation.seq, outcome: 'applied' });
      }
      last = mutation.seq;
    }
    this.lastSeq.set(request.clientId, last);
    return { lastProcessedSeq: last, results };
  }

  pull(cursor: number, clientId: string): PullResponse {
    return {
      cursor: this.clock,
      lastProcessedSeq: this.lastSeq.get(clientId) ?? 0,
      keepClosedDays: ORDER_WORKING_SET_DAYS,
      user: seller,
      photos: [],
      inquiries: [],
      customers: [],
      priceLists: [],
      orders: [],
      products: [...this.products.values()].filter((row) => row.version > cursor).map((row) => row.product),
      menus: [],
      savedMenus: [],
      deleted: cursor > 0 ? this.tombstones.filter((row) => row.version > cursor).map(({ id }) => ({ entity: 'product' as const, id })) : [],
    };
  }

  productIds(): string[] {
    return [...this.products.keys()];
  }

  private apply(mutation: PushedMutation): void {
    const version = ++this.clock;
    const at = new Date(START + version).toISOString();
    const args = mutation.args as { id: string; strainName?: string; changes?: { strainName?: string } };
    if (mutation.name === 'product.create') this.products.set(args.id, { product: productRow(args.id, args.strainName ?? '', at), version });
    if (mutation.name === 'product.update') {
      const row = this.products.get(args.id);
      if (row) this.products.set(args.id, { product: { ...row.product, ...args.changes, updatedAt: at }, version });
    }
    if (mutation.name === 'product.delete' && this.products.delete(args.id)) this.tombstones.push({ id: args.id, version });
  }
}

type Gate = { gate: Promise<void> };
/** What the transport does on one call: answer, fail before reaching the server, or reach it and lose the answer ('drop'). */
type Step = 'ok' | 'network' | 'server' | 'unauthorized' | 'rejected' | 'rate_limited' | 'drop' | Gate;

class ScriptedTransport implements SyncTransport {
  /** One step per call, push or pull, in order; 'ok' once it runs out. */
  script: Step[] = [];
  readonly pushes: PushRequest[] = [];
  readonly calls: Array<'push' | 'pull'> = [];

  constructor(private readonly server: FakeServer) {}

  push(request: PushRequest): Promise<PushResponse> {
    this.calls.push('push');
    this.pushes.push(structuredClone(request));
    return this.run(() => this.server.push(request));
  }

  pull(cursor: number, clientId: string): Promise<PullResponse> {
    this.calls.push('pull');
    return this.run(() => this.server.pull(cursor, clientId));
  }

  /** The sequence numbers of each push, in order. */
  pushedSeqs(): number[][] {
    return this.pushes.map((request) => request.mutations.map((mutation) => mutation.seq));
  }

  private async run<T>(forward: () => T): Promise<T> {
    const step = this.script.shift() ?? 'ok';
    if (typeof step === 'object') await step.gate;
    if (step === 'network') throw new SyncTransportError('network', 'Failed to fetch');
    if (step === 'server') throw new SyncTransportError('server', 'Service unavailable');
    if (step === 'unauthorized') throw new SyncTransportError('unauthorized', 'Your session has expired. Please sign in again.');
    if (step === 'rejected') throw new SyncTransportError('rejected', 'This device id belongs to another account');
    if (step === 'rate_limited') throw new SyncTransportError('rate_limited', QUOTA_MESSAGE, 120_000);
    const answer = forward();
    if (step === 'drop') throw new SyncTransportError('network', 'The connection was reset');
    return answer;
  }
}

function deferred(): { gate: Promise<void>; open: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open };
}

const create = (n: number, strainName = `Strain ${n}`): Mutation => ({ name: 'product.create', args: { id: uuid(n), strainName } });
const update = (n: number, strainName: string): Mutation => ({ name: 'product.update', args: { id: uuid(n), changes: { strainName } } });
/** A seller's order of `lines` products. */
const order = (n: number, lines: number): Mutation => ({
  name: 'order.create',
  args: { id: uuid(n), customerId: uuid(500_000), lines: Array.from({ length: lines }, (_, k) => ({ productId: uuid(600_000 + k), quantity: '1' })), note: '' },
});

// ---------------------------------------------------------------------------

let clock: ManualClock;
let store: MemoryStore;
let server: FakeServer;
let transport: ScriptedTransport;

function makeEngine(batchSize = 100): SyncEngine {
  return new SyncEngine(store, transport, {
    batchSize,
    backoff: BACKOFF,
    debounceMs: DEBOUNCE_MS,
    random: () => JITTER,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
}

const delayFor = (failures: number) => retryDelayMs(failures, JITTER, BACKOFF);

beforeEach(() => {
  clock = new ManualClock();
  store = new MemoryStore();
  server = new FakeServer();
  transport = new ScriptedTransport(server);
});

describe('pushing and pulling', () => {
  it('pushes the outbox in sequence order, in batches of batchSize (250 entries → 100, 100, 50), then pulls', async () => {
    const engine = makeEngine(100);
    const seqs = store.add(...Array.from({ length: 250 }, (_, i) => create(i + 1)));

    await engine.syncNow();

    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(transport.pushedSeqs()).toEqual([range(1, 100), range(101, 200), range(201, 250)]);
    expect(transport.calls).toEqual(['push', 'push', 'push', 'pull']);
    expect(transport.pushes.every((request) => request.clientId === uuid(1))).toBe(true);
    // Each entry goes as it was written: name and arguments.
    expect(transport.pushes.flatMap((request) => request.mutations)).toEqual(
      seqs.map((seq) => ({ seq, name: 'product.create', args: { id: uuid(seq), strainName: `Strain ${seq}` } })),
    );
    expect(server.applied.map((row) => row.seq)).toEqual(range(1, 250));
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus()).toEqual({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null });
  });

  it(`splits a batch of large orders so no push carries more than ${MAX_PUSH_LINES} order lines, and every one reaches the server once`, async () => {
    const engine = makeEngine(100);
    // 25 full orders (five pushes' worth of lines) among products, then small orders.
    store.add(create(1), ...Array.from({ length: 25 }, (_, i) => order(i + 2, MAX_ORDER_LINES)), create(27), ...Array.from({ length: 40 }, (_, i) => order(i + 28, 3)));

    await engine.syncNow();

    const linesOf = (request: PushRequest) => request.mutations.reduce((sum, mutation) => sum + pushLinesOf(mutation), 0);
    expect(transport.pushes.map(linesOf)).toEqual([MAX_PUSH_LINES, MAX_PUSH_LINES, 5 * MAX_ORDER_LINES + 40 * 3]);
    expect(transport.pushedSeqs().flat()).toEqual(Array.from({ length: 67 }, (_, i) => i + 1));
    expect(server.applied.map((row) => row.seq)).toEqual(Array.from({ length: 67 }, (_, i) => i + 1));
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus().phase).toBe('idle');
  });

  it('sends a saved menu without the copy the device keeps for itself', async () => {
    const engine = makeEngine();
    const snapshot = { menu: { name: 'Seen here' } } as never;
    store.add({ name: 'savedMenu.save', args: { id: uuid(7), menuId: uuid(8), snapshot } });
    await engine.syncNow();
    expect(transport.pushes[0]!.mutations[0]!.args).toEqual({ id: uuid(7), menuId: uuid(8) });
  });

  it('an outbox of exactly batchSize entries goes in one push, with no empty push after it', async () => {
    const engine = makeEngine(100);
    store.add(...Array.from({ length: 100 }, (_, i) => create(i + 1)));

    await engine.syncNow();

    expect(transport.pushedSeqs().map((batch) => batch.length)).toEqual([100]);
    expect(transport.calls).toEqual(['push', 'pull']);
    expect(store.outbox).toEqual([]);
  });

  it('with an empty outbox it only pulls', async () => {
    const engine = makeEngine();
    await engine.syncNow();
    expect(transport.calls).toEqual(['pull']);
    expect(store.pulls).toHaveLength(1);
  });

  it('pulls after pushing and applies the pull: rows stored, processed entries dropped, cursor moved, sync time marked', async () => {
    const engine = makeEngine();
    store.add(create(1, 'Blue Dream'), create(2, 'Sour Diesel'), update(1, 'Blue Dream #2'));

    await engine.syncNow();

    expect(transport.calls).toEqual(['push', 'pull']);
    expect(store.pulls).toHaveLength(1);
    expect(store.pulls[0]!.lastProcessedSeq).toBe(3);
    expect(store.cursor).toBe(3);
    expect([...store.products.values()].map((product) => [product.id, product.strainName])).toEqual([
      [uuid(1), 'Blue Dream #2'],
      [uuid(2), 'Sour Diesel'],
    ]);
    expect(store.outbox).toEqual([]);
    expect(store.lastSyncedAt).toBe(new Date(START).toISOString());

    // The next pull asks from the new cursor and brings only what changed since.
    store.add({ name: 'product.delete', args: { id: uuid(2) } });
    await engine.syncNow();
    expect(store.pulls[1]).toMatchObject({ products: [], deleted: [{ entity: 'product', id: uuid(2) }], cursor: 4 });
    expect([...store.products.keys()]).toEqual([uuid(1)]);
  });

  it('a local change is pushed after the debounce, not before, and a burst goes in one push', async () => {
    const engine = makeEngine();
    store.add(create(1));
    engine.schedule();
    await clock.advance(100);
    store.add(create(2));
    engine.schedule();
    await clock.advance(DEBOUNCE_MS - 1);
    expect(transport.calls).toEqual([]);
    await clock.advance(1);
    expect(transport.pushedSeqs()).toEqual([[1, 2]]);
    expect(store.outbox).toEqual([]);
  });
});

describe('failures and retries', () => {
  it('a network failure schedules a retry after the backoff delay, and the retry drains the outbox with no new local change', async () => {
    const engine = makeEngine();
    transport.script = ['network'];
    store.add(create(1), create(2));
    engine.schedule();
    await clock.advance(DEBOUNCE_MS);

    expect(server.applied).toEqual([]);
    expect(engine.getStatus()).toEqual({
      phase: 'retrying',
      failures: 1,
      lastError: 'Failed to fetch',
      failure: 'network',
      nextRetryAt: clock.nowMs + delayFor(1),
    });
    expect(clock.pendingDelays()).toEqual([delayFor(1)]);
    expect(store.outbox.map((entry) => entry.seq)).toEqual([1, 2]);

    // Nothing happens before the delay is up...
    await clock.advance(delayFor(1) - 1);
    expect(transport.pushes).toHaveLength(1);

    // ...and then the queue drains by itself: no new change, no schedule(), no syncNow().
    await clock.advance(1);
    expect(transport.pushedSeqs()).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2]);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus()).toEqual({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null });
    expect(clock.pendingDelays()).toEqual([]);
  });

  it('consecutive failures (network, 5xx, a failed pull) grow the delay exponentially', async () => {
    const engine = makeEngine();
    // Push fails; push fails (5xx); push works but the pull fails; push fails; then all works.
    transport.script = ['network', 'server', 'ok', 'network', 'network'];
    store.add(create(1));

    const delays: number[] = [];
    const failures: number[] = [];
    await engine.syncNow();
    for (let attempt = 0; attempt < 4; attempt++) {
      const status = engine.getStatus();
      expect(status.phase).toBe('retrying');
      failures.push(status.failures);
      delays.push(...clock.pendingDelays());
      await clock.advance(clock.pendingDelays()[0]!);
    }

    expect(failures).toEqual([1, 2, 3, 4]);
    expect(delays).toEqual([delayFor(1), delayFor(2), delayFor(3), delayFor(4)]);
    expect(delays).toEqual([750, 1_500, 3_000, 6_000]);
    expect(engine.getStatus().phase).toBe('idle');
    // The push whose answer came back was not repeated on the server when retried.
    expect(server.applied.map((row) => row.seq)).toEqual([1]);
    expect(store.outbox).toEqual([]);
  });

  it('the delay stops growing at the backoff maximum', async () => {
    const engine = makeEngine();
    transport.script = Array.from({ length: 12 }, () => 'network' as const);
    await engine.syncNow();
    for (let i = 0; i < 10; i++) await clock.advance(clock.pendingDelays()[0]!);
    expect(engine.getStatus().failures).toBe(11);
    expect(clock.pendingDelays()).toEqual([BACKOFF.maxMs * 0.75]);
  });

  it('a success resets the failure count, so the next failure waits the first delay again', async () => {
    const engine = makeEngine();
    transport.script = ['network', 'network'];
    store.add(create(1));
    await engine.syncNow();
    await clock.advance(delayFor(1));
    expect(engine.getStatus().failures).toBe(2);
    await clock.advance(delayFor(2));
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', failures: 0, lastError: null });

    transport.script = ['server'];
    store.add(create(2));
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'retrying', failures: 1, lastError: 'Service unavailable', failure: 'server' });
    expect(clock.pendingDelays()).toEqual([delayFor(1)]);
  });

  it('a local change while backing off does not cut the backoff short', async () => {
    const engine = makeEngine();
    transport.script = ['network'];
    store.add(create(1));
    await engine.syncNow();
    expect(clock.pendingDelays()).toEqual([delayFor(1)]);

    store.add(create(2));
    engine.schedule();
    engine.schedule(0);
    expect(clock.pendingDelays()).toEqual([delayFor(1)]);
    await clock.advance(DEBOUNCE_MS);
    expect(transport.pushes).toHaveLength(1);

    await clock.advance(delayFor(1) - DEBOUNCE_MS);
    expect(transport.pushedSeqs()).toEqual([[1], [1, 2]]);
    expect(store.outbox).toEqual([]);
  });

  it('syncNow (back online, app visible) brings a waiting retry forward', async () => {
    const engine = makeEngine();
    transport.script = ['network'];
    store.add(create(1));
    await engine.syncNow();
    expect(engine.getStatus().phase).toBe('retrying');

    await engine.syncNow();
    expect(transport.pushes).toHaveLength(2);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus()).toEqual({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null });
    expect(clock.pendingDelays()).toEqual([]);
  });

  it("'unauthorized' stops in 'needs-sign-in', keeps the outbox and does not retry until resume()", async () => {
    const engine = makeEngine();
    transport.script = ['unauthorized'];
    store.add(create(1), create(2));
    await engine.syncNow();

    expect(engine.getStatus()).toMatchObject({
      phase: 'needs-sign-in',
      lastError: 'Your session has expired. Please sign in again.',
      nextRetryAt: null,
    });
    expect(clock.pendingDelays()).toEqual([]);

    // Time passing, local changes, coming back online: none of them loops on the 401.
    await clock.advance(60 * 60_000);
    store.add(create(3));
    engine.schedule();
    await clock.advance(DEBOUNCE_MS);
    await engine.syncNow();
    expect(transport.calls).toEqual(['push']);
    expect(engine.getStatus().phase).toBe('needs-sign-in');
    expect(store.outbox.map((entry) => entry.seq)).toEqual([1, 2, 3]);

    // Signed in again: the queue goes, in order.
    await engine.resume();
    expect(transport.pushedSeqs()).toEqual([
      [1, 2],
      [1, 2, 3],
    ]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus()).toEqual({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null });
  });

  it("a request the server turns down as a whole is shown as 'blocked' and never retried on a timer", async () => {
    const engine = makeEngine();
    transport.script = ['rejected'];
    store.add(create(1));
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'blocked', lastError: 'This device id belongs to another account', nextRetryAt: null });
    expect(clock.pendingDelays()).toEqual([]);

    store.add(create(2));
    engine.schedule();
    await clock.advance(60 * 60_000);
    expect(transport.calls).toEqual(['push']);

    // Something asking for a sync (coming online, the app shown again) tries once more.
    await engine.syncNow();
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2]);
    expect(engine.getStatus().phase).toBe('idle');
  });

  it('an unauthorized pull after a good push also waits for sign-in, then resumes without applying anything twice', async () => {
    const engine = makeEngine();
    transport.script = ['ok', 'unauthorized'];
    store.add(create(1));
    await engine.syncNow();
    expect(engine.getStatus().phase).toBe('needs-sign-in');
    expect(store.outbox).toHaveLength(1);

    await engine.resume();
    expect(transport.pushedSeqs()).toEqual([[1], [1]]);
    expect(server.applied.map((row) => row.seq)).toEqual([1]);
    expect(store.outbox).toEqual([]);
  });

  it('stop() ends syncing: no retry fires and syncNow does nothing', async () => {
    const engine = makeEngine();
    transport.script = ['network'];
    store.add(create(1));
    await engine.syncNow();
    engine.stop();
    expect(engine.getStatus()).toMatchObject({ phase: 'stopped', nextRetryAt: null });
    expect(clock.pendingDelays()).toEqual([]);
    await clock.advance(60_000);
    await engine.syncNow();
    engine.schedule();
    await clock.advance(60_000);
    expect(transport.pushes).toHaveLength(1);
  });

  it('tells subscribers about each phase', async () => {
    const engine = makeEngine();
    const phases: string[] = [];
    const unsubscribe = engine.subscribe((status) => phases.push(status.phase));
    transport.script = ['network'];
    store.add(create(1));
    await engine.syncNow();
    await clock.advance(delayFor(1));
    unsubscribe();
    await engine.syncNow();
    expect(phases.filter((phase, i) => phase !== phases[i - 1])).toEqual(['syncing', 'retrying', 'idle', 'syncing', 'idle']);
  });
});

describe("the server's quota (429 with Retry-After)", () => {
  const RETRY_AFTER_MS = 60_000;
  const quotaAfter = (remaining: number, retryAfterMs: number | null = RETRY_AFTER_MS) => (server.quota = { remaining, retryAfterMs });
  const waitingForQuota = (nextRetryAt: number) => ({ phase: 'retrying', failures: 1, lastError: QUOTA_MESSAGE, failure: 'rate_limited', nextRetryAt });

  it('keeps what the server did not take, still pulls, and sends the rest by itself once Retry-After has passed, each mutation once', async () => {
    const engine = makeEngine();
    quotaAfter(2);
    store.add(create(1), create(2), create(3), create(4));
    await engine.syncNow();

    expect(transport.calls).toEqual(['push', 'pull']);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2]);
    // The pull dropped what the server processed; the rest waits, none of it refused.
    expect(store.outbox.map((entry) => entry.seq)).toEqual([3, 4]);
    expect(store.refusals).toEqual([]);
    expect(engine.getStatus()).toEqual(waitingForQuota(START + RETRY_AFTER_MS));
    expect(clock.pendingDelays()).toEqual([RETRY_AFTER_MS]);

    server.quota = null;
    await clock.advance(RETRY_AFTER_MS - 1);
    expect(transport.pushes).toHaveLength(1);
    await clock.advance(1);
    expect(transport.pushedSeqs()).toEqual([
      [1, 2, 3, 4],
      [3, 4],
    ]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus()).toEqual({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null });
  });

  it('holds the outbox back when asked to sync during the wait, but pulls, and keeps the retry at the same time', async () => {
    const engine = makeEngine();
    quotaAfter(0);
    store.add(create(1));
    await engine.syncNow();
    await clock.advance(10_000);

    await engine.syncNow();
    expect(transport.calls).toEqual(['push', 'pull', 'pull']);
    expect(engine.getStatus()).toEqual(waitingForQuota(START + RETRY_AFTER_MS));
    expect(clock.pendingDelays()).toEqual([RETRY_AFTER_MS - 10_000]);

    // A change made meanwhile waits with the rest rather than knocking on the quota.
    store.add(create(2));
    engine.schedule();
    await clock.advance(DEBOUNCE_MS);
    expect(transport.pushes).toHaveLength(1);

    server.quota = null;
    await clock.advance(RETRY_AFTER_MS);
    expect(transport.pushedSeqs()).toEqual([[1], [1, 2]]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2]);
    expect(engine.getStatus().phase).toBe('idle');
  });

  it('waits at least the backoff when the server gives no Retry-After, and longer each time it answers 429 again', async () => {
    const engine = makeEngine();
    quotaAfter(0, null);
    store.add(create(1));
    await engine.syncNow();
    expect(engine.getStatus()).toEqual(waitingForQuota(START + delayFor(1)));

    await clock.advance(delayFor(1));
    expect(transport.pushes).toHaveLength(2);
    expect(engine.getStatus()).toMatchObject({ phase: 'retrying', failures: 2, failure: 'rate_limited' });
    expect(clock.pendingDelays()).toEqual([delayFor(2)]);
    expect(store.outbox.map((entry) => entry.seq)).toEqual([1]);
  });

  it('a 429 on the pull waits at least its Retry-After, then syncs', async () => {
    const engine = makeEngine();
    transport.script = ['ok', 'rate_limited'];
    store.add(create(1));
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'retrying', failure: 'rate_limited', lastError: QUOTA_MESSAGE, nextRetryAt: START + 120_000 });
    await clock.advance(120_000);
    expect(transport.calls).toEqual(['push', 'pull', 'push', 'pull']);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus().phase).toBe('idle');
  });
});

describe('refusals', () => {
  it('are recorded with their reason and message and do not block the entries after them', async () => {
    const engine = makeEngine();
    server.refuse = (mutation) =>
      mutation.seq === 2 ? { reason: 'not_found', message: 'Product not found' } : mutation.seq === 4 ? { reason: 'validation', message: 'Strain name is required' } : null;
    const refusedUpdate = update(77, 'Gone');
    const refusedCreate = create(4, '');
    store.add(create(1), refusedUpdate, create(3), refusedCreate, update(1, 'Renamed'));

    await engine.syncNow();

    // The refused changes themselves are kept, so they can be sent again.
    expect(store.refusals).toEqual([
      { seq: 2, name: 'product.update', reason: 'not_found', message: 'Product not found', refusedAt: new Date(START).toISOString(), mutation: refusedUpdate },
      { seq: 4, name: 'product.create', reason: 'validation', message: 'Strain name is required', refusedAt: new Date(START).toISOString(), mutation: refusedCreate },
    ]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 3, 5]);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', failures: 0 });

    // Never retried: the next sync pushes nothing.
    await engine.syncNow();
    expect(transport.pushes).toHaveLength(1);
    expect(store.refusals).toHaveLength(2);
  });

  it('a refusal in an early batch does not hold back later batches', async () => {
    const engine = makeEngine(2);
    server.refuse = (mutation) => (mutation.seq === 1 ? { reason: 'subscription_required', message: 'Subscribe to keep editing' } : null);
    store.add(create(1), create(2), create(3), create(4), create(5));

    await engine.syncNow();

    expect(transport.pushedSeqs()).toEqual([[1, 2], [3, 4], [5]]);
    expect(store.refusals.map((refusal) => [refusal.seq, refusal.reason])).toEqual([[1, 'subscription_required']]);
    expect(server.applied.map((row) => row.seq)).toEqual([2, 3, 4, 5]);
    expect(store.outbox).toEqual([]);
  });
});

describe('cycles', () => {
  it('a change scheduled during a running cycle triggers another cycle', async () => {
    const engine = makeEngine();
    const first = deferred();
    transport.script = [first];
    store.add(create(1));
    const running = engine.syncNow();
    await flush();
    expect(engine.getStatus().phase).toBe('syncing');

    // A change lands while the push is on its way; its debounce runs out before the cycle ends.
    store.add(create(2));
    engine.schedule();
    await clock.advance(DEBOUNCE_MS);
    expect(transport.pushes).toHaveLength(1);

    first.open();
    await running;
    await flush();

    expect(transport.pushedSeqs()).toEqual([[1], [2]]);
    expect(transport.calls).toEqual(['push', 'pull', 'push', 'pull']);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2]);
    expect(store.outbox).toEqual([]);
    expect(engine.getStatus().phase).toBe('idle');
  });

  it('syncNow during a running cycle runs one more cycle after it, not a second one at the same time', async () => {
    const engine = makeEngine();
    const first = deferred();
    transport.script = [first];
    store.add(create(1));
    const running = engine.syncNow();
    await flush();

    store.add(create(2));
    const again = engine.syncNow();
    void engine.syncNow();
    expect(again).toBe(running);
    expect(transport.calls).toEqual(['push']);

    first.open();
    await running;
    await flush();
    expect(transport.pushedSeqs()).toEqual([[1], [2]]);
    expect(transport.calls).toEqual(['push', 'pull', 'push', 'pull']);
    expect(store.outbox).toEqual([]);
  });
});

describe('Property 1 on the device side: a dropped response', () => {
  it('the server applied the push, the answer was lost; the retry still applies each mutation once', async () => {
    const engine = makeEngine();
    transport.script = ['drop'];
    store.add(create(1), update(1, 'Renamed'), create(3));
    await engine.syncNow();

    // The server has them; the device does not know.
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(engine.getStatus().phase).toBe('retrying');
    expect(store.outbox).toHaveLength(3);

    await clock.advance(delayFor(1));

    expect(transport.pushedSeqs()).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(store.refusals).toEqual([]);
    expect(store.outbox).toEqual([]);
    expect([...store.products.values()].map((product) => product.strainName)).toEqual(['Renamed', 'Strain 3']);
  });

  it('a response dropped in the middle of a batched push: the retry resends from the start, the server skips what it has', async () => {
    const engine = makeEngine(2);
    transport.script = ['ok', 'drop'];
    store.add(create(1), create(2), create(3), create(4), create(5));
    await engine.syncNow();
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2, 3, 4]);

    await clock.advance(delayFor(1));

    // The first answer of the retry says 1..4 are processed, so it goes on with 5.
    expect(transport.pushedSeqs()).toEqual([[1, 2], [3, 4], [1, 2], [5]]);
    expect(server.applied.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(server.productIds()).size).toBe(5);
    expect(store.outbox).toEqual([]);
  });
});
