/**
 * Tells every API process of each commit any of them made, through a Redis
 * channel: the change clock's new value. A process that hears of it knows
 * its public menu and page caches are stale and its live-menu watcher finds
 * the changed menus for its own event streams, exactly as after a commit of
 * its own. Redis pub/sub may drop a message while a connection is down, so
 * a value is only ever raised, and the next commit heard covers a lost one.
 */
import type { Database } from '../db/database';
import type { SharedRedis } from './redis';

/** Starts sharing; returns the call that stops it. */
export function shareCommits(db: Database, redis: SharedRedis): () => void {
  const channel = `${redis.prefix}commits`;
  const hear = (from: string, message: string) => {
    if (from === channel) db.learnCommitted(Number(message));
  };
  redis.subscriber.on('message', hear);
  redis.subscriber.subscribe(channel).catch((error: unknown) => console.error('Redis: could not hear of other processes’ changes', error));
  const stopTelling = db.onCommit((version) => {
    redis.commands.publish(channel, String(version)).catch((error: unknown) => console.error('Redis: could not tell other processes of a change', error));
  });
  return () => {
    stopTelling();
    redis.subscriber.off('message', hear);
  };
}
