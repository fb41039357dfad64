/**
 * The push outbox: pushes are written in the transaction of the change they tell of (a rolled-back change sends
 * nothing, a request never waits on a push service), and a background sender delivers them once that commits. A
 * sender claims what it sends first, so processes sharing one database never send a push twice. 429 and 5xx (and an
 * unreachable service) are retried with doubling delays, or after the Retry-After the service asks for; 404 and 410
 * mean the subscription is gone, so it is removed. A push goes only to an endpoint that reads the same to every parser
 * (see push-endpoint.ts): one kept before that was checked is removed unsent.
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushKind, PushMessage } from '../../sync/entities/push';
import type { Database, Tx } from '../db/database';
import { claimPush, deletePush, deletePushSubscriptionById, duePushes, insertPushOutboxRows, pushDelivered, pushFailed, retryPushAt, type DuePush } from '../db/repositories/push';
import { BackgroundSender } from '../platform/background-sender';
import { sendsWhereItSays } from './push-endpoint';
import { mayHear, type NewsScope } from '../team/news-audience';
import type { VapidKeys } from './vapid-keys';

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';
/** `scope`: the team business the push tells, which the subscription's person must still hear of when it is sent. */
export type QueuedPush = { subscriptionId: string; kind: PushKind; message: PushMessage; urgency: Urgency; scope?: NewsScope };

export type PushTuning = {
  /** The delay after the first failure; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How long after queueing a push is given up on; also the TTL the push service is asked to keep it for. */
  giveUpAfterMs?: number;
  /** How often the sender looks for due pushes when nothing woke it (pushes queued by other processes). */
  pollMs?: number;
  batchSize?: number;
  /** How long a claim holds: a sender that died mid-send leaves its pushes to others after this. */
  claimMs?: number;
  requestTimeoutMs?: number;
  /** A TLS agent of its own (tests that trust a stand-in's certificate in-process). */
  agent?: Agent;
};

const MINUTE_MS = 60_000;
const DEFAULTS: Required<Omit<PushTuning, 'agent'>> = {
  firstDelayMs: 30_000,
  maxDelayMs: 60 * MINUTE_MS,
  giveUpAfterMs: 24 * 60 * MINUTE_MS,
  pollMs: 15_000,
  batchSize: 20,
  claimMs: 2 * MINUTE_MS,
  requestTimeoutMs: 30_000,
};

/** Seconds, or an HTTP date, as a delay in milliseconds (null when absent or unreadable). */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

type Outcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'refused'; reason: string } | { kind: 'retry'; reason: string; afterMs: number | null };

/** Pushes refused in a row (a 4xx other than 404, 410 and 429) after which a subscription is given up. */
export const REFUSALS_BEFORE_REMOVAL = 5;

export class PushOutbox {
  private readonly tuning: Required<Omit<PushTuning, 'agent'>>;
  private readonly sender: BackgroundSender<number>;
  /** Something was queued: the next commit of this process wakes the sender. */
  private queued = false;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly keys: VapidKeys,
    private readonly now: () => Date,
    private readonly options: PushTuning = {},
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {
    const { agent: _agent, ...tuning } = options;
    this.tuning = { ...DEFAULTS, ...tuning };
    this.sender = new BackgroundSender({ name: 'push', round: () => this.deliverRound(), pollMs: this.tuning.pollMs, log });
  }

