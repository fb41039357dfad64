/**
 * The catalogue as CSV: reading an import file into checked rows (nothing is
 * written here), and writing the catalogue or the template back out. An
 * export reads back as it was written: a potency below detection is written
 * "ND" and read back so.
 *
 * Each row is checked with the same schema as the product form and the server
 * (productFieldsSchema), so a row that passes here is a row the server takes.
 * Decimals stay exact strings from the file to the mutation.
 */
import type { z } from 'zod';
import { PRODUCT_CATEGORIES, UNIT_TYPES, type ProductCategory, type UnitType } from '../../../sync/contract/constants';
import { csvFile, headerKey, plainNumber } from '../../../sync/rules/csv-cells';
import { productFieldsSchema, type Product } from '../../../sync/entities/product';
import { BELOW_DETECTION } from '../../../sync/rules/potency';
import { validate } from '../../../sync/contract/validation';
import { readCsvTable, type CsvTable } from './csv-table';
import { mapImport, NO_CHOICES, NO_STRAIN_NAME, type ImportChoices, type ImportMapping } from './product-csv-mapping';
import { categoryNamed, CSV_COLUMNS, readPotency, unitNamed, type CsvColumn } from './product-csv-vocabulary';

export { CSV_COLUMNS, type CsvColumn, type CsvFieldColumn } from './product-csv-vocabulary';

/** More rows than this in one file is refused: split the file. */
export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export type ProductCsvValues = z.output<typeof productFieldsSchema>;

export type ProductCsvRow = {
  /** The row's number as a spreadsheet shows it: the header is row 1, the first product row 2. */
  line: number;
  /** The row's cells as read for each column (for the preview of a bad row). */
  cells: Record<CsvColumn, string>;
  /** The checked fields, ready for 'product.create', when the row is valid. */
  values?: ProductCsvValues;
  /** What is wrong with the row, when it is not. */
  error?: string;
};

export type ProductCsvParse = {
  rows: ProductCsvRow[];
  /** The columns the file gives: an update changes only these fields. */
  columns: CsvColumn[];
  /** A problem with the file as a whole (no rows are then given). */
  error?: string;
  /** Header cells left out, as the file writes them. */
  ignoredColumns: string[];
  /** Header cells whose values are added to the description. */
  addedToDescription: string[];
};

export type CsvProduct = Pick<Product, CsvColumn | 'thcBelowDetection' | 'cbdBelowDetection'>;

/** A category or unit cell: its sure match, else the seller's choice for it; undefined when neither gives one. */
function readValue<Value extends string>(text: string, named: (text: string) => Value | undefined, chosen: ReadonlyMap<string, Value | 'skipRows'>): Value | undefined {
  const choice = named(text) ?? chosen.get(headerKey(text));
  return choice === 'skipRows' ? undefined : choice;
}

/** A potency cell as the schema takes it: a figure, or empty with "below detection" beside it. */
function potencyOf(cell: string): { percentage: string; belowDetection: boolean } {
  const reading = readPotency(cell);
  return { percentage: reading.kind === 'figure' ? plainNumber(reading.text) : '', belowDetection: reading.kind === 'belowDetection' };
}

function checkRow(cells: Record<CsvColumn, string>, choices: ImportChoices): { values?: ProductCsvValues; error?: string } {
  const own: Partial<Record<CsvColumn, string>> = {};
  const trimmed = (column: CsvColumn) => cells[column].trim();

  let category: ProductCategory | undefined;
  if (headerKey(trimmed('category'))) {
    category = readValue(trimmed('category'), categoryNamed, choices.categories);
    if (!category) own.category = `Unknown category "${trimmed('category')}": use ${PRODUCT_CATEGORIES.join(', ')}`;
  }
  let unitType: UnitType | undefined;
  if (headerKey(trimmed('unitType'))) {
    unitType = readValue(trimmed('unitType'), unitNamed, choices.units);
    if (!unitType) own.unitType = `Unknown unit "${trimmed('unitType')}": use ${UNIT_TYPES.join(', ')}`;
  }
  const thc = potencyOf(cells.thcPercentage);
  const cbd = potencyOf(cells.cbdPercentage);

  const checked = validate(productFieldsSchema, {
    strainName: cells.strainName,
    sku: cells.sku,
    description: cells.description,
    category,
    thcPercentage: thc.percentage,
    thcBelowDetection: thc.belowDetection,
    cbdPercentage: cbd.percentage,
    cbdBelowDetection: cbd.belowDetection,
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
    if (!(CSV_COLUMNS as readonly string[]).includes(field)) messages.push(message);
  }
  if (!checked.ok) return { error: messages.join('; ') || checked.message };
  if (messages.length > 0) return { error: messages.join('; ') };
  return { values: checked.data };
}

/**
 * The file's rows read as the mapping says: each column from its header, the
 * description with the cells of the columns added to it ("Strain Type:
 * Indica"), category and unit values by their sure match or the seller's
 * choice. Nothing is written here.
 */
export function readProductRows(table: CsvTable, mapping: ImportMapping): ProductCsvParse {
  const { layout } = mapping;
  const columns = CSV_COLUMNS.filter((column) => layout.sources.has(column) || (column === 'description' && layout.addedToDescription.length > 0));
  const read = { columns, ignoredColumns: layout.leftOut, addedToDescription: layout.addedToDescription.map((index) => table.headers[index] ?? '') };
  const [problem] = mapping.problems;
  if (problem) {
    const error = problem === NO_STRAIN_NAME ? 'The file has no strainName column. Download the template to see the columns it needs.' : problem;
    return { ...read, rows: [], error };
  }
  if (table.records.length === 0) return { ...read, rows: [], error: 'The file has a header but no product rows.' };
  if (table.records.length > MAX_IMPORT_ROWS) {
    return { ...read, rows: [], error: `The file has ${table.records.length} product rows; import at most ${MAX_IMPORT_ROWS} at a time.` };
  }

  const rows = table.records.map((record): ProductCsvRow => {
    const cellOf = (column: CsvColumn) => {
      const index = layout.sources.get(column);
      return index === undefined ? '' : (record.cells[index] ?? '');
    };
    const added = layout.addedToDescription.flatMap((index) => {
      const value = record.cells[index]?.trim();
      return value ? [`${table.headers[index]}: ${value}`] : [];
    });
    const cells = Object.fromEntries(CSV_COLUMNS.map((column) => [column, cellOf(column)])) as Record<CsvColumn, string>;
    cells.description = [cells.description, ...added].filter((text) => text.trim() !== '').join('\n');
    if (record.error) return { line: record.line, cells, error: record.error };
    return { line: record.line, cells, ...checkRow(cells, mapping.choices) };
  });
  return { ...read, rows };
}

/** Reads a file with the answers remembered from earlier files (and the suggestions for the rest), as the preview would. */
export function parseProductCsv(text: string, remembered: ImportChoices = NO_CHOICES): ProductCsvParse {
  const table = readCsvTable(text);
  if ('error' in table) return { rows: [], columns: [], ignoredColumns: [], addedToDescription: [], error: table.error };
  return readProductRows(table, mapImport(table, remembered));
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
    product.thcBelowDetection ? BELOW_DETECTION : (product.thcPercentage ?? ''),
    product.cbdBelowDetection ? BELOW_DETECTION : (product.cbdPercentage ?? ''),
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
  thcBelowDetection: false,
  cbdBelowDetection: false,
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
