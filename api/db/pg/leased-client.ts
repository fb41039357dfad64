/**
 * A pooled PostgreSQL client lent to one transaction or snapshot while its
 * work runs, on a pipelining connection: queries go out in the order asked
 * without waiting for the answers before them (the server runs them in that
 * order), so what does not need an answer first costs no round trip.
 *
 * A sync push opens a savepoint per mutation (with the domain's own nested
 * inside). A savepoint is sent only when a query runs inside it (one opened
 * where nothing ran since the enclosing one shares it), and its release or
 * rollback waits for the next statement: they go together in one message,
 * pipelined ahead of that statement. A push then waits for one round trip
 * per write, as the same writes in one plain transaction would. Statements
 * still waiting when the transaction ends go with its COMMIT, so a rollback
 * to a savepoint is never skipped; if they fail, every later query and the
 * COMMIT fail with them.
 */
import type pg from 'pg';
import { SerialQueue } from '../serial-queue';
import type { Queryable } from './postgres-drizzle';

export type Savepoint = { name: string; sent: boolean; sharedWith?: Savepoint };

/**
 * Statements a connection keeps parsed and planned, by their text: a query
 * sent again by name skips the server's parsing and planning. Bounded per
 * connection (texts vary with the length of id lists), beyond which queries
 * go unnamed as before.
 */
const PREPARED_PER_CONNECTION = 200;
const preparedNames = new WeakMap<pg.PoolClient, Map<string, string>>();

function withPreparedName(client: pg.PoolClient, config: pg.QueryConfig): pg.QueryConfig {
  let names = preparedNames.get(client);
  if (!names) preparedNames.set(client, (names = new Map()));
  let name = names.get(config.text);
  if (name === undefined && names.size < PREPARED_PER_CONNECTION) names.set(config.text, (name = `menus_${names.size + 1}`));
  return name === undefined ? config : { ...config, name };
}

export class LeasedClient {
  /** False once the transaction ends: work it left running falls back to the pool. */
  open = true;
  private readonly queries = new SerialQueue();
  /** Begun, in nesting order, with no query run inside them yet. */
  private readonly unsent: Savepoint[] = [];
  /** Releases and rollbacks of savepoints, in order, not yet sent. */
  private readonly waiting: string[] = [];
  /** Why the waiting statements failed: the transaction can only roll back now. */
  private failed: unknown;
  private count = 0;

  constructor(readonly client: pg.PoolClient) {}

  /**
   * For the work's queries, sent in the order asked. The connection
   * pipelines: a query goes out without waiting for the answers before it
   * (the server still runs them in order), so the savepoint statements
   * before a query, and queries the work starts together, cost no round trip
   * of their own.
   */
  readonly queryable: Queryable = {
    query: ((config: pg.QueryConfig) => {
      let answer!: Promise<pg.QueryResult>;
      return this.queries
        .run(async () => {
          answer = this.send(config);
          // Answered later; its failure reaches whoever awaits it.
          answer.catch(() => undefined);
        })
        .then(() => answer);
    }) as Queryable['query'],
  };

  private send(config: pg.QueryConfig): Promise<pg.QueryResult> {
    if (this.failed) return Promise.reject(this.failed);
    // Held back while both are written, so that they leave in one packet: each write to the socket costs a system call and wakes the server.
    const socket = (this.client as unknown as pg.Client).connection.stream;
    socket.cork();
    let before: Promise<void> | undefined;
    let answer: Promise<pg.QueryResult>;
    try {
      before = this.sendWaiting();
      answer = this.client.query(withPreparedName(this.client, config));
    } finally {
      socket.uncork();
    }
    if (!before) return answer;
    return before.then(
      () => answer,
      (error: unknown) => {
        answer.catch(() => undefined);
        throw error;
      },
    );
  }

  /** Sends the waiting savepoint statements as one message, when there are any; if they fail, so does everything after them. */
  private sendWaiting(): Promise<void> | undefined {
    const savepoints = this.unsent.splice(0);
    const statements = [...this.waiting.splice(0), ...savepoints.map((savepoint) => `SAVEPOINT ${savepoint.name}`)];
    if (statements.length === 0) return undefined;
    for (const savepoint of savepoints) savepoint.sent = true;
    return this.client.query(statements.join('; ')).then(
      () => undefined,
      (error: unknown) => {
        this.failed ??= error;
        throw error;
      },
    );
  }

  /**
   * Ends the transaction with COMMIT (after the waiting statements) or
   * ROLLBACK, after the queries already sent; later ones go to the pool. A
   * COMMIT that the server turned into a ROLLBACK (the work carried on past
   * a failed query) fails, so a write is never reported that was not kept.
   */
  finish(statement: 'COMMIT' | 'ROLLBACK'): Promise<unknown> {
    this.open = false;
    return this.queries.run(async () => {
      if (statement === 'ROLLBACK') return this.client.query('ROLLBACK');
      if (this.failed) throw this.failed;
      const answer = (await this.client.query([...this.waiting.splice(0), 'COMMIT'].join('; '))) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(answer) ? answer.at(-1) : answer;
      if (last?.command !== 'COMMIT') throw new Error(`The transaction was rolled back (the server answered ${last?.command} to COMMIT)`);
      return answer;
    });
  }

  /** Sends `statement` (a snapshot's BEGIN, say) with the first query, in the same packet, instead of waiting for its answer first. */
  sendWithFirstQuery(statement: string): void {
    this.waiting.push(statement);
  }

  beginSavepoint(): Savepoint {
    const enclosing = this.unsent.at(-1);
    // Nothing ran since the enclosing savepoint began: rolling back to it undoes exactly this one's work.
    if (enclosing) return { name: enclosing.name, sent: false, sharedWith: enclosing };
    const savepoint = { name: `sp_${++this.count}`, sent: false };
    this.unsent.push(savepoint);
    return savepoint;
  }

  /** Keeps the savepoint's work (`release`) or undoes it (`rollback`), with the next statement; one no query reached has nothing to undo. */
  endSavepoint(savepoint: Savepoint, outcome: 'release' | 'rollback'): Promise<void> {
    return this.queries.run(() => {
      const shared = savepoint.sharedWith;
      if (shared) {
        if (outcome === 'rollback' && shared.sent) this.waiting.push(`ROLLBACK TO SAVEPOINT ${shared.name}`);
        return Promise.resolve();
      }
      if (!savepoint.sent) {
        const index = this.unsent.indexOf(savepoint);
        if (index >= 0) this.unsent.splice(index, 1);
        return Promise.resolve();
      }
      if (outcome === 'rollback') this.waiting.push(`ROLLBACK TO SAVEPOINT ${savepoint.name}`);
      this.waiting.push(`RELEASE SAVEPOINT ${savepoint.name}`);
      return Promise.resolve();
    });
  }
}
