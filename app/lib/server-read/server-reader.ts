/**
 * One read from the server as a screen shows it: loading, the answer or the
 * failure, a retry, and answers that arrive too late (the screen moved on to
 * another key, or went away) dropped. A read may keep its last answer in the
 * signed-in person's own database, so that the screen shows it offline, with
 * when it was fetched. Free of React, so it is tested on its own;
 * useServerRead binds it to a component.
 */
import type { ZodType } from 'zod';
import type { KeptReads } from './kept-reads';

export type ServerReadState<T> = {
  /** Which read this state answers (its key, and the person for a kept read). */
  identity: string | null;
  /** The server's answer, else the copy kept from before, else undefined. */
  data: T | undefined;
  /** When the server gave `data`. */
  fetchedAt: string | null;
  /** `data` is this visit's answer, not a copy kept from before. */
  fresh: boolean;
  /** Nothing to show yet, and the answer or the kept copy is on its way. */
  loading: boolean;
  /** Why the last request failed, while no newer one is under way; null otherwise. */
  error: unknown;
};

export type KeepOffline<T> = {
  /** The signed-in person: their answers are kept, and only in their own database. */
  owner: string;
  /** That person's kept reads, or null while their database is not open yet. */
  reads: KeptReads | null;
  /** What a kept copy must still look like to be shown: the app may have changed since it was kept. */
  schema: ZodType<T>;
};

export type ReadRequest<T> = {
  /** What is read: another key starts over. */
  key: string;
  fetch: () => Promise<T>;
  /** False while no answer can come (offline): nothing is asked, and it is asked when this turns true again. */
  ask: boolean;
  keep: KeepOffline<T> | null;
  /** Another value for the same key asks the server again, showing what there is meanwhile (the screen changed what it reads). */
  refresh?: unknown;
};

export const NOT_READ_YET: ServerReadState<never> = { identity: null, data: undefined, fetchedAt: null, fresh: false, loading: true, error: null };

export function identityOf(key: string, keep: Pick<KeepOffline<unknown>, 'owner'> | null): string {
  return keep ? `${keep.owner}/${key}` : key;
}

type Shown<T> = { data: T; fetchedAt: string; fresh: boolean };

export class ServerReader<T> {
  private state: ServerReadState<T> = NOT_READ_YET;
  private readonly listeners = new Set<() => void>();
  private request: ReadRequest<T> | null = null;
  private identity: string | null = null;
  // Each request and each look for a kept copy takes a round; an answer from an earlier round is dropped.
  private fetchRound = 0;
  private copyRound = 0;
  private shown: Shown<T> | null = null;
  private error: unknown = null;
  private fetching = false;
  private lookingForCopy = false;
  /** The answer fetched before the person's database was open, kept once it is. */
  private unkept: Shown<T> | null = null;

  constructor(private readonly now: () => Date = () => new Date()) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ServerReadState<T> => this.state;

  /** The screen shows `request`: a new key starts over; the same key catches up with what changed (the connection back, the person's database open). */
  show(request: ReadRequest<T>): void {
    const previous = this.request;
    const identity = identityOf(request.key, request.keep);
    this.request = request;
    if (identity !== this.identity) {
      this.identity = identity;
      this.fetchRound++;
      this.copyRound++;
      this.shown = null;
      this.unkept = null;
      this.error = null;
      this.fetching = false;
      this.lookingForCopy = false;
      this.lookForCopy();
      if (request.ask) this.ask();
      this.publish();
      return;
    }
    if (request.keep?.reads && request.keep.reads !== previous?.keep?.reads) {
      this.keepUnkept();
      this.lookForCopy();
    }
    if (request.ask && (!previous?.ask || request.refresh !== previous.refresh)) this.ask();
    if (!request.ask && previous?.ask) {
      // No answer can come now: one on its way, or why the last one failed, no longer says anything.
      this.fetchRound++;
      this.fetching = false;
      this.error = null;
    }
    this.publish();
  }

  /** Asks the server again, showing what there is meanwhile. */
  retry(): void {
    if (!this.request) return;
    this.ask();
    this.publish();
  }

  /**
   * Shows what a write answered, or the change it made, at once, until the
   * server's next answer; a kept copy stays as the server last gave it.
   */
  replace(change: (current: T) => T): void {
    if (!this.shown) return;
    this.shown = { ...this.shown, data: change(this.shown.data) };
    this.publish();
  }

  /** The screen went away: answers still on their way are dropped. */
  close(): void {
    this.fetchRound++;
    this.copyRound++;
    this.request = null;
    this.identity = null;
  }

  private ask(): void {
    const request = this.request!;
    const round = ++this.fetchRound;
    this.fetching = true;
    request.fetch().then(
      (data) => {
        if (round !== this.fetchRound) return;
        this.fetching = false;
        this.error = null;
        this.shown = { data, fetchedAt: this.now().toISOString(), fresh: true };
        // A copy still being looked up is older than this answer.
        this.copyRound++;
        this.lookingForCopy = false;
        this.unkept = this.shown;
        this.keepUnkept();
        this.publish();
      },
      (error: unknown) => {
        if (round !== this.fetchRound) return;
        this.fetching = false;
        this.error = error;
        this.publish();
      },
    );
  }

  private lookForCopy(): void {
    const request = this.request!;
    const keep = request.keep;
    this.lookingForCopy = keep !== null && this.shown?.fresh !== true;
    if (!keep?.reads || !this.lookingForCopy) return;
    const round = ++this.copyRound;
    keep.reads.get(request.key).then(
      (kept) => {
        if (round !== this.copyRound) return;
        this.lookingForCopy = false;
        const parsed = kept ? keep.schema.safeParse(kept.value) : null;
        if (kept && parsed?.success && !this.shown) this.shown = { data: parsed.data, fetchedAt: kept.savedAt, fresh: false };
        this.publish();
      },
      () => {
        if (round !== this.copyRound) return;
        this.lookingForCopy = false;
        this.publish();
      },
    );
  }

  private keepUnkept(): void {
    const request = this.request;
    const reads = request?.keep?.reads;
    if (!request || !reads || !this.unkept) return;
    const { data, fetchedAt } = this.unkept;
    this.unkept = null;
    // The database may close (a sign-out) while this is written: the copy then goes with it.
    reads.put({ key: request.key, value: data, savedAt: fetchedAt }).catch(() => undefined);
  }

  private publish(): void {
    const shown = this.shown;
    this.state = {
      identity: this.identity,
      data: shown?.data,
      fetchedAt: shown?.fetchedAt ?? null,
      fresh: shown?.fresh ?? false,
      loading: shown === null && (this.fetching || this.lookingForCopy),
      error: this.fetching ? null : this.error,
    };
    for (const listener of this.listeners) listener();
  }
}
