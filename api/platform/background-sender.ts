/**
 * The loop behind an outbox: once started, it runs a round of sending when woken (something was queued, a retry
 * fell due) and otherwise every `pollMs`. Rounds run one after another, never two at once, so nothing is sent twice
 * by one process; a round that fails is logged and the loop goes on.
 */
import { AsyncResource } from 'node:async_hooks';

export type BackgroundSenderOptions<T> = {
  /** Names the sender in the log ("the mail sender failed: …"). */
  name: string;
  /** One round of sending. */
  round: () => Promise<T>;
  /** How often a round runs when nothing woke the sender. */
  pollMs: number;
  log: (line: string) => void;
};

const LATER_WAKE_UPS_KEPT = 100;

export class BackgroundSender<T> {
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  /** The context the sender was made in (the server's start), never a request's. */
  private readonly ownContext: AsyncResource;
  private rounds: Promise<unknown> = Promise.resolve();
  private started = false;
  /** A woken round waits behind the one in flight: wake-ups meanwhile are served by it, not by one round each. */
  private wokenRoundWaiting = false;
  /** Later wake-ups a sooner one took the timer from (a retry falling due after a send just queued), soonest first. */
  private readonly laterWakeUps: number[] = [];

  constructor(private readonly options: BackgroundSenderOptions<T>) {
    this.ownContext = new AsyncResource(`${options.name} sender`);
  }

  start(): void {
    this.started = true;
    this.wakeIn(0);
  }

  /** No round starts after this; `idle()` waits for the one in flight. */
  stop(): void {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.laterWakeUps.length = 0;
  }

  /** Waits for the rounds started so far. */
  async idle(): Promise<void> {
    await this.rounds;
  }

  /** Runs a round once those before it are done, whether or not the loop is started. */
  runRound(): Promise<T> {
    const round = this.rounds.then(() => this.options.round());
    this.rounds = round.catch(() => undefined);
    return round;
  }

  /** Runs a round after `delayMs` (after the round to run sooner, when one is); does nothing while stopped. */
  wakeIn(delayMs: number): void {
    if (!this.started) return;
    const at = Date.now() + delayMs;
    if (this.timer && this.timerAt <= at) return this.keepForLater(at);
    if (this.timer) {
      clearTimeout(this.timer);
      this.keepForLater(this.timerAt);
    }
    this.timerAt = at;
    // Bound to the sender's own context: a timer set from inside a request's transaction would otherwise run its round there.
    this.timer = setTimeout(
      this.ownContext.bind(() => {
        this.timer = null;
        if (this.wokenRoundWaiting) return;
        this.wokenRoundWaiting = true;
        let startedAt = Number.POSITIVE_INFINITY;
        const round = this.rounds.then(() => {
          this.wokenRoundWaiting = false;
          startedAt = Date.now();
          // Stopped while it waited its turn: it never starts.
          return this.started ? this.options.round() : undefined;
        });
        this.rounds = round.catch(() => undefined);
        round
          .catch((error: unknown) => this.options.log(`The ${this.options.name} sender failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            // What had fallen due when this round began, it served.
            while (this.laterWakeUps.length > 0 && this.laterWakeUps[0]! <= startedAt) this.laterWakeUps.shift();
            const later = this.laterWakeUps[0];
            if (!this.timer) this.wakeIn(later === undefined ? this.options.pollMs : Math.min(this.options.pollMs, Math.max(0, later - Date.now())));
          });
      }),
      delayMs,
    );
    this.timer.unref();
  }

  private keepForLater(at: number): void {
    if (this.laterWakeUps.includes(at)) return;
    this.laterWakeUps.push(at);
    this.laterWakeUps.sort((a, b) => a - b);
    // Bounded: beyond it, the latest ones wait for the next poll.
    if (this.laterWakeUps.length > LATER_WAKE_UPS_KEPT) this.laterWakeUps.pop();
  }
}
