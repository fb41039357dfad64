/**
 * What the database file holds after a run, against what the devices were
 * told was applied: every product an acknowledged mutation made, with the
 * quantity its last acknowledged change set, and nothing besides.
 */
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '../db/schema';
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

export function storedAgainstAcknowledged(databaseFile: string, sellers: SellerDevice[]): StoredAgainstAcknowledged {
  const connection = new BetterSqlite3(databaseFile, { readonly: true });
  try {
    const db = drizzle(connection, { schema });
    const { products, syncClients, menus } = schema;
    const rows = new Map(db.select({ id: products.id, userId: products.userId, quantity: products.availableThousandths }).from(products).all().map((row) => [row.id, row]));
    const lastSeqs = new Map(db.select().from(syncClients).all().map((client) => [client.clientId, client.lastSeq]));
    const links = new Set(db.select({ link: menus.publicLinkId }).from(menus).all().map((menu) => menu.link));

    const expected = sellers.flatMap((seller) => [...seller.expectedQuantities].map(([id, quantity]) => ({ id, userId: seller.userId, quantity })));
    const expectedIds = new Set(expected.map((product) => product.id));
    return {
      integrity: connection.pragma('integrity_check', { simple: true }),
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
  } finally {
    connection.close();
  }
}
