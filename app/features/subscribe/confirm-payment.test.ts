import { describe, expect, it } from 'vitest';
import type { SubscriptionStateStatus } from '../../../sync/entities/subscription';
import { returnFromProvider, waitUntilActive } from './confirm-payment';

/** A clock that moves only when the poller sleeps. */
function fakeTime() {
  let at = 0;
  return { now: () => at, sleep: async (ms: number) => void (at += ms) };
}

describe('waitUntilActive', () => {
  it('asks until the server says active', async () => {
    const answers: SubscriptionStateStatus[] = ['incomplete', 'incomplete', 'active'];
    const time = fakeTime();
    let asked = 0;
    const outcome = await waitUntilActive({ ...time, readStatus: async () => answers[asked++]!, intervalMs: 1_000 });
    expect(outcome).toBe('active');
    expect(asked).toBe(3);
  });

  it('gives up after the time allowed, never asking past it', async () => {
    const time = fakeTime();
    let asked = 0;
    const outcome = await waitUntilActive({
      ...time,
      readStatus: async () => {
        asked += 1;
        return 'incomplete';
      },
      timeoutMs: 30_000,
      intervalMs: 1_500,
    });
    expect(outcome).toBe('timeout');
    expect(asked).toBe(21);
    expect(time.now()).toBeLessThanOrEqual(30_000);
  });

  it('a failed request is asked again rather than ending the wait', async () => {
    const time = fakeTime();
    let asked = 0;
    const outcome = await waitUntilActive({
      ...time,
      readStatus: async () => {
        asked += 1;
        if (asked === 1) throw new Error('offline');
        return 'active';
      },
    });
    expect(outcome).toBe('active');
  });

  it('stops when the page is left', async () => {
    const time = fakeTime();
    expect(await waitUntilActive({ ...time, readStatus: async () => 'incomplete', stopped: () => time.now() > 3_000 })).toBe('stopped');
  });
});

describe('returnFromProvider', () => {
  it('reads the redirect status the provider appends to the return address', () => {
    expect(returnFromProvider('?payment_intent=pi_1&redirect_status=succeeded')).toBe('confirm');
    expect(returnFromProvider('?payment_intent=pi_1&redirect_status=processing')).toBe('confirm');
    expect(returnFromProvider('?redirect_status=failed')).toBe('failed');
    expect(returnFromProvider('')).toBeNull();
  });

  it('does not wait for the plan to turn active after a card saved during the trial: it stays in its trial until the end', () => {
    expect(returnFromProvider('?setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=succeeded')).toBe('card-saved');
    expect(returnFromProvider('?setup_intent=seti_1&redirect_status=processing')).toBeNull();
    expect(returnFromProvider('?setup_intent=seti_1&redirect_status=failed')).toBe('failed');
  });
});
