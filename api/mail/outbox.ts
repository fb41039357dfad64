/**
 * The outbox: a message is queued in the transaction of the change that
 * causes it (so a request never waits on the mail server and a rolled-back
 * change sends nothing), and a background sender delivers due messages one
 * at a time, retrying with doubling delays for up to a day while the mail
 * server is unreachable. Each lane has a sender of its own: account mail (a
 * reset, a confirmation, an invitation, a change of address) goes out as soon
 * as it is queued, never behind a backlog of notifications, however long.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../db/database';
import { claimOutboxRow, dueOutboxRows, insertOutboxRow, updateOutboxRow, type OutboxRow } from '../db/repositories/mail';
import { MAIL_LANES, type MailLane } from '../db/schema/mail';
import { BackgroundSender } from '../platform/background-sender';
import { mayHear, type NewsScope } from '../team/news-audience';
import type { MailAttachment, MailTransport, OutgoingMail } from './transport';

/**
 * `scope`: the team business a notification tells, which its recipient must still hear of when it is sent.
 * `invoiceOrderId`: the order whose invoice the message carries, drawn as it is sent.
 */
export type QueuedMail = Omit<OutgoingMail, 'attachments'> & { kind: string; userId: string | null; lane: MailLane; scope?: NewsScope; invoiceOrderId?: string };

/** Draws the files a message carries as it is sent: an order's invoice (null when the order is gone, and the message goes without it). */
export type MailAttachments = { invoice(orderId: string): Promise<MailAttachment | null> };

const NO_ATTACHMENTS: MailAttachments = { invoice: async () => null };

/** Why a notification was not sent, kept on its row. */
export const NO_LONGER_HEARS = 'Not sent: the recipient no longer takes part in this business of the team';

export type OutboxTuning = {
  /** The delay after the first failure; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How long after queueing a message is given up on. */
  giveUpAfterMs?: number;
  /** How often the sender looks for due messages when nothing woke it. */
  pollMs?: number;
  batchSize?: number;
  /** How long a sender's claim on a message holds: one that died mid-send leaves it to the others after this. */
  claimMs?: number;
};

const HOUR_MS = 60 * 60 * 1000;
const DEFAULTS: Required<OutboxTuning> = {
  firstDelayMs: 60_000,
  maxDelayMs: HOUR_MS,
  giveUpAfterMs: 24 * HOUR_MS,
  pollMs: 15_000,
  batchSize: 20,
  claimMs: 2 * 60_000,
};

/** When to try again after `attempts` failures, or null when the message is given up on. */
export function nextAttemptAfter(createdAt: Date, attempts: number, failedAt: Date, tuning: Required<OutboxTuning>): Date | null {
  const delay = Math.min(tuning.firstDelayMs * 2 ** Math.min(attempts - 1, 30), tuning.maxDelayMs);
  const next = failedAt.getTime() + delay;
  const deadline = createdAt.getTime() + tuning.giveUpAfterMs;
  if (failedAt.getTime() >= deadline) return null;
  return new Date(Math.min(next, deadline));
}

/** A lane's sender, and whether something was queued in it since its last round began. */
type Lane = { sender: BackgroundSender<number>; woken: boolean };

