/**
 * Password reset requests, answered off the request. POST /api/auth/forgot-password writes one row whatever the
 * address, and this queue makes and mails the link in the background when the address has an account: the work that
 * differs between an address with an account and one without never runs while the asker waits, so the answer cannot
 * tell them apart by its time. A request is taken (deleted) in the transaction that answers it, so two processes never
 * answer it twice, and one whose answer failed stays for the next round.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../db/database';
import { insertPasswordResetRequest, takePasswordResetRequest, waitingPasswordResetRequests } from '../db/repositories/password-resets';
import { BackgroundSender } from '../platform/background-sender';

/** Answers one request inside the transaction that takes it: mails a link when `email` has an account. */
export type ResetRequestAnswer = (tx: Tx, email: string) => Promise<void>;

/** How often the queue looks for requests left waiting (by a process that stopped) when nothing woke it. */
const POLL_MS = 15_000;
const BATCH_SIZE = 50;

export class ResetRequestQueue {
  private readonly sender: BackgroundSender<number>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly answer: ResetRequestAnswer,
    /** A request older than this is dropped unanswered: the person has long given up on that mail. */
    private readonly dropAfterMs: number,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {
    this.sender = new BackgroundSender({ name: 'password reset', round: () => this.answerRound(), pollMs: POLL_MS, log });
  }

  /** Records a request inside the caller's transaction; call `wake` once that commits. */
  async record(tx: Tx, email: string): Promise<void> {
    await insertPasswordResetRequest(tx.db, { id: randomUUID(), email, requestedAt: this.now() });
  }

  wake(): void {
    this.sender.wakeIn(0);
  }

  start(): void {
    this.sender.start();
  }

  stop(): void {
    this.sender.stop();
  }

  /** Waits for the rounds started so far. */
  idle(): Promise<void> {
    return this.sender.idle();
  }

  /** Answers the requests waiting now (after any round in flight); answers how many it took. */
  answerWaiting(): Promise<number> {
    return this.sender.runRound();
  }

  private async answerRound(): Promise<number> {
    const waiting = await waitingPasswordResetRequests(this.db.read, BATCH_SIZE);
    let taken = 0;
    for (const request of waiting) {
      try {
        const took = await this.db.transaction(async (tx) => {
          if (!(await takePasswordResetRequest(tx.db, request.id))) return false;
          if (this.now().getTime() - request.requestedAt.getTime() <= this.dropAfterMs) await this.answer(tx, request.email);
          return true;
        });
        if (took) taken += 1;
      } catch (error) {
        this.log(`A password reset request could not be answered, and waits for the next round: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // More may wait behind a full batch; a batch that all failed waits for the next poll instead of spinning.
    if (waiting.length === BATCH_SIZE && taken > 0) this.wake();
    return taken;
  }
}
