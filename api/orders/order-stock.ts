/**
 * Stock an order holds: accepting takes each line's quantity off the product's available quantity with one guarded
 * UPDATE per line (it changes nothing when less is left), so two acceptances racing for the last units cannot both
 * win and stock never goes below zero; cancelling and short deliveries give back. The products' versions move with
 * the stock, so devices and open menus see it.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { formatScaled, parseScaled, QUANTITY_RULE } from '../../sync/rules/decimal';
import type { OrderLine } from '../../sync/entities/order';
import { AppError, type StockShortfall } from '../../sync/contract/errors';
import type { Tx } from '../db/database';
import { products } from '../db/schema';

/** A quantity to hold or give back, in thousandths. */
export type StockChange = { productId: string; strainName: string; thousandths: number };

export function thousandthsOf(quantity: string): number {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  if (!parsed.ok) throw new Error(`Unvalidated quantity reached the stock: ${quantity}`);
  return parsed.scaled;
}

const plain = (thousandths: number) => formatScaled(thousandths, 3).replace(/\.?0+$/, '');

/** What the lines hold: each line's quantity, or what was delivered once it was. */
export function heldBy(lines: OrderLine[]): StockChange[] {
  return lines.map((line) => ({ productId: line.productId, strainName: line.strainName, thousandths: thousandthsOf(line.deliveredQuantity ?? line.quantity) }));
}

/** Holds every change or none: when one cannot be held, answers 409 with every line short of stock (the transaction rolls back the others). */
export async function holdStock(tx: Tx, changes: StockChange[], now: Date): Promise<void> {
  const short: Array<{ productId: string }> = [];
  for (const change of changes) {
    if (change.thousandths <= 0) continue;
    const held = await tx.db
      .update(products)
      .set({ availableThousandths: sql`${products.availableThousandths} - ${change.thousandths}`, version: tx.version, updatedAt: now })
      .where(and(eq(products.id, change.productId), gte(products.availableThousandths, change.thousandths)))
      .returning({ id: products.id })
      .get();
    if (!held) short.push({ productId: change.productId });
  }
  if (short.length === 0) return;
  const shortChanges = changes.filter((change) => short.some((line) => line.productId === change.productId));
  throw stockRefusal(await shortOfStock(tx, shortChanges));
}

/** The changes more than is in stock now: checked when an order is submitted, so an order that cannot be filled is refused at once. */
export async function shortOfStock(tx: Tx, changes: StockChange[]): Promise<StockShortfall[]> {
  if (changes.length === 0) return [];
  const rows = await tx.db
    .select({ id: products.id, available: products.availableThousandths })
    .from(products)
    .where(
      inArray(
        products.id,
        changes.map((change) => change.productId),
      ),
    )
    .all();
  return shortfalls(changes, new Map(rows.map((row) => [row.id, row.available])));
}

/** The changes more than `available` (thousandths by product; a product not there has none). */
export function shortfalls(changes: StockChange[], available: ReadonlyMap<string, number>): StockShortfall[] {
  return changes
    .filter((change) => change.thousandths > (available.get(change.productId) ?? 0))
    .map((change) => ({
      productId: change.productId,
      strainName: change.strainName,
      requested: plain(change.thousandths),
      available: plain(Math.max(available.get(change.productId) ?? 0, 0)),
    }));
}

export function stockRefusal(lines: StockShortfall[]): AppError {
  const names = lines.map((line) => `${line.strainName} (${line.available} left)`).join(', ');
  return new AppError('insufficient_stock', `Not enough in stock for ${names}`, undefined, lines);
}

/** Puts quantities back on the products that still exist. */
export async function giveBackStock(tx: Tx, changes: StockChange[], now: Date): Promise<void> {
  for (const change of changes) {
    if (change.thousandths <= 0) continue;
    await tx.db
      .update(products)
      .set({ availableThousandths: sql`${products.availableThousandths} + ${change.thousandths}`, version: tx.version, updatedAt: now })
      .where(eq(products.id, change.productId))
      .run();
  }
}

/** Holds what `after` takes beyond `before`, and gives back what it takes less, product by product. */
export async function adjustStock(tx: Tx, before: StockChange[], after: StockChange[], now: Date): Promise<void> {
  const delta = new Map<string, StockChange>();
  for (const change of after) delta.set(change.productId, { ...change });
  for (const change of before) {
    const entry = delta.get(change.productId) ?? { ...change, thousandths: 0 };
    delta.set(change.productId, { ...entry, thousandths: entry.thousandths - change.thousandths });
  }
  const changes = [...delta.values()];
  await giveBackStock(
    tx,
    changes.filter((change) => change.thousandths < 0).map((change) => ({ ...change, thousandths: -change.thousandths })),
    now,
  );
  await holdStock(
    tx,
    changes.filter((change) => change.thousandths > 0),
    now,
  );
}
