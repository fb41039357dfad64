/**
 * Queries built once per connection, then run with their values as
 * placeholders. The query builder otherwise writes a query's SQL anew on
 * every run, which for the widest selections (a session's user, an inquiry
 * with both parties: 30 to 60 columns) cost twenty times running the query.
 * Worth it for the queries nearly every request makes.
 */
import type { Db } from './database';

export function preparedPerConnection<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
