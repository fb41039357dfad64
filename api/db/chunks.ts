/**
 * A statement binds a bounded number of values (SQLite 32,766, PostgreSQL 65,535):
 * lists that grow with the input go in chunks, each well under either bound.
 */
const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
