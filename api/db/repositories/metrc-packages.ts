/** The copy of a team's Metrc packages (api/db/schema/integrations.ts). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { metrcPackages } from '../schema';

export type MetrcPackageRow = typeof metrcPackages.$inferSelect;

/** The packages Metrc lists as active, by item name then label. */
export async function listActiveMetrcPackages(db: Db, teamId: string): Promise<MetrcPackageRow[]> {
  return db
    .select()
    .from(metrcPackages)
    .where(and(eq(metrcPackages.teamId, teamId), eq(metrcPackages.finished, false)))
    .orderBy(asc(metrcPackages.itemName), asc(metrcPackages.label))
    .all();
}

/**
 * Writes what Metrc said of each package, by its label: read again, a package is updated, never doubled, and keeps the
 * product it is linked to. Answers the products linked to the packages written, which follow them.
 */
export async function saveMetrcPackages(db: Db, rows: MetrcPackageRow[]): Promise<string[]> {
  const linked = new Set<string>();
  for (const row of rows) {
    const { teamId, label, productId, ...fields } = row;
    const saved = await db
      .insert(metrcPackages)
      .values(row)
      .onConflictDoUpdate({ target: [metrcPackages.teamId, metrcPackages.label], set: fields })
      .returning({ productId: metrcPackages.productId })
      .get();
    if (saved?.productId) linked.add(saved.productId);
  }
  return [...linked];
}

export async function deleteMetrcPackages(db: Db, teamId: string): Promise<void> {
  await db.delete(metrcPackages).where(eq(metrcPackages.teamId, teamId)).run();
}

/** The team's copies of these packages, by label (those it has). */
export async function findMetrcPackages(db: Db, teamId: string, labels: readonly string[]): Promise<Map<string, MetrcPackageRow>> {
  if (labels.length === 0) return new Map();
  const rows = await db
    .select()
    .from(metrcPackages)
    .where(and(eq(metrcPackages.teamId, teamId), inArray(metrcPackages.label, [...labels])))
    .all();
  return new Map(rows.map((row) => [row.label, row]));
}

/** Every package linked to one of these products, finished ones included. */
export async function packagesLinkedTo(db: Db, teamId: string, productIds: readonly string[]): Promise<MetrcPackageRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(metrcPackages)
    .where(and(eq(metrcPackages.teamId, teamId), inArray(metrcPackages.productId, [...productIds])))
    .all();
}

export async function linkMetrcPackages(db: Db, teamId: string, labels: readonly string[], productId: string): Promise<void> {
  if (labels.length === 0) return;
  await db
    .update(metrcPackages)
    .set({ productId })
    .where(and(eq(metrcPackages.teamId, teamId), inArray(metrcPackages.label, [...labels])))
    .run();
}
