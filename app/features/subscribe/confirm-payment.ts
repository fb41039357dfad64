/**
 * After the payment form: the provider has taken the payment, but the seller's
 * plan is active only once its webhook has reached the server. The page asks
 * the server until it says so, for a bounded time.
 */
import type { SubscriptionStateStatus } from '../../../sync/entities/subscription';

export const CONFIRM_TIMEOUT_MS = 30_000;
export const CONFIRM_INTERVAL_MS = 1_500;

export type ConfirmOptions = {
  readStatus: () => Promise<SubscriptionStateStatus>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  timeoutMs?: number;
  intervalMs?: number;
  /** Stops asking (the page was left); resolves 'stopped'. */
  stopped?: () => boolean;
};

/** 'active' once the server confirms; 'timeout' if it has not within the time; a failed read is asked again. */
export async function waitUntilActive({
  readStatus,
  sleep,
  now,
  timeoutMs = CONFIRM_TIMEOUT_MS,
  intervalMs = CONFIRM_INTERVAL_MS,
  stopped = () => false,
}: ConfirmOptions): Promise<'active' | 'timeout' | 'stopped'> {
  const deadline = now() + timeoutMs;
  for (;;) {
    if (stopped()) return 'stopped';
    try {
      if ((await readStatus()) === 'active') return 'active';
    } catch {
      // A dropped request says nothing about the payment: ask again at the next turn.
    }
    if (stopped()) return 'stopped';
    if (now() + intervalMs > deadline) return 'timeout';
    await sleep(intervalMs);
  }
}

/**
 * What the provider's return address says: the payment went through (or is on
 * its way), a card was saved for the end of the trial (nothing to confirm: the
 * plan stays in its trial), it failed, or this is no return at all.
 */
export function returnFromProvider(search: string): 'confirm' | 'card-saved' | 'failed' | null {
  const params = new URLSearchParams(search);
  const status = params.get('redirect_status');
  if (status === 'failed') return 'failed';
  if (params.has('setup_intent')) return status === 'succeeded' ? 'card-saved' : null;
  if (status === 'succeeded' || status === 'processing') return 'confirm';
  return null;
}
