/**
 * A pooled PostgreSQL client lent to one transaction or snapshot while its
 * work runs. Its queries run one at a time (a client takes one query at a
 * time; work may start several together). Savepoints cost a round trip each
 * way, and a sync push opens one per mutation with the domain's own nested
 * inside, so they are sent only when a query runs inside them, and one
 * opened where nothing ran since the enclosing one shares it.
 */
import type pg from 'pg';
import { SerialQueue } from '../serial-queue';
import type { Queryable } from './postgres-drizzle';

export type Savepoint = { name: string; sent: boolean; sharedWith?: Savepoint };

export class LeasedClient {
  /** False once the transaction ends: work it left running falls back to the pool. */
  open = true;
  private readonly queries = new SerialQueue();
  /** Begun, in nesting order, with no query run inside them yet. */
  private readonly unsent: Savepoint[] = [];
  private count = 0;

  constructor(readonly client: pg.PoolClient) {}

  /** For the work's queries: each after the savepoints it runs inside are on the server. */
  readonly queryable: Queryable = {
    query: ((config: pg.QueryConfig) =>
      this.queries.run(async () => {
        await this.sendSavepoints();
        return this.client.query(config);
      })) as Queryable['query'],
  };

  private async sendSavepoints(): Promise<void> {
    for (let savepoint = this.unsent.shift(); savepoint; savepoint = this.unsent.shift()) {
      await this.client.query(`SAVEPOINT ${savepoint.name}`);
      savepoint.sent = true;
    }
  }

  /** Ends the transaction with COMMIT or ROLLBACK, after the queries already queued; later ones go to the pool. */
  finish(statement: 'COMMIT' | 'ROLLBACK'): Promise<unknown> {
    this.open = false;
    return this.queries.run(() => this.client.query(statement));
  }

  beginSavepoint(): Savepoint {
    const enclosing = this.unsent.at(-1);
    // Nothing ran since the enclosing savepoint began: rolling back to it undoes exactly this one's work.
    if (enclosing) return { name: enclosing.name, sent: false, sharedWith: enclosing };
    const savepoint = { name: `sp_${++this.count}`, sent: false };
    this.unsent.push(savepoint);
    return savepoint;
  }

  /** Keeps the savepoint's work (`release`) or undoes it (`rollback`); one no query reached has nothing to undo. */
  endSavepoint(savepoint: Savepoint, outcome: 'release' | 'rollback'): Promise<void> {
    return this.queries.run(async () => {
      const shared = savepoint.sharedWith;
      if (shared) {
        if (outcome === 'rollback' && shared.sent) await this.client.query(`ROLLBACK TO SAVEPOINT ${shared.name}`);
        return;
      }
      if (!savepoint.sent) {
        const index = this.unsent.indexOf(savepoint);
        if (index >= 0) this.unsent.splice(index, 1);
        return;
      }
      if (outcome === 'rollback') await this.client.query(`ROLLBACK TO SAVEPOINT ${savepoint.name}`);
      await this.client.query(`RELEASE SAVEPOINT ${savepoint.name}`);
    });
  }
}