export class MailOutbox {
  private readonly tuning: Required<OutboxTuning>;
  private readonly lanes: Record<MailLane, Lane>;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly now: () => Date,
    tuning: OutboxTuning = {},
    private readonly log: (line: string) => void = (line) => console.warn(line),
    private readonly attachments: MailAttachments = NO_ATTACHMENTS,
  ) {
    this.tuning = { ...DEFAULTS, ...tuning };
    const lane = (name: MailLane): Lane => ({
      sender: new BackgroundSender({ name: `${name} mail`, round: () => this.deliverRound(name), pollMs: this.tuning.pollMs, log }),
      woken: false,
    });
    this.lanes = { account: lane('account'), notification: lane('notification') };
  }

  /** Queues a message inside the caller's transaction; its lane's sender picks it up once that commits. */
  async queue(tx: Tx, mail: QueuedMail): Promise<void> {
    const now = this.now();
    await insertOutboxRow(tx.db, {
      id: randomUUID(),
      userId: mail.userId,
      kind: mail.kind,
      lane: mail.lane,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      teamId: mail.scope?.teamId ?? null,
      customerId: mail.scope?.customerId ?? null,
      invoiceOrderId: mail.invoiceOrderId ?? null,
      nextAttemptAt: now,
      createdAt: now,
    });
    const lane = this.lanes[mail.lane];
    lane.woken = true;
    lane.sender.wakeIn(0);
  }

  start(): void {
    for (const name of MAIL_LANES) this.lanes[name].sender.start();
  }

  stop(): void {
    for (const name of MAIL_LANES) this.lanes[name].sender.stop();
  }

  /** Waits for the delivery rounds started so far. */
  async idle(): Promise<void> {
    await Promise.all(MAIL_LANES.map((name) => this.lanes[name].sender.idle()));
  }

  /**
   * Sends every message now due, a round of each lane at once. A lane's
   * rounds run one after another, never two at once, and no message is in
   * two lanes, so nothing is sent twice. Answers how many were sent.
   */
  async deliverDue(): Promise<number> {
    const sent = await Promise.all(MAIL_LANES.map((name) => this.lanes[name].sender.runRound()));
    return sent.reduce((total, count) => total + count, 0);
  }

  private async deliverRound(name: MailLane): Promise<number> {
    const lane = this.lanes[name];
    const woken = lane.woken;
    lane.woken = false;
    // Just after a queue, read through the write queue so the transaction that queued is seen once it commits;
    // a plain poll reads the last commit without moving the change clock.
    const due = woken
      ? await this.db.transaction(async (tx) => dueOutboxRows(tx.db, name, this.now(), this.tuning.batchSize))
      : await dueOutboxRows(this.db.read, name, this.now(), this.tuning.batchSize);
    if (due.length === 0) return 0;
    // Claimed first, so processes sharing one database never send a message twice.
    const now = this.now();
    const claimedUntil = new Date(now.getTime() + this.tuning.claimMs);
    const mine = await this.db.transaction(async (tx) => {
      const claimed: OutboxRow[] = [];
      for (const row of due) if (await claimOutboxRow(tx.db, row.id, now, claimedUntil)) claimed.push(row);
      return claimed;
    });
    let sent = 0;
    for (const row of mine) {
      if (await this.deliver(row)) sent += 1;
    }
    return sent;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    if (!(await this.stillHears(row))) {
      await this.db.transaction(async (tx) => updateOutboxRow(tx.db, row.id, { status: 'failed', lastError: NO_LONGER_HEARS }));
      return false;
    }
    try {
      // Drawn here, as the message leaves, never in the request that queued it; a drawing that fails is retried as a send is.
      const invoice = row.invoiceOrderId === null ? null : await this.attachments.invoice(row.invoiceOrderId);
      await this.transport.send({ to: row.toAddress, subject: row.subject, text: row.text, html: row.html, headers: row.headers, ...(invoice && { attachments: [invoice] }) });
    } catch (error) {
      const attempts = row.attempts + 1;
      const failedAt = this.now();
      const next = nextAttemptAfter(row.createdAt, attempts, failedAt, this.tuning);
      const reason = error instanceof Error ? error.message : String(error);
      if (!next) this.log(`Gave up sending "${row.subject}" to ${row.toAddress} after ${attempts} attempts: ${reason}`);
      await this.db.transaction(async (tx) =>
        updateOutboxRow(tx.db, row.id, { attempts, lastError: reason.slice(0, 1000), status: next ? 'pending' : 'failed', nextAttemptAt: next ?? failedAt }),
      );
      return false;
    }
    await this.db.transaction(async (tx) => updateOutboxRow(tx.db, row.id, { attempts: row.attempts + 1, status: 'sent', sentAt: this.now(), lastError: null }));
    return true;
  }

  /** A member removed, or no longer looking after the customer, since the notification was queued hears nothing of it. */
  private async stillHears(row: OutboxRow): Promise<boolean> {
    if (row.teamId === null || row.userId === null) return true;
    return (await mayHear(this.db.read, [row.userId], { teamId: row.teamId, customerId: row.customerId })).has(row.userId);
  }
}
