/**
 * A price list as CSV: one row per product, matched on import by its id, else its SKU, else its name. Reading
 * checks every row with the list's own entry schema and gives the entries only when every row passes, so the whole
 * list is saved (`priceList.save`) or none of it; prices, percentages and quantities stay exact strings throughout.
 */
import { priceListEntrySchema, type PriceList, type PriceListEntry } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { validate } from '../../../sync/validation';
import { plainNumber, readCsvRows, toCsv } from './csv-cells';
import type { CsvRowError } from './customer-csv';

export const PRICE_LIST_CSV_COLUMNS = ['strainName', 'sku', 'listPrice', 'price', 'percentOff', 'hidden', 'minQuantity', 'increment', 'breaks', 'productId'] as const;
type Column = (typeof PRICE_LIST_CSV_COLUMNS)[number];

type CsvProduct = Pick<Product, 'id' | 'strainName' | 'sku' | 'pricePerUnit'>;

export type PriceListCsvParse = {
  /** The list's entries, when every row passed; absent otherwise. */
  entries?: PriceListEntry[];
  errors: CsvRowError[];
  /** A problem with the file as a whole. */
  error?: string;
};

const ALIASES: Record<string, Column> = {
  product: 'strainName',
  name: 'strainName',
  productname: 'strainName',
  yourprice: 'price',
  customerprice: 'price',
  discount: 'percentOff',
  off: 'percentOff',
  hide: 'hidden',
  minimum: 'minQuantity',
  min: 'minQuantity',
  moq: 'minQuantity',
  step: 'increment',
  quantitybreaks: 'breaks',
  id: 'productId',
};

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/** "10 @ 1100.00; 20 @ 1050.00": from 10 units on, 1100.00 each; from 20, 1050.00. */
function readBreaks(text: string): Array<{ minQuantity: string; price: string }> | null {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const breaks = parts.map((part) => /^([^@]+)@(.+)$/.exec(part));
  if (breaks.some((match) => match === null)) return null;
  return breaks.map((match) => ({ minQuantity: plainNumber(match![1]!), price: plainNumber(match![2]!) }));
}

function findProduct(cells: Record<Column, string>, products: readonly CsvProduct[]): CsvProduct | string {
  const id = cells.productId.trim();
  const sku = cells.sku.trim();
  const name = cells.strainName.trim().toLowerCase();
  if (id) return products.find((product) => product.id === id) ?? `No product has the id ${id}`;
  if (sku) return products.find((product) => product.sku === sku) ?? `No product has the SKU ${sku}`;
  const named = products.filter((product) => product.strainName.trim().toLowerCase() === name);
  if (named.length === 1) return named[0]!;
  return named.length === 0 ? `No product is called "${cells.strainName.trim()}"` : `Several products are called "${cells.strainName.trim()}": give the SKU`;
}

/** Reads an import file against the team's catalogue. */
export function parsePriceListCsv(text: string, products: readonly CsvProduct[]): PriceListCsvParse {
  const read = readCsvRows(text, PRICE_LIST_CSV_COLUMNS, ALIASES);
  if (read.error) return { errors: [], error: read.error };
  if (!['productId', 'sku', 'strainName'].some((column) => read.fields.includes(column))) {
    return { errors: [], error: 'The file has no productId, sku or strainName column to find each product by.' };
  }
  const errors: CsvRowError[] = [];
  const entries: PriceListEntry[] = [];
  const rowOf = new Map<string, number>();
  for (const { line: row, cells } of read.rows) {
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const product = findProduct(cells, products);
    if (typeof product === 'string') {
      fail('productId', product);
      continue;
    }
    if (rowOf.has(product.id)) fail('productId', `${product.strainName} is already on row ${rowOf.get(product.id)}`);
    rowOf.set(product.id, row);
    const hidden = cells.hidden.trim().toLowerCase();
    if (!YES.has(hidden) && !NO.has(hidden)) fail('hidden', 'Hidden must be yes or no');
    const breaks = readBreaks(cells.breaks);
    if (!breaks) fail('breaks', 'Write breaks as quantity @ price, separated by semicolons: 10 @ 1100.00; 20 @ 1050.00');
    const checked = validate(priceListEntrySchema, {
      productId: product.id,
      price: plainNumber(cells.price),
      percentOff: plainNumber(cells.percentOff),
      hidden: YES.has(hidden),
      minQuantity: plainNumber(cells.minQuantity),
      increment: plainNumber(cells.increment),
      breaks: breaks ?? [],
    });
    if (checked.ok) entries.push(checked.data);
    else for (const [field, message] of Object.entries(checked.fieldErrors)) fail(field.split('.')[0]!, message);
  }
  if (read.rows.length === 0) return { errors, error: 'The file has a header but no product rows.' };
  return errors.length === 0 ? { entries, errors } : { errors };
}

/** The list as CSV, one row per entry with the product's name, SKU and list price beside its terms. */
export function priceListToCsv(list: Pick<PriceList, 'entries'>, products: readonly CsvProduct[]): string {
  const byId = new Map(products.map((product) => [product.id, product]));
  const rows = list.entries.flatMap((entry) => {
    const product = byId.get(entry.productId);
    if (!product) return [];
    return [
      [
        product.strainName,
        product.sku ?? '',
        product.pricePerUnit ?? '',
        entry.price ?? '',
        entry.percentOff ?? '',
        entry.hidden ? 'yes' : 'no',
        entry.minQuantity ?? '',
        entry.increment ?? '',
        entry.breaks.map((step) => `${step.minQuantity} @ ${step.price}`).join('; '),
        entry.productId,
      ],
    ];
  });
  return toCsv(PRICE_LIST_CSV_COLUMNS, rows);
}
