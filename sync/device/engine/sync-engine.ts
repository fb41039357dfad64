/**
 * The device's sync engine. It pushes the outbox in order and in batches
 * (each within the order lines a push may carry, MAX_PUSH_LINES), then pulls, and stores the pull together with dropping what the server has
 * processed (see sync/contract/protocol.ts). It runs one cycle at a time; a change made
 * during a cycle starts another. Network and server failures retry with
 * backoff; an expired session waits for the person to sign in again, keeping
 * the outbox; a refused mutation is recorded, with the change itself, for the
 * person to see and never retried by itself. A push answered 429 (a quota)
 * keeps the outbox and sends it again by itself, no sooner than the server's
 * Retry-After; pulls go on meanwhile, so the device still receives.
 */
import type { ErrorReason } from '../../contract/errors';
import { wireArgs, type Mutation } from '../../contract/mutations';
import { withinPushBound, type PullResponse, type PullScope, type PushRequest, type PushResponse } from '../../contract/protocol';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffOptions } from './backoff';

export type OutboxEntry = { seq: number; mutation: Mutation; createdAt: string };
/** `mutation`: the refused change itself, kept so nothing typed is lost and the person can send it again (recorded before it was kept, absent). */
export type Refusal = { seq: number; name: string; reason: ErrorReason; message: string; refusedAt: string; mutation?: Mutation };

/** Where the engine keeps its state on the device. */
export type SyncStore = {
  clientId(): Promise<string>;
  readCursor(): Promise<number>;
  /** The next page of a pull from nothing this device is part way through (null: none), kept across a dropped connection. */
  readPage(): Promise<string | null>;
  /** What this device keeps, for the server to send (sync/contract/protocol.ts). */
  readPullScope(): Promise<PullScope>;
  /** Outbox entries with a sequence above `afterSeq`, oldest first. */
  pendingAfter(afterSeq: number, limit: number): Promise<OutboxEntry[]>;
  /**
   * In one local transaction: store the pulled rows, delete tombstoned ones, drop outbox entries the server processed, move the cursor.
   * A page with another after it (`nextPage`) keeps its rows and the next page's token, and leaves the rest to the last page.
   */
  applyPull(pull: PullResponse, askedPage: string | null): Promise<void>;
  recordRefusals(refusals: Refusal[]): Promise<void>;
  markSynced(at: string): Promise<void>;
};

export type SyncTransport = {
  push(request: PushRequest): Promise<PushResponse>;
  pull(cursor: number, clientId: string, scope: PullScope, page: string | null): Promise<PullResponse>;
};

/**
 * What a transport throws: `network` and `server` (5xx) are worth retrying;
 * `rate_limited` (429) too, after `retryAfterMs` when the server said; `unauthorized` waits for a sign-in.
 */
export class SyncTransportError extends Error {
  constructor(
    readonly kind: 'network' | 'server' | 'unauthorized' | 'rejected' | 'rate_limited',
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'SyncTransportError';
  }
}

/** 'blocked': the server turned the whole request down (not one mutation); retried only when something asks for a sync, never on a timer. */
export type SyncPhase = 'idle' | 'syncing' | 'retrying' | 'needs-sign-in' | 'blocked' | 'stopped';
/** Why the last cycle failed, so the person is told the right thing: no answer at all, an answer with a server error, a quota of the server's, or something on the device. */
export type SyncFailure = 'network' | 'server' | 'rate_limited' | 'device';
export type SyncStatus = { phase: SyncPhase; failures: number; lastError: string | null; failure: SyncFailure | null; nextRetryAt: number | null };

export const STOPPED_STATUS: SyncStatus = { phase: 'stopped', failures: 0, lastError: null, failure: null, nextRetryAt: null };
const HEALTHY: Partial<SyncStatus> = { phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null };

function failureOf(error: unknown): SyncFailure {
  if (!(error instanceof SyncTransportError)) return 'device';
  if (error.kind === 'network' || error.kind === 'rate_limited') return error.kind;
  return 'server';
}

