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
import type { Product, ProductUpdateInput } from '../../../sync/entities/product';
import { PRICE_AND_STOCK_FIELDS } from '../../../sync/team-permissions';
import { changedFields } from '../../components/product-form/product-changes';
import type { CsvColumn, CsvFieldColumn, ProductCsvParse, ProductCsvRow, ProductCsvValues } from './product-csv';

export type ImportStep = { kind: 'add'; row: ProductCsvRow; values: ProductCsvValues } | { kind: 'update'; row: ProductCsvRow; product: Product; changes: ProductUpdateInput };

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
      const fromFile = Object.fromEntries(fieldColumns.map((column) => [column, values[column]])) as ProductUpdateInput;
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
