/**
 * Products from Metrc packages (docs/metrc.md), with no double entry: a product made from each package chosen
 * (name, category and unit from its item, stock from its quantity, its tag, batch and lab state), or every chosen
 * package linked to one product of the catalogue. A package imported again updates its product, never a second one.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../sync/contract/errors';
import type { MetrcImportInput } from '../../sync/entities/metrc';
import { productCreateSchema, type Product } from '../../sync/entities/product';
import type { User } from '../../sync/entities/user';
import { categoryOfMetrcPackage, unitOfMetrcPackage } from '../../sync/rules/metrc-packages';
import { assertSellerMayWrite } from '../billing/entitlement-gate';
import type { Member, Services, Session } from '../context';
import type { Tx } from '../db/database';
import { findMetrcPackages, linkMetrcPackages, type MetrcPackageRow } from '../db/repositories/metrc-packages';
import { findProduct, insertProducts } from '../db/repositories/products';
import { ownedProduct } from '../products/product-service';
import { requireMetrcConnection } from './metrc-connection-service';
import { followLinkedPackages } from './metrc-linked-products';
import { thousandthsAsQuantity } from '../../sync/rules/decimal';

export async function importMetrcPackages(services: Services, session: Pick<Session, 'user' | 'team'>, input: MetrcImportInput): Promise<{ products: Product[] }> {
  const seller = session.team.account;
  const by: Member = { userId: session.user.id, role: session.team.role };
  assertSellerMayWrite(seller, services.now());
  await requireMetrcConnection(services, seller.id);
  return services.db.transaction(async (tx) => {
    const packages = await activePackages(tx, seller.id, input.labels);
    const productIds = input.productId ? await linkToProduct(tx, seller, packages, input.productId) : await productsOfPackages(tx, seller.id, packages, by, services.now());
    return { products: await followLinkedPackages(tx, seller.id, productIds, services.now()) };
  });
}

/** The copies of the packages named, each active; a tag the copy lacks is refused by name (read the packages again). */
async function activePackages(tx: Tx, teamId: string, labels: string[]): Promise<MetrcPackageRow[]> {
  const found = await findMetrcPackages(tx.db, teamId, labels);
  const missing = labels.filter((label) => !found.get(label) || found.get(label)!.finished);
  if (missing.length > 0) {
    const message = `Package ${missing[0]} is not among the facility's active packages in Metrc: read the packages again.`;
    throw new AppError('conflict', message, { labels: message });
  }
  return labels.map((label) => found.get(label)!);
}

/** One product per package: the one it was imported as (if it still exists), else a new one. */
async function productsOfPackages(tx: Tx, teamId: string, packages: MetrcPackageRow[], by: Member, now: Date): Promise<string[]> {
  const productIds: string[] = [];
  const created: { id: string; row: MetrcPackageRow }[] = [];
  for (const row of packages) {
    const existing = row.productId ? await findProduct(tx.db, row.productId) : null;
    if (existing) productIds.push(existing.id);
    else created.push({ id: randomUUID(), row });
  }
  const fields = created.map(({ id, row }) => ({
    ...productCreateSchema.parse({ strainName: row.itemName, category: categoryOfMetrcPackage(row.category), unitType: unitOf(row) }),
    id,
  }));
  await insertProducts(
    tx.db,
    fields.map(({ selectedMenus: _menus, ...product }) => ({ ...product, availableQuantity: thousandthsAsQuantity(0), userId: teamId, createdBy: by.userId })),
    tx.version,
    now,
  );
  for (const { id, row } of created) await linkMetrcPackages(tx.db, teamId, [row.label], id);
  return [...productIds, ...created.map(({ id }) => id)];
}

/** Every package named, linked to one product of the catalogue counted in the packages' unit; the products they leave are answered too. */
async function linkToProduct(tx: Tx, seller: User, packages: MetrcPackageRow[], productId: string): Promise<string[]> {
  const product = await ownedProduct(tx, seller, productId);
  const otherUnit = packages.find((row) => unitOfMetrcPackage(row.unitOfMeasure) !== product.unitType);
  if (otherUnit) {
    throw new AppError(
      'conflict',
      `Package ${otherUnit.label} is counted in ${otherUnit.unitOfMeasure}, and ${product.strainName} in ${product.unitType}: link it to a product counted the same way.`,
    );
  }
  await linkMetrcPackages(
    tx.db,
    seller.id,
    packages.map((row) => row.label),
    productId,
  );
  // A product a package leaves follows what it still has.
  const left = packages.flatMap((row) => (row.productId && row.productId !== productId ? [row.productId] : []));
  return [productId, ...left];
}

/** The product's unit for the package: one no product here is counted in is refused by the package's tag. */
function unitOf(row: MetrcPackageRow) {
  const unit = unitOfMetrcPackage(row.unitOfMeasure);
  if (!unit) throw new AppError('conflict', `Package ${row.label} is counted in ${row.unitOfMeasure}, which no product here is counted in.`);
  return unit;
}
