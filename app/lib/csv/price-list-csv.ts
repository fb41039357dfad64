/**
 * A price list as CSV: one row per catalogue product, so a seller can fill the file in a spreadsheet and read it
 * back. Reading matches each row to a product (by id, else SKU, else strain name) and checks its terms with the
 * same schema as the grid and the server; nothing is written here.
 */
import { parse } from 'papaparse';
import { columnReader, csvFile, plainNumber, readYesNo, unknownColumns, withoutFormulaGuard } from '../../../sync/rules/csv-cells';
import { priceListEntrySchema, type PriceListEntry } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { validate } from '../../../sync/contract/validation';

export const PRICE_LIST_CSV_COLUMNS = ['product', 'sku', 'listPrice', 'price', 'percentOff', 'hidden', 'minQuantity', 'increment', 'breaks', 'productId'] as const;
type Column = (typeof PRICE_LIST_CSV_COLUMNS)[number];

export type PriceListCsvProduct = Pick<Product, 'id' | 'strainName' | 'sku' | 'pricePerUnit'>;

const readColumn = columnReader(PRICE_LIST_CSV_COLUMNS, {
  strainname: 'product',
  strain: 'product',
  name: 'product',
  id: 'productId',
  listprice: 'listPrice',
  yourprice: 'price',
  theirprice: 'price',
  discount: 'percentOff',
  off: 'percentOff',
  hide: 'hidden',
  minimum: 'minQuantity',
  min: 'minQuantity',
  moq: 'minQuantity',
  step: 'increment',
  quantitybreaks: 'breaks',
});

/** `10@1000.00;25@950.00`: each break's quantity and price. */
export function breaksToText(breaks: PriceListEntry['breaks']): string {
  return breaks.map((step) => `${step.minQuantity.replace(/\.?0+$/, '')}@${step.price}`).join(';');
}

/** Reads `10@1000.00; 25 @ $950` into breaks for the schema to check; null when a part has no `@`. */
export function textToBreaks(text: string): Array<{ minQuantity: string; price: string }> | null {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const breaks = parts.map((part) => {
    const [quantity, price, extra] = part.split('@');
    return quantity === undefined || price === undefined || extra !== undefined ? null : { minQuantity: plainNumber(quantity), price: plainNumber(price) };
  });
  return breaks.every((step) => step !== null) ? breaks : null;
}

/** The list as CSV: every catalogue product in the order given, with its terms on the list (blank when none). */
export function priceListToCsv(entries: readonly PriceListEntry[], products: readonly PriceListCsvProduct[]): string {
  const byProduct = new Map(entries.map((entry) => [entry.productId, entry]));
  const data = products.map((product) => {
    const entry = byProduct.get(product.id);
    return [
      product.strainName,
      product.sku ?? '',
      product.pricePerUnit ?? '',
      entry?.price ?? '',
      entry?.percentOff ?? '',
      entry?.hidden ? 'yes' : '',
      entry?.minQuantity ?? '',
      entry?.increment ?? '',
      entry ? breaksToText(entry.breaks) : '',
      product.id,
    ];
  });
  return csvFile(PRICE_LIST_CSV_COLUMNS, data);
}

export type PriceListCsvRow = {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  line: number;
  /** The product the row names, as written. */
  label: string;
  entry?: PriceListEntry;
  error?: string;
};

export type PriceListCsvParse = {
  rows: PriceListCsvRow[];
  /** The entries of the valid rows that set a term, one per product: what the list becomes when imported. */
  entries: PriceListEntry[];
  /** A problem with the file as a whole. */
  error?: string;
  /** Header cells that are none of the columns, left out. */
  ignoredColumns: string[];
};

const TERM_COLUMNS = ['price', 'percentOff', 'hidden', 'minQuantity', 'increment', 'breaks'] as const;

function matcher(products: readonly PriceListCsvProduct[]) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const bySku = new Map<string, PriceListCsvProduct>();
  const byName = new Map<string, PriceListCsvProduct[]>();
  for (const product of products) {
    if (product.sku) bySku.set(product.sku.toLowerCase(), product);
    const key = product.strainName.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), product]);
  }
  return (cells: Record<Column, string>): PriceListCsvProduct | string => {
    const id = cells.productId.trim();
    if (id && byId.has(id)) return byId.get(id)!;
    const sku = cells.sku.trim().toLowerCase();
    if (sku && bySku.has(sku)) return bySku.get(sku)!;
    const named = byName.get(cells.product.trim().toLowerCase()) ?? [];
    if (named.length === 1) return named[0]!;
    if (named.length > 1) return `Several products are named ${cells.product.trim()}: add the SKU or the productId`;
    return `No product in the catalogue matches ${cells.product.trim() || cells.sku.trim() || id || 'this row'}`;
  };
}

function checkTerms(productId: string, cells: Record<Column, string>): { entry?: PriceListEntry; error?: string } {
  const hidden = readYesNo(cells.hidden);
  if (hidden === undefined) return { error: `Hidden must be yes or no, not "${cells.hidden.trim()}"` };
  const breaks = textToBreaks(cells.breaks);
  if (breaks === null) return { error: 'Write breaks as quantity@price, separated by ; (10@1000.00;25@950.00)' };
  const checked = validate(priceListEntrySchema, {
    productId,
    price: plainNumber(cells.price),
    percentOff: plainNumber(cells.percentOff),
    hidden,
    minQuantity: plainNumber(cells.minQuantity),
    increment: plainNumber(cells.increment),
    breaks,
  });
  if (checked.ok) return { entry: checked.data };
  return { error: Object.values(checked.fieldErrors).join('; ') || checked.message };
}

/** Reads a price list file against the catalogue: rows with no terms are left out, each other row is checked. */
export function parsePriceListCsv(text: string, products: readonly PriceListCsvProduct[]): PriceListCsvParse {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { rows: [], entries: [], ignoredColumns: [], error: 'The file is empty.' };
  const result = parse<Record<string, string | undefined>>(source, {
    header: true,
    skipEmptyLines: false,
    newline: '\n',
    transformHeader: readColumn,
  });
  const fields = result.meta.fields ?? [];
  const ignoredColumns = unknownColumns(fields, PRICE_LIST_CSV_COLUMNS);
  if (!fields.includes('product') && !fields.includes('sku') && !fields.includes('productId')) {
    return { rows: [], entries: [], ignoredColumns, error: 'The file has no product, sku or productId column: export the list to see the columns.' };
  }
  const match = matcher(products);
  const claimed = new Map<string, number>();
  const rows: PriceListCsvRow[] = [];
  result.data.forEach((record, index) => {
    const cells = Object.fromEntries(PRICE_LIST_CSV_COLUMNS.map((column) => [column, withoutFormulaGuard(record[column] ?? '')])) as Record<Column, string>;
    if (TERM_COLUMNS.every((column) => cells[column].trim() === '')) return;
    const line = index + 2;
    const label = cells.product.trim() || cells.sku.trim() || cells.productId.trim();
    const product = match(cells);
    if (typeof product === 'string') return rows.push({ line, label, error: product });
    const earlier = claimed.get(product.id);
    if (earlier !== undefined) return rows.push({ line, label, error: `Row ${earlier} already sets ${product.strainName}` });
    claimed.set(product.id, line);
    rows.push({ line, label: product.strainName, ...checkTerms(product.id, cells) });
  });
  return { rows, entries: rows.flatMap((row) => (row.entry ? [row.entry] : [])), ignoredColumns };
}
