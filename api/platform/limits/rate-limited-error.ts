import { AppError } from '../../../sync/contract/errors';

/**
 * A request that may well succeed later, answered with a Retry-After header
 * of whole seconds. A sync push stops before the mutation that met it and
 * keeps the rest on the device, rather than refusing it for good.
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(reason: 'rate_limited' | 'unavailable', message: string, retryAfterMs: number) {
    super(reason, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** A refusal for going over a limit: answered 429. */
export class RateLimitedError extends RetryLaterError {
  constructor(message: string, retryAfterMs: number) {
    super('rate_limited', message, retryAfterMs);
  }
}

/** "30 seconds", "5 minutes", "3 hours", "2 days": how long to wait, for a message, rounded up. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  // Up to two hours in minutes: "90 minutes" says more than "2 hours".
  if (minutes <= 120) return plural(minutes, 'minute');
  const hours = Math.ceil(minutes / 60);
  if (hours <= 48) return plural(hours, 'hour');
  return plural(Math.ceil(hours / 24), 'day');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
