/** Products in SQLite: exact decimals are stored as scaled integers and handed out as decimal strings. */
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatScaled, parseScaled, PERCENT_RULE, PRICE_RULE, QUANTITY_RULE, type DecimalRule } from '../../../sync/rules/decimal';
import type { Product } from '../../../sync/entities/product';
import type { Db } from '../database';
import { keysetOf, pageOf, type KeysetPage, type PageRequest } from '../keyset-page';
import { preparedPerConnection } from '../prepared';
import { products } from '../schema';

type ProductRow = typeof products.$inferSelect;

/** What only Metrc sets (docs/metrc.md): a product the seller adds has none of it. */
type MetrcFields = 'metrcPackageLabel' | 'batchNumber' | 'labTestingState';

/** A product's writable fields as the domain passes them: decimals as normalised strings. */
export type ProductFields = Omit<Product, 'id' | 'userId' | 'createdAt' | 'updatedAt' | MetrcFields> & Partial<Pick<Product, MetrcFields>>;

const scaledOrNull = (value: number | null, scale: number) => (value === null ? null : formatScaled(value, scale));

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    userId: row.userId,
    strainName: row.strainName,
    description: row.description,
    category: row.category,
    thcPercentage: scaledOrNull(row.thcHundredths, 2),
    cbdPercentage: scaledOrNull(row.cbdHundredths, 2),
    thcBelowDetection: row.thcBelowDetection,
    cbdBelowDetection: row.cbdBelowDetection,
    pricePerUnit: scaledOrNull(row.priceCents, 2),
    unitType: row.unitType,
    availableQuantity: formatScaled(row.availableThousandths, 3),
    lotSize: row.lotSize,
    photoUrl: row.photoUrl,
    photoIds: row.photoIds,
    labResultId: row.labResultId,
    sku: row.sku,
    metrcPackageLabel: row.metrcPackageLabel,
    batchNumber: row.batchNumber,
    labTestingState: row.labTestingState,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function scaled(value: string, rule: DecimalRule): number {
  const parsed = parseScaled(value, rule);
  if (!parsed.ok) throw new Error(`Unvalidated decimal reached the database layer: ${value}`);
  return parsed.scaled;
}

function toColumns(fields: Partial<ProductFields>) {
  const { thcPercentage, cbdPercentage, pricePerUnit, availableQuantity, ...rest } = fields;
  return {
    ...rest,
    ...(thcPercentage !== undefined && { thcHundredths: thcPercentage === null ? null : scaled(thcPercentage, PERCENT_RULE) }),
    ...(cbdPercentage !== undefined && { cbdHundredths: cbdPercentage === null ? null : scaled(cbdPercentage, PERCENT_RULE) }),
    ...(pricePerUnit !== undefined && { priceCents: pricePerUnit === null ? null : scaled(pricePerUnit, PRICE_RULE) }),
    ...(availableQuantity !== undefined && { availableThousandths: scaled(availableQuantity, QUANTITY_RULE) }),
  };
}

export async function listProductsByOwner(db: Db, userId: string): Promise<Product[]> {
  return (await db.select().from(products).where(eq(products.userId, userId)).orderBy(desc(products.createdAt)).all()).map(toProduct);
}

/** Asked for every product a push creates or changes. */
const productById = preparedPerConnection((db) =>
  db
    .select()
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare(),
);

export async function findProduct(db: Db, id: string): Promise<Product | null> {
  const row = await productById(db).get({ id });
  return row ? toProduct(row) : null;
}

/** The seller's product carrying `sku`, if any: SKUs are unique within a catalogue. */
export async function findProductBySku(db: Db, userId: string, sku: string): Promise<Product | null> {
  const row = await db
    .select()
    .from(products)
    .where(and(eq(products.userId, userId), eq(products.sku, sku)))
    .get();
  return row ? toProduct(row) : null;
}

/** The seller's products carrying any of `skus`, by SKU. */
export async function findProductsBySkus(db: Db, userId: string, skus: string[]): Promise<Map<string, Product>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.sku, skus)))
    .all();
  return new Map(rows.map((row) => [row.sku!, toProduct(row)]));
}

export async function findProductsByIds(db: Db, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return (await db.select().from(products).where(inArray(products.id, ids)).all()).map(toProduct);
}

/** Many new products in one statement: those written, by id; one whose id a product already has is left out (and nothing of it written). */
export async function insertProducts(
  db: Db,
  rows: (ProductFields & { id: string; userId: string; createdBy: string })[],
  version: number,
  now: Date,
): Promise<Map<string, Product>> {
  if (rows.length === 0) return new Map();
  const written = await db
    .insert(products)
    .values(
      rows.map((product) => ({
        ...toColumns(product),
        id: product.id,
        userId: product.userId,
        strainName: product.strainName,
        createdBy: product.createdBy,
        updatedBy: product.createdBy,
        version,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: products.id })
    .returning()
    .all();
  return new Map(written.map((row) => [row.id, toProduct(row)]));
}

/** `updatedBy`: the member who changed it. */
export async function updateProduct(db: Db, id: string, fields: Partial<ProductFields>, updatedBy: string, version: number, now: Date): Promise<Product> {
  const row = await db
    .update(products)
    .set({ ...toColumns(fields), updatedBy, version, updatedAt: now })
    .where(eq(products.id, id))
    .returning()
    .get();
  return toProduct(row);
}

/** What Metrc says of a product's packages, written as Metrc's change: no member is recorded as having made it. */
export async function setProductFromMetrc(
  db: Db,
  id: string,
  fields: Required<Pick<ProductFields, 'availableQuantity' | MetrcFields>>,
  version: number,
  now: Date,
): Promise<Product> {
  const row = await db
    .update(products)
    .set({ ...toColumns(fields), version, updatedAt: now })
    .where(eq(products.id, id))
    .returning()
    .get();
  return toProduct(row);
}

export async function deleteProduct(db: Db, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id)).run();
}

/** Asked by every pull of a seller. */
const productsChangedSince = preparedPerConnection((db) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.userId, sql.placeholder('userId')), gt(products.version, sql.placeholder('cursor'))))
    .orderBy(asc(products.version))
    .prepare(),
);

/** The seller's products changed after change-clock value `cursor`. */
export async function listProductsChangedSince(db: Db, userId: string, cursor: number): Promise<Product[]> {
  return (await productsChangedSince(db).all({ userId, cursor })).map(toProduct);
}

/** A page of the seller's products, newest change first, for a pull from nothing. */
export async function listProductsPage(db: Db, userId: string, page: PageRequest): Promise<KeysetPage<Product>> {
  const { where, orderBy } = keysetOf(products.version, products.id, page);
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.userId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1)
    .all();
  return pageOf(rows, page, toProduct);
}

/** Sets the cover address (derived from the gallery) and marks the product changed. */
export async function setProductCover(db: Db, id: string, photoUrl: string | null, version: number, now: Date): Promise<void> {
  await db.update(products).set({ photoUrl, version, updatedAt: now }).where(eq(products.id, id)).run();
}

export async function countProductsOfOwner(db: Db, userId: string): Promise<number> {
  return (await db.select({ n: count() }).from(products).where(eq(products.userId, userId)).get())?.n ?? 0;
}
