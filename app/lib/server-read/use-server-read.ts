/**
 * A screen's read from the server, in one place: loading, the answer or the
 * failure, a retry, and late answers dropped when the key changes or the
 * screen goes away. With `keepOffline`, the last answer is kept in the
 * signed-in person's own database (never in local storage, which the next
 * person on the device could read) and shows while offline, with when it was
 * fetched; such a read asks the server only while the app is online, and
 * again each time it comes back.
 */
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { ZodType } from 'zod';
import { useConnectivity } from '../connectivity';
import { useSession } from '../session-store';
import { useKeptReads } from './kept-reads';
import { identityOf, NOT_READ_YET, ServerReader, type ServerReadState } from './server-reader';

export type ServerRead<T> = Omit<ServerReadState<T>, 'identity'> & { retry(): void };

export type ServerReadOptions<T> = {
  /** Keep the last answer for offline, in the signed-in person's database; a kept copy is shown only while it still matches this schema. */
  keepOffline?: ZodType<T>;
};

/** Reads `key` from the server with `fetcher`; a new key starts over. */
export function useServerRead<T>(key: string, fetcher: () => Promise<T>, { keepOffline }: ServerReadOptions<T> = {}): ServerRead<T> {
  const [reader] = useState(() => new ServerReader<T>());
  const owner = useSession((state) => state.user?.id ?? null);
  const reads = useKeptReads((state) => state.reads);
  const online = useConnectivity((state) => state.connection === 'online');
  const fetchNow = useEffectEvent(fetcher);
  const ownReads = reads?.userId === owner ? reads : null;
  const identity = identityOf(key, keepOffline && owner ? { owner } : null);

  useEffect(() => {
    reader.show({
      key,
      fetch: () => fetchNow(),
      ask: !keepOffline || online,
      keep: keepOffline && owner ? { owner, reads: ownReads, schema: keepOffline } : null,
    });
  }, [reader, key, keepOffline, owner, ownReads, online]);
  useEffect(() => () => reader.close(), [reader]);

  const state = useSyncExternalStore(reader.subscribe, reader.getSnapshot, reader.getSnapshot);
  const retry = useCallback(() => reader.retry(), [reader]);
  // Until the effect has shown the reader a new key, what it holds answers the previous one.
  const { identity: answered, ...shown } = state.identity === identity ? state : NOT_READ_YET;
  return { ...shown, retry };
}
