/**
 * Products follow the Metrc packages linked to them (docs/metrc.md): their stock is what the unfinished packages
 * hold (none left: sold out), and they name the package to sell first with its batch and lab state. Written only when
 * something changed, so a read of Metrc that found nothing new sends devices nothing.
 */
import type { Product } from '../../sync/entities/product';
import { packageToSellFirst, stockOfLinkedPackages } from '../../sync/rules/metrc-packages';
import type { Tx } from '../db/database';
import { packagesLinkedTo } from '../db/repositories/metrc-packages';
import { findProduct, setProductFromMetrc } from '../db/repositories/products';
import { thousandthsAsQuantity } from '../../sync/rules/decimal';

/** Brings each product up to what its packages now say; answers the products as they are after. */
export async function followLinkedPackages(tx: Tx, teamId: string, productIds: readonly string[], now: Date): Promise<Product[]> {
  const linked = await packagesLinkedTo(tx.db, teamId, [...new Set(productIds)]);
  const followed: Product[] = [];
  for (const productId of new Set(productIds)) {
    const product = await findProduct(tx.db, productId);
    if (!product || product.userId !== teamId) continue;
    const packages = linked.filter((row) => row.productId === productId);
    const first = packageToSellFirst(packages);
    const fields = {
      availableQuantity: thousandthsAsQuantity(stockOfLinkedPackages(packages)),
      metrcPackageLabel: first?.label ?? null,
      batchNumber: first?.productionBatchNumber ?? null,
      labTestingState: first?.labTestingState ?? null,
    };
    const unchanged = (Object.keys(fields) as (keyof typeof fields)[]).every((field) => product[field] === fields[field]);
    followed.push(unchanged ? product : await setProductFromMetrc(tx.db, productId, fields, tx.version, now));
  }
  return followed;
}
