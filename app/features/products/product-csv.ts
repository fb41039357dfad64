/**
 * The catalogue as CSV: reading an import file into checked rows (nothing is
 * written here), and writing the catalogue or the template back out.
 *
 * Each row is checked with the same schema as the product form and the server
 * (productFieldsSchema), so a row that passes here is a row the server takes.
 * Decimals stay exact strings from the file to the mutation.
 */
import { parse } from 'papaparse';
import type { z } from 'zod';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, UNIT_TYPES, type ProductCategory, type UnitType } from '../../../sync/constants';
import { productFieldsSchema, type Product } from '../../../sync/entities/product';
import { columnReader, csvFile, headerKey, plainNumber, unknownColumns, withoutFormulaGuard } from '../../../sync/csv-cells';
import { validate } from '../../../sync/validation';

/**
 * The columns of the template, the import and the export, in this order. The
 * last two identify a product: a re-imported export updates the rows it
 * matches (by id, then by SKU) instead of adding them again.
 */
export const CSV_COLUMNS = [
  'strainName',
  'description',
  'category',
  'thcPercentage',
  'cbdPercentage',
  'pricePerUnit',
  'unitType',
  'availableQuantity',
  'lotSize',
  'sku',
  'id',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** The columns that are product fields (the id only identifies a row). */
export type CsvFieldColumn = Exclude<CsvColumn, 'id'>;

/** More rows than this in one file is refused: split the file. */
export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export type ProductCsvValues = z.output<typeof productFieldsSchema>;

export type ProductCsvRow = {
  /** The row's number as a spreadsheet shows it: the header is row 1, the first product row 2. */
  line: number;
  /** The row's cells as read (for the preview of a bad row). */
  cells: Record<CsvColumn, string>;
  /** The checked fields, ready for 'product.create', when the row is valid. */
  values?: ProductCsvValues;
  /** What is wrong with the row, when it is not. */
  error?: string;
};

export type ProductCsvParse = {
  rows: ProductCsvRow[];
  /** The columns the file has: an update changes only these fields. */
  columns: CsvColumn[];
  /** A problem with the file as a whole (no rows are then given). */
  error?: string;
  /** Header cells that are not one of the columns, left out. */
  ignoredColumns: string[];
};

export type CsvProduct = Pick<Product, CsvColumn>;

/**
 * 'Strain Name', 'strain_name' and 'STRAINNAME' all read as strainName, and
 * the names other inventory systems and spreadsheets use ('Qty Available',
 * 'MOQ', 'THC %') as the column they mean.
 */
const readColumn = columnReader(CSV_COLUMNS, {
  ...aliases('strainName', ['strain', 'name', 'product', 'productname', 'itemname']),
  ...aliases('description', ['details', 'productdescription']),
  ...aliases('category', ['type', 'producttype', 'productcategory']),
  ...aliases('thcPercentage', ['thc', 'thcpercent', 'thcpct', 'totalthc']),
  ...aliases('cbdPercentage', ['cbd', 'cbdpercent', 'cbdpct', 'totalcbd']),
  ...aliases('pricePerUnit', ['price', 'unitprice', 'wholesaleprice', 'wholesale']),
  ...aliases('unitType', ['unit', 'units', 'uom', 'unitofmeasure']),
  ...aliases('availableQuantity', ['quantity', 'qty', 'qtyavailable', 'quantityavailable', 'availableqty', 'available', 'stock', 'instock', 'inventory', 'onhand']),
  ...aliases('lotSize', ['minimumorder', 'minorder', 'moq', 'minimum', 'minqty', 'minimumquantity', 'lot']),
  ...aliases('sku', ['itemnumber', 'itemcode', 'productcode']),
  ...aliases('id', ['productid']),
});

function aliases(column: CsvColumn, keys: string[]): Record<string, CsvColumn> {
  return Object.fromEntries(keys.map((key) => [key, column]));
}

function isColumn(name: string): name is CsvColumn {
  return (CSV_COLUMNS as readonly string[]).includes(name);
}

const CATEGORY_BY_KEY = new Map<string, ProductCategory>(
  PRODUCT_CATEGORIES.flatMap((category) => [
    [headerKey(category), category],
    [headerKey(CATEGORY_LABELS[category]), category],
  ]),
);

const UNIT_BY_KEY = new Map<string, UnitType>([
  ...UNIT_TYPES.map((unit) => [unit, unit] as const),
  ['lbs', 'lb'],
  ['pound', 'lb'],
  ['pounds', 'lb'],
  ['ounce', 'oz'],
  ['ounces', 'oz'],
  ['gram', 'g'],
  ['grams', 'g'],
  ['units', 'unit'],
]);

/** Finds a category by value or label, singular or plural ('Pre-rolls' → preroll). */
function readCategory(text: string): ProductCategory | undefined {
  const key = headerKey(text);
  return CATEGORY_BY_KEY.get(key) ?? (key.endsWith('s') ? CATEGORY_BY_KEY.get(key.slice(0, -1)) : undefined);
}

function checkRow(cells: Record<CsvColumn, string>): { values?: ProductCsvValues; error?: string } {
  const own: Partial<Record<CsvColumn, string>> = {};
  const trimmed = (column: CsvColumn) => cells[column].trim();

  let category: ProductCategory | undefined;
  if (trimmed('category')) {
    category = readCategory(trimmed('category'));
    if (!category) own.category = `Unknown category "${trimmed('category')}": use ${PRODUCT_CATEGORIES.join(', ')}`;
  }
  let unitType: UnitType | undefined;
  if (trimmed('unitType')) {
    unitType = UNIT_BY_KEY.get(trimmed('unitType').toLowerCase());
    if (!unitType) own.unitType = `Unknown unit "${trimmed('unitType')}": use ${UNIT_TYPES.join(', ')}`;
  }

  const checked = validate(productFieldsSchema, {
    strainName: cells.strainName,
    sku: cells.sku,
    description: cells.description,
    category,
    thcPercentage: plainNumber(cells.thcPercentage),
    cbdPercentage: plainNumber(cells.cbdPercentage),
    pricePerUnit: plainNumber(cells.pricePerUnit),
    unitType,
    availableQuantity: plainNumber(cells.availableQuantity),
    lotSize: trimmed('lotSize') === '' ? undefined : plainNumber(cells.lotSize),
  });
  const schemaErrors = checked.ok ? {} : checked.fieldErrors;
  const messages = CSV_COLUMNS.flatMap((column) => {
    const message = own[column] ?? schemaErrors[column];
    return message ? [message] : [];
  });
  for (const [field, message] of Object.entries(schemaErrors)) {
    if (!isColumn(field)) messages.push(message);
  }
  if (!checked.ok) return { error: messages.join('; ') || checked.message };
  if (messages.length > 0) return { error: messages.join('; ') };
  return { values: checked.data };
}

/**
 * Reads an import file. Blank lines (and rows of empty cells, as spreadsheets
 * leave at the end) are skipped but still counted, so each row keeps the
 * number the seller sees in their spreadsheet.
 */
export function parseProductCsv(text: string): ProductCsvParse {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { rows: [], columns: [], ignoredColumns: [], error: 'The file is empty.' };

  // skipEmptyLines is off on purpose: a skipped line would shift every later row number; blank rows are dropped below.
  const result = parse<Record<string, string | string[] | undefined>>(source, {
    header: true,
    skipEmptyLines: false,
    newline: '\n',
    transformHeader: readColumn,
  });
  const fields = result.meta.fields ?? [];
  const ignoredColumns = unknownColumns(fields, CSV_COLUMNS);
  const columns = CSV_COLUMNS.filter((column) => fields.includes(column));
  if (!fields.includes('strainName')) {
    return {
      rows: [],
      columns,
      ignoredColumns,
      error: 'The file has no strainName column. Download the template to see the columns it needs.',
    };
  }

  const rowErrors = new Map<number, string>();
  for (const error of result.errors) {
    if (error.code === 'TooManyFields' && error.row !== undefined) {
      rowErrors.set(error.row, 'It has more cells than the header has columns (is a comma in a value missing its quotes?)');
    } else if (error.type === 'Quotes') {
      // An unclosed quote runs to the end of the file, so it is the last row that is broken.
      rowErrors.set(result.data.length - 1, 'A quoted value is not closed');
    }
  }

  const rows: ProductCsvRow[] = [];
  result.data.forEach((record, index) => {
    const cells = Object.fromEntries(
      CSV_COLUMNS.map((column) => {
        const value = record[column];
        return [column, withoutFormulaGuard(typeof value === 'string' ? value : '')];
      }),
    ) as Record<CsvColumn, string>;
    // A blank line, or a row of empty cells (the extra cells of a too-long row count too).
    const blank = Object.values(record).every((value) => (Array.isArray(value) ? value.join('') : (value ?? '')).trim() === '');
    if (blank) return;
    const line = index + 2;
    const broken = rowErrors.get(index);
    rows.push(broken ? { line, cells, error: broken } : { line, cells, ...checkRow(cells) });
  });

  if (rows.length === 0) return { rows, columns, ignoredColumns, error: 'The file has a header but no product rows.' };
  if (rows.length > MAX_IMPORT_ROWS) {
    return { rows: [], columns, ignoredColumns, error: `The file has ${rows.length} product rows; import at most ${MAX_IMPORT_ROWS} at a time.` };
  }
  return { rows, columns, ignoredColumns };
}

/** "Row 3: Strain name is required", as the preview lists it. */
export function rowMessage(row: ProductCsvRow): string {
  return `Row ${row.line}: ${row.error ?? 'OK'}`;
}

/** The catalogue as CSV with the template's columns (each product's id and SKU last). */
export function productsToCsv(products: readonly CsvProduct[]): string {
  const data = products.map((product) => [
    product.strainName,
    product.description ?? '',
    product.category,
    product.thcPercentage ?? '',
    product.cbdPercentage ?? '',
    product.pricePerUnit ?? '',
    product.unitType,
    product.availableQuantity,
    String(product.lotSize),
    product.sku ?? '',
    product.id,
  ]);
  return csvFile(CSV_COLUMNS, data);
}

export const TEMPLATE_EXAMPLE: CsvProduct = {
  strainName: 'Blue Dream',
  description: 'Sweet berry aroma, smooth and balanced',
  category: 'flower',
  thcPercentage: '24.50',
  cbdPercentage: '0.10',
  pricePerUnit: '1200.00',
  unitType: 'lb',
  availableQuantity: '10.500',
  lotSize: 1,
  sku: 'BD-001',
  // A new row has no id: the catalogue gives it one when it is imported.
  id: '',
};

/** The header row and one example row. */
export function templateCsv(): string {
  return productsToCsv([TEMPLATE_EXAMPLE]);
}

export const TEMPLATE_FILE_NAME = 'products-template.csv';

/** products-YYYY-MM-DD.csv, by the device's own calendar. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `products-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
