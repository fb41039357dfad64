/**
 * The customer book as CSV: reading an import file into checked rows (nothing is written here: each valid row
 * becomes a `customer.create`, or a `customer.update` of the row its id names) and writing the book back out.
 * Rows are checked with the schema of the form and the server, so a row that passes here is a row the server takes.
 */
import type { z } from 'zod';
import { customerFieldsSchema, PAYMENT_TERMS, type Customer, type PaymentTerms } from '../../../sync/entities/customer';
import { validate } from '../../../sync/validation';
import { headerKey, readCsvRows, toCsv } from './csv-cells';

export const CUSTOMER_CSV_COLUMNS = ['name', 'email', 'licenseNumber', 'paymentTerms', 'priceList', 'tags', 'holdWhenOverdue', 'id'] as const;
type Column = (typeof CUSTOMER_CSV_COLUMNS)[number];

export const MAX_CUSTOMER_IMPORT_ROWS = 2000;

/** What is wrong with one cell of one row: `row` as a spreadsheet numbers it (the header is row 1). */
export type CsvRowError = { row: number; field: string; message: string };

export type CustomerCsvRow = {
  row: number;
  /** The customer the row updates (an exported row's id), or null for a new one. */
  id: string | null;
  values?: z.output<typeof customerFieldsSchema>;
  errors: CsvRowError[];
};

export type CustomerCsvParse = { rows: CustomerCsvRow[]; errors: CsvRowError[]; error?: string };

const ALIASES: Record<string, Column> = {
  customer: 'name',
  customername: 'name',
  business: 'name',
  businessname: 'name',
  dispensary: 'name',
  emailaddress: 'email',
  license: 'licenseNumber',
  licence: 'licenseNumber',
  licencenumber: 'licenseNumber',
  terms: 'paymentTerms',
  pricelistname: 'priceList',
  hold: 'holdWhenOverdue',
  customerid: 'id',
};

const TERMS_BY_KEY = new Map<string, PaymentTerms>([
  ...PAYMENT_TERMS.map((terms) => [terms, terms] as const),
  ['cashondelivery', 'cod'],
  ['7', 'net7'],
  ['15', 'net15'],
  ['30', 'net30'],
]);
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['', 'no', 'n', 'false', '0']);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkRow(row: number, cells: Record<Column, string>, listIdByName: Map<string, string>): CustomerCsvRow {
  const errors: CsvRowError[] = [];
  const fail = (field: string, message: string) => errors.push({ row, field, message });
  const termsText = cells.paymentTerms.trim();
  const paymentTerms = termsText === '' ? undefined : TERMS_BY_KEY.get(headerKey(termsText));
  if (termsText !== '' && !paymentTerms) fail('paymentTerms', `Unknown terms "${termsText}": use COD, Net 7, Net 15 or Net 30`);
  const listName = cells.priceList.trim();
  const priceListId = listName === '' ? null : listIdByName.get(listName.toLowerCase());
  if (priceListId === undefined) fail('priceList', `No price list is called "${listName}"`);
  const hold = cells.holdWhenOverdue.trim().toLowerCase();
  if (!YES.has(hold) && !NO.has(hold)) fail('holdWhenOverdue', 'Hold when overdue must be yes or no');
  const id = cells.id.trim();
  if (id !== '' && !ID.test(id)) fail('id', 'The id must be one this app exported, or left blank');
  const checked = validate(customerFieldsSchema, {
    name: cells.name,
    email: cells.email,
    licenseNumber: cells.licenseNumber,
    paymentTerms,
    priceListId: priceListId ?? null,
    holdWhenOverdue: YES.has(hold),
    tags: cells.tags
      .split(/[;,]/)
      .map((tag) => tag.trim())
      .filter(Boolean),
  });
  if (!checked.ok) for (const [field, message] of Object.entries(checked.fieldErrors)) fail(field.split('.')[0]!, message);
  return { row, id: id || null, errors, ...(checked.ok && errors.length === 0 && { values: checked.data }) };
}

/** Reads an import file; `priceLists` are the team's, which the priceList column names. */
export function parseCustomerCsv(text: string, priceLists: ReadonlyArray<{ id: string; name: string }>): CustomerCsvParse {
  const read = readCsvRows(text, CUSTOMER_CSV_COLUMNS, ALIASES);
  if (read.error) return { rows: [], errors: [], error: read.error };
  if (!read.fields.includes('name')) return { rows: [], errors: [], error: 'The file has no name column. Export the book to see the columns it takes.' };
  if (read.rows.length === 0) return { rows: [], errors: [], error: 'The file has a header but no customer rows.' };
  if (read.rows.length > MAX_CUSTOMER_IMPORT_ROWS) {
    return { rows: [], errors: [], error: `The file has ${read.rows.length} customer rows; import at most ${MAX_CUSTOMER_IMPORT_ROWS} at a time.` };
  }
  const listIdByName = new Map(priceLists.map((list) => [list.name.trim().toLowerCase(), list.id]));
  const rows = read.rows.map(({ line, cells }) => checkRow(line, cells, listIdByName));
  return { rows, errors: rows.flatMap((row) => row.errors) };
}

/** The book as CSV, with each customer's price list by name and its id last, so a re-import updates the same customers. */
export function customersToCsv(customers: readonly Customer[], priceLists: ReadonlyArray<{ id: string; name: string }>): string {
  const names = new Map(priceLists.map((list) => [list.id, list.name]));
  const rows = customers.map((customer) => [
    customer.name,
    customer.email ?? '',
    customer.licenseNumber ?? '',
    customer.paymentTerms,
    customer.priceListId ? (names.get(customer.priceListId) ?? '') : '',
    customer.tags.join('; '),
    customer.holdWhenOverdue ? 'yes' : 'no',
    customer.id,
  ]);
  return toCsv(CUSTOMER_CSV_COLUMNS, rows);
}
