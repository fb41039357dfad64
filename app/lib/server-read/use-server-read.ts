/**
 * A screen's read from the server, in one place: loading, the answer or the
 * failure, a retry, and late answers dropped when the read changes or the
 * screen goes away. A read is one of the table in sync/contract/api-reads.ts, asked
 * with readFromServer, so its answer has been checked against its schema.
 * With `keepOffline`, the last answer is kept in the signed-in person's own
 * database (never in local storage, which the next person on the device
 * could read) and shows while offline, with when it was fetched; such a read
 * asks the server only while the app is online, and again each time it comes
 * back.
 */
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { ServerReadRequest } from '../../../sync/contract/api-reads';
import { useConnectivity } from '../connectivity';
import { useSession } from '../session-store';
import { useKeptReads } from './kept-reads';
import { readFromServer } from './read-from-server';
import { identityOf, NOT_READ_YET, ServerReader, type ServerReadState } from './server-reader';

export type ServerRead<T> = Omit<ServerReadState<T>, 'identity'> & {
  retry(): void;
  /** Shows what a write answered, or the change it made, until the server's next answer. */
  replace(change: (current: T) => T): void;
};

export type ServerReadOptions = {
  /** Keep the last answer for offline, in the signed-in person's database; a kept copy shows only while it still matches the read's schema. */
  keepOffline?: boolean;
  /** Ask only while the app is online, and again each time it comes back: for a screen that says it needs a connection instead. */
  onlyOnline?: boolean;
  /** Another read (the next page, other filters) shows the last answer until its own comes, rather than nothing. */
  showPreviousWhileLoading?: boolean;
  /** Another value asks again, showing the answer meanwhile: something done on the screen may have changed it. */
  refresh?: unknown;
  /** Nothing to read for this person (an admin has no team): the read stays empty and asks nothing. */
  skip?: boolean;
};

type ReadBy<T> = { key: string; fetch: () => Promise<T>; request: ServerReadRequest<T> | null };

/** Reads `request` from the server; another request (another path) starts over. */
export function useServerRead<T>(request: ServerReadRequest<T>, options?: ServerReadOptions): ServerRead<T>;
/** A read that is not in the table yet, by its own key and fetch: the public menu's pages, which need more of the answer than its body. */
export function useServerRead<T>(key: string, fetcher: () => Promise<T>): ServerRead<T>;
export function useServerRead<T>(first: ServerReadRequest<T> | string, second?: ServerReadOptions | (() => Promise<T>)): ServerRead<T> {
  const by: ReadBy<T> =
    typeof first === 'string' ? { key: first, fetch: second as () => Promise<T>, request: null } : { key: first.path, fetch: () => readFromServer(first), request: first };
  const { keepOffline, onlyOnline, showPreviousWhileLoading, refresh, skip } = (typeof first === 'string' ? {} : (second as ServerReadOptions | undefined)) ?? {};
  const key = by.key;
  const schema = keepOffline && !skip ? by.request?.schema : undefined;

  const [reader] = useState(() => new ServerReader<T>());
  const owner = useSession((state) => state.user?.id ?? null);
  const reads = useKeptReads((state) => state.reads);
  const online = useConnectivity((state) => state.connection === 'online');
  const fetchNow = useEffectEvent(by.fetch);
  const ownReads = reads?.userId === owner ? reads : null;
  const identity = identityOf(key, schema && owner ? { owner } : null);

  useEffect(() => {
    reader.show({
      key,
      fetch: () => fetchNow(),
      ask: !skip && ((!schema && !onlyOnline) || online),
      keep: schema && owner ? { owner, reads: ownReads, schema } : null,
      refresh,
    });
  }, [reader, key, schema, onlyOnline, owner, ownReads, online, refresh, skip]);
  useEffect(() => () => reader.close(), [reader]);

  const state = useSyncExternalStore(reader.subscribe, reader.getSnapshot, reader.getSnapshot);
  const retry = useCallback(() => reader.retry(), [reader]);
  const replace = useCallback((change: (current: T) => T) => reader.replace(change), [reader]);
  // Until the effect has shown the reader a new key, what it holds answers the previous one.
  const { identity: answered, ...shown } = state.identity === identity ? state : NOT_READ_YET;

  // The last answer shown, for a read that shows it while the next one loads (kept across renders as React allows: set while rendering).
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (showPreviousWhileLoading && shown.data !== undefined && shown.data !== previous) setPrevious(shown.data);
  const data = shown.data ?? (showPreviousWhileLoading ? previous : undefined);
  return { ...shown, data, retry, replace };
}
