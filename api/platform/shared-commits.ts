/**
 * Tells every API process of each commit any of them made, through a Redis
 * channel: the change clock's new value. A process that hears of it knows
 * its public menu and page caches are stale and its live-menu watcher finds
 * the changed menus for its own event streams, exactly as after a commit of
 * its own. Redis pub/sub drops what is sent while a connection is down: so
 * a value is only ever raised, the next commit heard covers a lost one, and
 * on every (re)connection the process subscribes again and reads the clock
 * itself, catching up with what it missed meanwhile.
 */
import type { Database } from '../db/database';
import { readClock } from '../db/repositories/sync';
import type { SharedRedis } from './redis';

/** Starts sharing; returns the call that stops it. */
export function shareCommits(db: Database, redis: SharedRedis): () => void {
  const channel = `${redis.prefix}commits`;
  const hear = (from: string, message: string) => {
    if (from === channel) db.learnCommitted(Number(message));
  };
  const listen = () => {
    redis.subscriber.subscribe(channel).catch((error: unknown) => console.error('Redis: could not hear of other processes’ changes', error));
    readClock(db.read).then(
      (version) => db.learnCommitted(version),
      (error: unknown) => console.error('Could not read the change clock', error),
    );
  };
  redis.subscriber.on('message', hear);
  // A subscription refused while Redis was away is not one ioredis renews by itself: each connection makes its own.
  redis.subscriber.on('ready', listen);
  if (redis.subscriber.status === 'ready') listen();
  const stopTelling = db.onCommit((version) => {
    redis.commands.publish(channel, String(version)).catch((error: unknown) => console.error('Redis: could not tell other processes of a change', error));
  });
  return () => {
    stopTelling();
    redis.subscriber.off('message', hear);
    redis.subscriber.off('ready', listen);
  };
}
