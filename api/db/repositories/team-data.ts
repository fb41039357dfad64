/**
 * What a team owns among the synced collections, one entry per collection: the compiler refuses a collection left out.
 * 'Download my data', closing an account and whether a team holds business data are derived from it, and a test
 * checks each collection's deletions on both engines against it, so a new entity cannot be forgotten by one of them.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { CollectionName } from '../../../sync/contract/collections';
import type { Db } from '../database';
import { customers, inquiries, inquiryMessages, menuItems, menus, orders, priceLists, products, savedMenus } from '../schema';

type TeamTable = {
  table: SQLiteTable;
  /** The columns that name the owning team: a row is the team's when any of them holds its id. */
  owners: [SQLiteColumn, ...SQLiteColumn[]];
  /**
   * What closing the account does to the rows: 'delete' takes them away; 'keep' leaves them to the other party, who
   * keeps the conversation or the order (the closed side shows by its business name alone).
   */
  whenClosed: 'delete' | 'keep';
  /**
   * How a deleted row leaves devices: 'trigger', a database trigger writes its tombstone with its owner; 'withdrawal',
   * rows are never deleted and leave a device only when its member may no longer see them (see `readWithdrawnRows`).
   */
  deletion: 'trigger' | 'withdrawal';
  /** The name of the rows in 'Download my data'. */
  exportedAs: string;
  /** How the rows are exported when more than the row itself belongs with them. */
  exported?: (db: Db, teamId: string) => Promise<unknown[]>;
};

/** In the order closing deletes them: menus before the products they show, the book before the lists it names. */
export const TEAM_DATA = {
  menus: {
    table: menus,
    owners: [menus.userId],
    whenClosed: 'delete',
    deletion: 'trigger',
    exportedAs: 'menus',
    exported: async (db, teamId) =>
      Promise.all(
        (await db.select().from(menus).where(eq(menus.userId, teamId)).all()).map(async (menu) => ({
          ...menu,
          productIds: (await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id)).all()).sort((a, b) => a.position - b.position).map((item) => item.productId),
        })),
      ),
  },
  savedMenus: { table: savedMenus, owners: [savedMenus.buyerUserId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'savedMenus' },
  inquiries: {
    table: inquiries,
    owners: [inquiries.buyerId, inquiries.sellerId],
    whenClosed: 'keep',
    deletion: 'withdrawal',
    exportedAs: 'conversations',
    exported: async (db, teamId) =>
      Promise.all(
        (
          await db
            .select()
            .from(inquiries)
            .where(ownedBy([inquiries.buyerId, inquiries.sellerId], teamId))
            .all()
        ).map(async (inquiry) => ({
          ...inquiry,
          messages: await db.select().from(inquiryMessages).where(eq(inquiryMessages.inquiryId, inquiry.id)).all(),
        })),
      ),
  },
  customers: { table: customers, owners: [customers.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'customers' },
  priceLists: { table: priceLists, owners: [priceLists.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'priceLists' },
  products: { table: products, owners: [products.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'products' },
  orders: { table: orders, owners: [orders.sellerId, orders.buyerId], whenClosed: 'keep', deletion: 'withdrawal', exportedAs: 'orders' },
} satisfies { [K in CollectionName]: TeamTable };

const TEAM_TABLES: TeamTable[] = Object.values(TEAM_DATA);

function ownedBy(owners: TeamTable['owners'], teamId: string): SQL {
  const [first, ...rest] = owners.map((column) => eq(column, teamId));
  return rest.length === 0 ? first! : or(first, ...rest)!;
}

/** Every synced collection's rows of the team, by their exported names, for 'Download my data'. */
export async function exportTeamData(db: Db, teamId: string): Promise<Record<string, unknown[]>> {
  const exported = await Promise.all(
    TEAM_TABLES.map(
      async (entry) =>
        [entry.exportedAs, entry.exported ? await entry.exported(db, teamId) : await db.select().from(entry.table).where(ownedBy(entry.owners, teamId)).all()] as const,
    ),
  );
  return Object.fromEntries(exported);
}

/** Deletes what a closed account's team owns and nobody else keeps; their triggers leave the tombstones devices need. */
export async function deleteClosedTeamData(db: Db, teamId: string): Promise<void> {
  for (const entry of TEAM_TABLES) {
    if (entry.whenClosed === 'delete') await db.delete(entry.table).where(ownedBy(entry.owners, teamId)).run();
  }
}

/** Whether the team owns any row of a synced collection: its products, menus, saved menus, book, lists, messages or orders. */
export async function hasTeamData(db: Db, teamId: string): Promise<boolean> {
  for (const entry of TEAM_TABLES) {
    if (await db.select({ one: entry.owners[0] }).from(entry.table).where(ownedBy(entry.owners, teamId)).limit(1).get()) return true;
  }
  return false;
}