  /** Queues pushes inside the caller's transaction; the sender picks them up once that commits. */
  async queue(tx: Tx, pushes: QueuedPush[]): Promise<void> {
    if (pushes.length === 0) return;
    const now = this.now();
    await insertPushOutboxRows(
      tx.db,
      pushes.map((push) => ({
        id: randomUUID(),
        subscriptionId: push.subscriptionId,
        kind: push.kind,
        payload: JSON.stringify(push.message),
        urgency: push.urgency,
        teamId: push.scope?.teamId ?? null,
        customerId: push.scope?.customerId ?? null,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    this.queued = true;
  }

  start(): void {
    this.stopListening ??= this.db.onCommit(() => {
      if (!this.queued) return;
      this.queued = false;
      this.sender.wakeIn(0);
    });
    this.sender.start();
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.sender.stop();
  }

  /** Waits for the delivery rounds started so far. */
  idle(): Promise<void> {
    return this.sender.idle();
  }

  /** Sends every push now due and claimed by no other sender; rounds run one after another. Answers how many were sent. */
  deliverDue(): Promise<number> {
    return this.sender.runRound();
  }

  private async deliverRound(): Promise<number> {
    const now = this.now();
    // Looked for outside a transaction: a poll that finds nothing moves no change clock.
    const due = await duePushes(this.db.read, now, this.tuning.batchSize);
    if (due.length === 0) return 0;
    const claimed = await this.db.transaction(async (tx) => {
      const mine: DuePush[] = [];
      for (const push of due) if (await claimPush(tx.db, push.id, now, new Date(now.getTime() + this.tuning.claimMs))) mine.push(push);
      return mine;
    });
    let sent = 0;
    for (const push of claimed) {
      if (await this.deliver(push)) sent += 1;
    }
    // A full batch may have left more behind.
    if (due.length === this.tuning.batchSize) this.sender.wakeIn(0);
    return sent;
  }

  /** The wait before the next attempt after `attempts` failures: doubling, or what the service asked for if longer. */
  private retryDelayMs(attempts: number, askedMs: number | null): number {
    const backoff = Math.min(this.tuning.firstDelayMs * 2 ** Math.min(attempts - 1, 30), this.tuning.maxDelayMs);
    return Math.max(backoff, Math.min(askedMs ?? 0, this.tuning.maxDelayMs));
  }

  private async deliver(push: DuePush): Promise<boolean> {
    // A member removed, or no longer looking after the customer, since the push was queued hears nothing of it.
    if (push.teamId !== null && !(await mayHear(this.db.read, [push.userId], { teamId: push.teamId, customerId: push.customerId })).has(push.userId)) {
      await this.db.transaction(async (tx) => deletePush(tx.db, push.id));
      return false;
    }
    const outcome = await this.send(push);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      if (outcome.kind === 'sent') {
        await deletePush(tx.db, push.id);
        await pushDelivered(tx.db, push.subscriptionId, now);
      } else if (outcome.kind === 'gone') {
        await deletePushSubscriptionById(tx.db, push.subscriptionId);
      } else if (outcome.kind === 'refused') {
        this.log(`A push service refused a ${push.kind} push: ${outcome.reason}`);
        await deletePush(tx.db, push.id);
        // A subscription its service keeps refusing (keys it no longer accepts, say) will never deliver again.
        if ((await pushFailed(tx.db, push.subscriptionId)) >= REFUSALS_BEFORE_REMOVAL) await deletePushSubscriptionById(tx.db, push.subscriptionId);
      } else {
        const attempts = push.attempts + 1;
        const next = now.getTime() + this.retryDelayMs(attempts, outcome.afterMs);
        await pushFailed(tx.db, push.subscriptionId);
        if (next > push.createdAt.getTime() + this.tuning.giveUpAfterMs) {
          this.log(`Gave up a ${push.kind} push after ${attempts} attempts: ${outcome.reason}`);
          await deletePush(tx.db, push.id);
        } else await retryPushAt(tx.db, push.id, attempts, new Date(next), outcome.reason.slice(0, 1000));
      }
    });
    // A retry sooner than the next poll gets a wake-up of its own.
    if (outcome.kind === 'retry') this.sender.wakeIn(this.retryDelayMs(push.attempts + 1, outcome.afterMs));
    return outcome.kind === 'sent';
  }

  private async send(push: DuePush): Promise<Outcome> {
    if (!sendsWhereItSays(push.endpoint)) {
      this.log(`Removed a push subscription whose endpoint another parser would read as another address: ${push.endpoint.slice(0, 200)}`);
      return { kind: 'gone' };
    }
    try {
      const vapidDetails = await this.keys.get();
      const ttlSeconds = Math.max(0, Math.floor((push.createdAt.getTime() + this.tuning.giveUpAfterMs - this.now().getTime()) / 1000));
      await webpush.sendNotification({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, push.payload, {
        vapidDetails,
        TTL: ttlSeconds,
        urgency: push.urgency,
        contentEncoding: 'aes128gcm',
        timeout: this.tuning.requestTimeoutMs,
        ...(this.options.agent && { agent: this.options.agent }),
      });
      return { kind: 'sent' };
    } catch (error) {
      if (error instanceof WebPushError) {
        const reason = `${error.statusCode} ${error.body}`.trim();
        if (error.statusCode === 404 || error.statusCode === 410) return { kind: 'gone' };
        if (error.statusCode === 429 || error.statusCode >= 500) return { kind: 'retry', reason, afterMs: retryAfterMs(error.headers['retry-after'], this.now()) };
        return { kind: 'refused', reason };
      }
      // Unreachable, timed out, or a key that would not encrypt (a bad subscription fails the same way each time, and is given up on in time).
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error), afterMs: null };
    }
  }
}
