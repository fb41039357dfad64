import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundSender } from './background-sender';

const HOUR_MS = 60 * 60 * 1000;

/** Counts the rounds a sender runs, and lets a test wait for the n-th. */
function countedRounds(work: (round: number) => Promise<number> = async () => 0) {
  let count = 0;
  const waiting = new Map<number, () => void>();
  return {
    get count() {
      return count;
    },
    round: async () => {
      count += 1;
      waiting.get(count)?.();
      return work(count);
    },
    reached: (round: number) => new Promise<void>((resolve) => (count >= round ? resolve() : waiting.set(round, resolve))),
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets every timer already due (and what it starts) run. */
const nextTimers = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a background sender', () => {
  const senders: Array<BackgroundSender<number>> = [];
  const make = (round: () => Promise<number>, pollMs: number, log: (line: string) => void = () => undefined) => {
    const sender = new BackgroundSender({ name: 'test', round, pollMs, log });
    senders.push(sender);
    return sender;
  };
  afterEach(async () => {
    for (const sender of senders.splice(0)) {
      sender.stop();
      await sender.idle();
    }
  });

  it('runs a round as soon as it starts, and again whenever it is woken', async () => {
    const rounds = countedRounds();
    const sender = make(rounds.round, HOUR_MS);
    sender.start();
    await rounds.reached(1);
    sender.wakeIn(0);
    await rounds.reached(2);
    sender.wakeIn(0);
    await rounds.reached(3);
    expect(rounds.count).toBe(3);
  });

  it('keeps the sooner of two wake-ups', async () => {
    const rounds = countedRounds();
    const sender = make(rounds.round, HOUR_MS);
    sender.start();
    await rounds.reached(1);
    sender.wakeIn(0);
    sender.wakeIn(HOUR_MS);
    await rounds.reached(2);
    expect(rounds.count).toBe(2);
  });

  it('runs its rounds in its own context, not in that of the request that woke it', async () => {
    const request = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const rounds = countedRounds(async () => {
      seen.push(request.getStore());
      return 0;
    });
    const sender = make(rounds.round, HOUR_MS);
    sender.start();
    await rounds.reached(1);
    request.run('a request', () => sender.wakeIn(0));
    await rounds.reached(2);
    expect(seen).toEqual([undefined, undefined]);
  });

  it('looks again every poll interval when nothing wakes it', async () => {
    const rounds = countedRounds();
    make(rounds.round, 1).start();
    await rounds.reached(4);
    expect(rounds.count).toBeGreaterThanOrEqual(4);
  });

  it('is not woken before it starts nor after it stops', async () => {
    const rounds = countedRounds();
    const sender = make(rounds.round, HOUR_MS);
    sender.wakeIn(0);
    await nextTimers();
    expect(rounds.count).toBe(0);
    sender.start();
    await rounds.reached(1);
    sender.stop();
    sender.wakeIn(0);
    await nextTimers();
    expect(rounds.count).toBe(1);
  });

  it('runs rounds one after another, never two at once', async () => {
    let inFlight = 0;
    let mostAtOnce = 0;
    const sender = make(async () => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await nextTimers();
      inFlight -= 1;
      return 1;
    }, HOUR_MS);
    const answers = await Promise.all([sender.runRound(), sender.runRound(), sender.runRound()]);
    expect(answers).toEqual([1, 1, 1]);
    expect(mostAtOnce).toBe(1);
  });

  it('once stopped, waits for the round in flight and starts no other', async () => {
    const release = deferred();
    const rounds = countedRounds(async () => {
      await release.promise;
      return 0;
    });
    const sender = make(rounds.round, 1);
    sender.start();
    await rounds.reached(1);
    sender.stop();
    let idle = false;
    const waited = sender.idle().then(() => (idle = true));
    await nextTimers();
    expect(idle).toBe(false);
    release.resolve();
    await waited;
    await nextTimers();
    expect(rounds.count).toBe(1);
  });

  it('logs a round that fails and goes on with the next', async () => {
    const lines: string[] = [];
    const rounds = countedRounds(async (round) => {
      if (round === 1) throw new Error('the server is unreachable');
      return 0;
    });
    make(rounds.round, 1, (line) => lines.push(line)).start();
    await rounds.reached(2);
    expect(lines).toEqual(['The test sender failed: the server is unreachable']);
  });

  it('answers the failure of a round run on demand to its caller, and runs the next one', async () => {
    const rounds = countedRounds(async (round) => {
      if (round === 1) throw new Error('no connection');
      return 2;
    });
    const sender = make(rounds.round, HOUR_MS);
    await expect(sender.runRound()).rejects.toThrow('no connection');
    await expect(sender.runRound()).resolves.toBe(2);
  });

  it('serves the wake-ups that come during a slow round by one round after it', async () => {
    const release = deferred();
    const rounds = countedRounds(async (round) => {
      if (round === 1) await release.promise;
      return 0;
    });
    const sender = make(rounds.round, HOUR_MS);
    sender.start();
    await rounds.reached(1);
    for (let wake = 0; wake < 5; wake++) {
      sender.wakeIn(0);
      await nextTimers();
    }
    release.resolve();
    await rounds.reached(2);
    await nextTimers();
    expect(rounds.count).toBe(2);
  });

  it('never starts a woken round still waiting for the one in flight once stopped', async () => {
    const release = deferred();
    const rounds = countedRounds(async () => {
      await release.promise;
      return 0;
    });
    const sender = make(rounds.round, HOUR_MS);
    sender.start();
    await rounds.reached(1);
    sender.wakeIn(0);
    await nextTimers();
    sender.stop();
    release.resolve();
    await sender.idle();
    await nextTimers();
    expect(rounds.count).toBe(1);
  });

  it('still runs the round of a later wake-up that a sooner one took the timer from', async () => {
    const rounds = countedRounds();
    const sender = make(rounds.round, HOUR_MS);
    sender.start();
    await rounds.reached(1);
    // A retry falls due in a moment; then something is queued now.
    sender.wakeIn(100);
    sender.wakeIn(0);
    await rounds.reached(2);
    // The retry gets its round then, not at the next poll an hour away.
    await rounds.reached(3);
    expect(rounds.count).toBe(3);
  });
});
