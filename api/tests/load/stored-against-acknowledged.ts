/**
 * What the database holds after a run, against what the devices were told
 * was applied: every product an acknowledged mutation made, with the
 * quantity its last acknowledged change set, and nothing besides.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { menuItems, menus, products, syncClients, users } from '../../db/schema';
import { isPostgres } from '../../db/sql-dialect';
import type { SellerDevice } from './seller-device';

export type StoredAgainstAcknowledged = {
  integrity: unknown;
  expectedProducts: number;
  missingProducts: number;
  productsNotAsAcknowledged: number;
  /** Rows no acknowledged mutation made: a mutation applied twice under a new id would show here. */
  unexpectedProducts: number;
  /** Devices whose processed sequence on the server is not the last one they were told of. */
  devicesBehind: number;
  menusMissing: number;
};

export async function storedAgainstAcknowledged(database: Database, sellers: SellerDevice[]): Promise<StoredAgainstAcknowledged> {
  const db = database.read;
  const rows = new Map((await db.select({ id: products.id, userId: products.userId, quantity: products.availableThousandths }).from(products).all()).map((row) => [row.id, row]));
  const lastSeqs = new Map((await db.select().from(syncClients).all()).map((client) => [client.clientId, client.lastSeq]));
  const links = new Set((await db.select({ link: menus.publicLinkId }).from(menus).all()).map((menu) => menu.link));

  const expected = sellers.flatMap((seller) => [...seller.expectedQuantities].map(([id, quantity]) => ({ id, userId: seller.userId, quantity })));
  const expectedIds = new Set(expected.map((product) => product.id));
  return {
    integrity: await integrityOf(db),
    expectedProducts: expected.length,
    missingProducts: expected.filter((want) => !rows.has(want.id)).length,
    productsNotAsAcknowledged: expected.filter((want) => {
      const row = rows.get(want.id);
      return row !== undefined && (row.userId !== want.userId || row.quantity !== want.quantity);
    }).length,
    unexpectedProducts: [...rows.keys()].filter((id) => !expectedIds.has(id)).length,
    devicesBehind: sellers.filter((seller) => lastSeqs.get(seller.clientId) !== seller.acknowledgedSeq).length,
    menusMissing: sellers.filter((seller) => !links.has(seller.publicLinkId)).length,
  };
}

/**
 * SQLite's own check of its file after processes were killed mid-write:
 * 'ok' when sound. PostgreSQL's write-ahead log keeps its files sound by
 * itself; there the check is that every row refers to what exists.
 */
async function integrityOf(db: Db): Promise<string> {
  if (!isPostgres(db)) return (await db.get<{ integrity_check: string }>(sql`PRAGMA integrity_check`))?.integrity_check ?? 'no answer';
  const orphans = await db.get<{ n: number }>(
    sql`SELECT (SELECT count(*) FROM ${products} p WHERE NOT EXISTS (SELECT 1 FROM ${users} u WHERE u.id = p.user_id))
      + (SELECT count(*) FROM ${menuItems} mi WHERE NOT EXISTS (SELECT 1 FROM ${products} p WHERE p.id = mi.product_id)) AS n`,
  );
  return orphans?.n === 0 ? 'ok' : `${orphans?.n} rows refer to rows that do not exist`;
}
