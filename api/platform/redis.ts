/**
 * The Redis connections of one API process, when REDIS_URL is set: one for
 * commands, one held in subscriber mode (Redis allows nothing else on it).
 * A command fails after a second, or a couple of reconnection tries, rather
 * than waiting for ever: a limit is counted while a write transaction is
 * open, so a Redis that stopped answering must not hold the database's
 * write lock. Such a request is answered 503 with Retry-After (`askRedis`).
 */
import { Redis } from 'ioredis';
import { RetryLaterError } from './limits/rate-limited-error';

export type SharedRedis = {
  /** Begins every key and channel name, so that several installations can share one Redis. */
  prefix: string;
  /** Prefixes every key itself. */
  commands: Redis;
  subscriber: Redis;
  /** Whether Redis answers now: for the health check. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
};

const PING_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;
const RETRY_AFTER_UNREACHABLE_MS = 5000;

export const SHARED_STATE_UNAVAILABLE_MESSAGE = 'The server cannot check its limits right now, so this was not done. Please try again in a moment.';

/** Runs a Redis call; a Redis that cannot be reached makes the request one to try again later (503), not a server error. */
export async function askRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(`Redis did not answer, so a request was turned away: ${error instanceof Error ? error.message : String(error)}`);
    throw new RetryLaterError('unavailable', SHARED_STATE_UNAVAILABLE_MESSAGE, RETRY_AFTER_UNREACHABLE_MS);
  }
}

export function connectRedis(url: string, prefix: string): SharedRedis {
  const options = { maxRetriesPerRequest: 2, connectTimeout: 5000 };
  // Not on the subscriber: a subscription waits for messages by design.
  const commands = new Redis(url, { ...options, commandTimeout: COMMAND_TIMEOUT_MS, keyPrefix: prefix });
  const subscriber = new Redis(url, options);
  // Without a listener an unreachable Redis is an unhandled error event. Said once per kind of failure, not on every retry.
  let lastFailure = '';
  const noteFailure = (error: Error) => {
    if (error.message !== lastFailure) console.error(`Redis: ${error.message}`);
    lastFailure = error.message;
  };
  commands.on('error', noteFailure);
  subscriber.on('error', noteFailure);
  commands.on('ready', () => (lastFailure = ''));
  return {
    prefix,
    commands,
    subscriber,
    async reachable() {
      if (commands.status !== 'ready') return false;
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), PING_TIMEOUT_MS).unref());
      return Promise.race([
        commands.ping().then(
          (answer) => answer === 'PONG',
          () => false,
        ),
        timeout,
      ]);
    },
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
