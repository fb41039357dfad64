/**
 * A SKU names one product of a seller's catalogue: a re-import matches rows on
 * it, so two products with one SKU would make it ambiguous. The server refuses
 * a taken SKU; the device holds the catalogue and says so in the form first,
 * in the server's own words.
 */

/** The words for a SKU another product of the catalogue already has. */
export function skuTakenMessage(sku: string, holderName: string): string {
  return `SKU ${sku} is already used by ${holderName}`;
}

/**
 * The other product of `catalogue` that already has `sku` (compared as the server stores it: trimmed, exactly), or
 * null: none has it, the SKU is empty, or the only holder is the product being edited (`productId`).
 */
export function skuHolder<T extends { id: string; sku: string | null; strainName: string }>(catalogue: Iterable<T>, sku: string, productId: string | null): T | null {
  const wanted = sku.trim();
  if (!wanted) return null;
  for (const product of catalogue) if (product.sku === wanted && product.id !== productId) return product;
  return null;
}
