/**
 * What a team owns among the synced collections: each server slice (api/registry.ts) names its table, owning columns
 * and what closing the account does, and the functions below take that list, so 'Download my data', closing an
 * account and whether a team holds business data cannot forget a collection; a test checks each collection's
 * deletions on both engines against it.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../database';

export type TeamTable = {
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

export function ownedBy(owners: TeamTable['owners'], teamId: string): SQL {
  const [first, ...rest] = owners.map((column) => eq(column, teamId));
  return rest.length === 0 ? first! : or(first, ...rest)!;
}

/** Every synced collection's rows of the team, by their exported names, for 'Download my data'. */
export async function exportTeamData(db: Db, teamId: string, tables: readonly TeamTable[]): Promise<Record<string, unknown[]>> {
  const exported = await Promise.all(
    tables.map(
      async (entry) =>
        [entry.exportedAs, entry.exported ? await entry.exported(db, teamId) : await db.select().from(entry.table).where(ownedBy(entry.owners, teamId)).all()] as const,
    ),
  );
  return Object.fromEntries(exported);
}

/** Deletes what a closed account's team owns and nobody else keeps; their triggers leave the tombstones devices need. */
export async function deleteClosedTeamData(db: Db, teamId: string, tables: readonly TeamTable[]): Promise<void> {
  for (const entry of tables) {
    if (entry.whenClosed === 'delete') await db.delete(entry.table).where(ownedBy(entry.owners, teamId)).run();
  }
}

/** Whether the team owns any row of a synced collection: its products, menus, saved menus, book, lists, messages or orders. */
export async function hasTeamData(db: Db, teamId: string, tables: readonly TeamTable[]): Promise<boolean> {
  for (const entry of tables) {
    if (await db.select({ one: entry.owners[0] }).from(entry.table).where(ownedBy(entry.owners, teamId)).limit(1).get()) return true;
  }
  return false;
}
