/**
 * What an import will do to the catalogue, decided on the device before
 * anything is written: each valid row either updates the product it names
 * (by its id, else by its SKU) or adds a new one. "Export, fix the stock,
 * import again" therefore changes the stock instead of doubling the catalogue.
 *
 * An update carries only the fields the file has columns for and that differ
 * from the product as the device holds it, so a column left out of the file
 * (or a photo, which no file carries) is never wiped.
 *
 * A person whose role sets no prices or stock (a rep) imports the rest of each
 * row: the price and stock columns are left out, and a new product comes
 * without either, as the server would refuse them.
 */
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import type { Product } from '../../../sync/entities/product';
import { formatPrice } from '../../../sync/rules/format-decimal';
import { formatPotency, POTENCIES } from '../../../sync/rules/potency';
import { PRICE_AND_STOCK_FIELDS } from '../../../sync/rules/team-permissions';
import { changedFields, plainDecimal } from '../../widgets/product-form/product-changes';
import type { CsvColumn, CsvFieldColumn, ProductCsvParse, ProductCsvRow, ProductCsvValues } from './product-csv';

export type ImportStep = { kind: 'add'; row: ProductCsvRow; values: ProductCsvValues } | { kind: 'update'; row: ProductCsvRow; product: Product; changes: ImportChanges };

/** What an update changes: fields as the file's checked row holds them. */
export type ImportChanges = Partial<ProductCsvValues>;

export type ImportPlan = {
  steps: ImportStep[];
  /** Rows with an error of their own or one the plan found (a SKU twice in the file, say): left out. */
  skipped: ProductCsvRow[];
  adds: number;
  updates: number;
  /** Rows that name a product and change nothing: no mutation is written for them. */
  unchanged: number;
  /** The file's price and stock columns, left out because the person's role sets neither. */
  leftOut: CsvFieldColumn[];
};

/** The product fields a column gives: a potency column gives its percentage and whether it is below detection. */
function fieldsOf(column: CsvFieldColumn): (keyof ProductCsvValues)[] {
  const potency = POTENCIES.find((fields) => fields.percentage === column);
  return potency ? [potency.percentage, potency.belowDetection] : [column];
}

export function planImport(parsed: ProductCsvParse, catalogue: readonly Product[], { setsPriceAndStock = true } = {}): ImportPlan {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const bySku = new Map(catalogue.flatMap((product) => (product.sku ? [[product.sku, product] as const] : [])));
  const keptColumn = (column: CsvColumn) => setsPriceAndStock || !(PRICE_AND_STOCK_FIELDS as readonly string[]).includes(column);
  const fieldColumns = parsed.columns.filter((column): column is CsvFieldColumn => column !== 'id' && keptColumn(column));
  const leftOut = parsed.columns.filter((column): column is CsvFieldColumn => column !== 'id' && !keptColumn(column));
  /** The row that first claimed a product or a new SKU, to name it when another row claims it again. */
  const claimedProducts = new Map<string, number>();
  const claimedSkus = new Map<string, number>();
  const steps: ImportStep[] = [];
  const skipped: ProductCsvRow[] = [];
  const skip = (row: ProductCsvRow, error: string) => skipped.push({ ...row, values: undefined, error });

  for (const row of parsed.rows) {
    const values = row.values;
    if (!values) {
      skipped.push(row);
      continue;
    }
    const product = byId.get(row.cells.id.trim()) ?? (values.sku ? bySku.get(values.sku) : undefined);
    const skuHolder = values.sku ? bySku.get(values.sku) : undefined;
    const earlierRow = product ? claimedProducts.get(product.id) : values.sku ? claimedSkus.get(values.sku) : undefined;
    if (earlierRow !== undefined) {
      skip(row, product ? `Row ${earlierRow} already updates ${product.strainName}` : `SKU ${values.sku} is on row ${earlierRow} too`);
      continue;
    }
    if (product && skuHolder && skuHolder.id !== product.id) {
      skip(row, `SKU ${values.sku} is already used by ${skuHolder.strainName}`);
      continue;
    }
    if (product) {
      claimedProducts.set(product.id, row.line);
      if (values.sku) claimedSkus.set(values.sku, row.line);
      const fromFile: ImportChanges = Object.fromEntries(fieldColumns.flatMap((column) => fieldsOf(column).map((field) => [field, values[field]])));
      steps.push({ kind: 'update', row, product, changes: changedFields(product, fromFile) });
    } else {
      if (values.sku) claimedSkus.set(values.sku, row.line);
      steps.push({ kind: 'add', row, values: setsPriceAndStock ? values : { ...values, pricePerUnit: null, availableQuantity: '0.000' } });
    }
  }

  const updates = steps.filter((step) => step.kind === 'update' && Object.keys(step.changes).length > 0).length;
  const adds = steps.filter((step) => step.kind === 'add').length;
  return { steps, skipped, adds, updates, unchanged: steps.length - adds - updates, leftOut };
}

const NONE = 'none';

/**
 * What an update changes, as the preview says it: "Price $10.00 → $12.00,
 * stock 5 → 8". A description is long, so only its change is named.
 */
export function changeSummary(product: Product, changes: ImportChanges): string {
  const parts: string[] = [];
  const from = (label: string, before: string, after: string) => parts.push(`${label} ${before} → ${after}`);
  const money = (price: string | null) => (price === null ? NONE : formatPrice(price));
  if (changes.strainName !== undefined) from('name', product.strainName, changes.strainName);
  if (changes.category !== undefined) from('category', CATEGORY_LABELS[product.category], CATEGORY_LABELS[changes.category]);
  if (changes.pricePerUnit !== undefined) from('price', money(product.pricePerUnit), money(changes.pricePerUnit));
  if (changes.availableQuantity !== undefined) from('stock', plainDecimal(product.availableQuantity), plainDecimal(changes.availableQuantity));
  if (changes.unitType !== undefined) from('unit', product.unitType, changes.unitType);
  if (changes.lotSize !== undefined) from('lot size', String(product.lotSize), String(changes.lotSize));
  for (const { percentage, belowDetection, label } of POTENCIES) {
    if (changes[percentage] === undefined && changes[belowDetection] === undefined) continue;
    const after = { ...product, ...changes };
    from(label.replace(' %', ''), formatPotency(product[percentage], product[belowDetection]) ?? NONE, formatPotency(after[percentage], after[belowDetection]) ?? NONE);
  }
  if (changes.sku !== undefined) from('SKU', product.sku ?? NONE, changes.sku ?? NONE);
  if (changes.description !== undefined) parts.push('description changed');
  const summary = parts.join(', ');
  return summary.charAt(0).toUpperCase() + summary.slice(1);
}