const isRateLimited = (error: unknown): error is SyncTransportError => error instanceof SyncTransportError && error.kind === 'rate_limited';

/** Until when the server's quota holds the outbox back, and what it said. */
type PushHold = { until: number; message: string; failures: number };

export type SyncEngineOptions = {
  batchSize?: number;
  backoff?: BackoffOptions;
  /** How long after a local change the engine waits for more before syncing. */
  debounceMs?: number;
  random?: () => number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

export class SyncEngine {
  private status: SyncStatus = { ...STOPPED_STATUS, phase: 'idle' };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private pushHold: PushHold | null = null;
  private readonly batchSize: number;
  private readonly backoff: BackoffOptions;
  private readonly debounceMs: number;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(
    private readonly store: SyncStore,
    private readonly transport: SyncTransport,
    options: SyncEngineOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.debounceMs = options.debounceMs ?? 300;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sync soon: after a local change, debounced so a burst of edits goes in one push. */
  schedule(delayMs = this.debounceMs): void {
    if (this.status.phase === 'stopped' || this.status.phase === 'needs-sign-in') return;
    if (this.status.phase === 'retrying' || this.status.phase === 'blocked') return;
    this.armTimer(delayMs);
  }

  /**
   * Sync now (start, back online, app visible, timer). A retry that is
   * waiting is brought forward: the network may have just come back.
   */
  syncNow(): Promise<void> {
    if (this.status.phase === 'stopped' || this.status.phase === 'needs-sign-in') return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.disarmTimer();
    this.running = this.cycle().finally(() => {
      this.running = null;
      if (this.again && this.status.phase === 'idle') {
        this.again = false;
        void this.syncNow();
      }
    });
    return this.running;
  }

  /** After signing in again: the session is good, resume with what waited. */
  resume(): Promise<void> {
    this.update(HEALTHY);
    return this.syncNow();
  }

  stop(): void {
    this.disarmTimer();
    this.update({ phase: 'stopped', nextRetryAt: null });
  }

  private async cycle(): Promise<void> {
    this.update({ phase: 'syncing' });
    try {
      const clientId = await this.store.clientId();
      if (!this.pushHeld()) await this.pushOutboxWithinQuota(clientId);
      await this.pullAll(clientId);
      await this.store.markSynced(new Date(this.now()).toISOString());
      this.settle();
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * Pulls, page after page when the server sends its answer in pages (a pull from nothing), each stored as it comes so a
   * drop resumes where it was. The pages hold the state as of the first; what changed while they came is pulled at once.
   */
  private async pullAll(clientId: string): Promise<void> {
    let page = await this.store.readPage();
    let paged = page !== null;
    for (;;) {
      const pulled = await this.pullOrRestart(clientId, page);
      if (!pulled) {
        // The server no longer knows the page (it changed since, say): the pull starts again.
        [page, paged] = [null, true];
        continue;
      }
      await this.store.applyPull(pulled, page);
      page = pulled.nextPage ?? null;
      if (page !== null) paged = true;
      else if (paged) paged = false;
      else return;
    }
  }

  /** One pull; null when the page asked for was refused as one the server never gave. */
  private async pullOrRestart(clientId: string, page: string | null): Promise<PullResponse | null> {
    try {
      return await this.transport.pull(await this.store.readCursor(), clientId, await this.store.readPullScope(), page);
    } catch (error) {
      if (page !== null && error instanceof SyncTransportError && error.kind === 'rejected') return null;
      throw error;
    }
  }

  private pushHeld(): boolean {
    return this.pushHold !== null && this.now() < this.pushHold.until;
  }

  /**
   * Pushes the outbox; a 429 holds the rest of it back for at least the
   * server's Retry-After (longer while it keeps answering 429), and the
   * cycle goes on to pull. The server committed what came before the quota,
   * and the pull drops exactly that from the outbox.
   */
  private async pushOutboxWithinQuota(clientId: string): Promise<void> {
    try {
      await this.pushOutbox(clientId);
      this.pushHold = null;
    } catch (error) {
      if (!isRateLimited(error)) throw error;
      const failures = this.status.failures + 1;
      const delay = Math.max(error.retryAfterMs ?? 0, retryDelayMs(failures, this.random(), this.backoff));
      this.pushHold = { until: this.now() + delay, message: error.message, failures };
    }
  }

  private async pushOutbox(clientId: string): Promise<void> {
    let pushedThrough = 0;
    for (;;) {
      const pending = await this.store.pendingAfter(pushedThrough, this.batchSize);
      // A push carries a bounded number of order lines: a batch of large orders goes over several pushes.
      const batch = withinPushBound(pending, (entry) => entry.mutation);
      if (batch.length === 0) break;
      const response = await this.transport.push({
        clientId,
        mutations: batch.map((entry) => ({ seq: entry.seq, name: entry.mutation.name, args: wireArgs(entry.mutation) })),
      });
      const refusedAt = new Date(this.now()).toISOString();
      const refusals = response.results.flatMap((result) => {
        if (result.outcome !== 'refused') return [];
        const entry = batch.find((candidate) => candidate.seq === result.seq);
        const refusal: Refusal = {
          seq: result.seq,
          name: entry?.mutation.name ?? 'unknown',
          reason: result.reason ?? 'validation',
          message: result.message ?? 'Refused',
          refusedAt,
        };
        return [entry ? { ...refusal, mutation: entry.mutation } : refusal];
      });
      if (refusals.length > 0) await this.store.recordRefusals(refusals);
      pushedThrough = Math.max(response.lastProcessedSeq, batch[batch.length - 1]!.seq);
      if (batch.length === pending.length && pending.length < this.batchSize) break;
    }
  }

  /** After a cycle that pulled: healthy, or waiting out the server's quota before pushing again. */
  private settle(): void {
    const hold = this.pushHold;
    if (!hold || this.now() >= hold.until) {
      this.pushHold = null;
      this.update(HEALTHY);
      return;
    }
    this.again = false;
    this.armTimer(hold.until - this.now(), true);
    this.update({ phase: 'retrying', failures: hold.failures, lastError: hold.message, failure: 'rate_limited', nextRetryAt: hold.until });
  }

  private fail(error: unknown): void {
    if (error instanceof SyncTransportError && error.kind === 'unauthorized') {
      this.again = false;
      this.update({ phase: 'needs-sign-in', lastError: error.message, nextRetryAt: null });
      return;
    }
    if (error instanceof SyncTransportError && error.kind === 'rejected') {
      this.again = false;
      this.update({ phase: 'blocked', lastError: error.message, nextRetryAt: null });
      return;
    }
    const failures = this.status.failures + 1;
    // A 429 (a pull over a quota) waits at least as long as the server asked.
    const delay = Math.max(isRateLimited(error) ? (error.retryAfterMs ?? 0) : 0, retryDelayMs(failures, this.random(), this.backoff));
    this.again = false;
    // Arm first: arming clears any other timer, and clearing resets a 'retrying' phase.
    this.armTimer(delay, true);
    this.update({
      phase: 'retrying',
      failures,
      lastError: error instanceof Error ? error.message : String(error),
      failure: failureOf(error),
      nextRetryAt: this.now() + delay,
    });
  }

  private armTimer(delayMs: number, isRetry = false): void {
    this.disarmTimer();
    this.timer = this.setTimer(() => {
      this.timer = null;
      if (isRetry && this.status.phase === 'retrying') this.update({ phase: 'idle', nextRetryAt: null });
      void this.syncNow();
    }, delayMs);
  }

  private disarmTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    if (this.status.phase === 'retrying') this.update({ phase: 'idle', nextRetryAt: null });
  }

  private update(changes: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...changes };
    for (const listener of this.listeners) listener(this.status);
  }
}
