/**
 * The Redis connections of one API process, when REDIS_URL is set: one for
 * commands, one held in subscriber mode (Redis allows nothing else on it).
 * A command fails after a couple of retries rather than waiting for ever, so
 * a request whose limit cannot be counted is answered, not left hanging.
 */
import { Redis } from 'ioredis';

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

export function connectRedis(url: string, prefix: string): SharedRedis {
  const options = { maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const commands = new Redis(url, { ...options, keyPrefix: prefix });
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
      return Promise.race([commands.ping().then((answer) => answer === 'PONG', () => false), timeout]);
    },
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
