/**
 * The customer book as CSV, both ways. The price list and the rep are written by name (the rep by email), and read
 * back against the team's lists and members, so a spreadsheet never needs ids; a row with an id (or the email of a
 * customer already in the book) updates that customer instead of adding another, changing only the columns the file
 * has (a file written before the book kept addresses leaves them as they are). Nothing is written here.
 */
import { parse } from 'papaparse';
import { columnReader, csvFile, headerKey, readYesNo, unknownColumns, withoutFormulaGuard } from '../../../sync/rules/csv-cells';
import { CUSTOMER_CONTACT_FIELDS, customerFieldsSchema, PAYMENT_TERM_LABELS, PAYMENT_TERMS, type Customer, type PaymentTerms } from '../../../sync/entities/customer';
import { validate } from '../../../sync/contract/validation';

export const CUSTOMER_CSV_COLUMNS = ['name', 'email', 'licenseNumber', 'paymentTerms', 'priceList', 'rep', 'holdWhenOverdue', 'tags', ...CUSTOMER_CONTACT_FIELDS, 'id'] as const;
type Column = (typeof CUSTOMER_CSV_COLUMNS)[number];

export type CustomerCsvContext = {
  priceLists: ReadonlyArray<{ id: string; name: string }>;
  members: ReadonlyArray<{ userId: string; email: string; name: string }>;
};

/** A new customer's fields (the defaults for what the file leaves out), or an update's: only the columns the file has. */
export type CustomerCsvValues = Pick<CustomerFields, 'name'> & Partial<CustomerFields>;
type CustomerFields = ReturnType<typeof customerFieldsSchema.parse>;

export type CustomerCsvRow = {
  line: number;
  label: string;
  /** The customer of the book the row updates, when it names one. */
  customerId?: string;
  values?: CustomerCsvValues;
  error?: string;
};

export type CustomerCsvParse = {
  rows: CustomerCsvRow[];
  /** A problem with the file as a whole. */
  error?: string;
  /** Header cells that are none of the columns, left out. */
  ignoredColumns: string[];
};

const readColumn = columnReader(CUSTOMER_CSV_COLUMNS, {
  customer: 'name',
  business: 'name',
  dispensary: 'name',
  license: 'licenseNumber',
  licence: 'licenseNumber',
  licencenumber: 'licenseNumber',
  terms: 'paymentTerms',
  pricelistname: 'priceList',
  salesrep: 'rep',
  hold: 'holdWhenOverdue',
  customerid: 'id',
  phone: 'phoneNumber',
  telephone: 'phoneNumber',
  address: 'billingLine1',
  street: 'billingLine1',
  billingaddress: 'billingLine1',
  address2: 'billingLine2',
  city: 'billingCity',
  state: 'billingState',
  zip: 'billingZipCode',
  zipcode: 'billingZipCode',
  postalcode: 'billingZipCode',
  billingzip: 'billingZipCode',
  sameasbilling: 'shippingSameAsBilling',
  shippingaddress: 'shippingLine1',
  shippingzip: 'shippingZipCode',
});

const TERMS_BY_KEY = new Map<string, PaymentTerms>(PAYMENT_TERMS.flatMap((terms) => [[headerKey(terms), terms] as const, [headerKey(PAYMENT_TERM_LABELS[terms]), terms] as const]));

export function customersToCsv(customers: readonly Customer[], context: CustomerCsvContext): string {
  const listNames = new Map(context.priceLists.map((list) => [list.id, list.name]));
  const repEmails = new Map(context.members.map((member) => [member.userId, member.email]));
  const data = customers.map((customer) => [
    customer.name,
    customer.email ?? '',
    customer.licenseNumber ?? '',
    customer.paymentTerms,
    customer.priceListId ? (listNames.get(customer.priceListId) ?? '') : '',
    customer.repUserId ? (repEmails.get(customer.repUserId) ?? '') : '',
    customer.holdWhenOverdue ? 'yes' : 'no',
    customer.tags.join(';'),
    ...CUSTOMER_CONTACT_FIELDS.map((field) => (field === 'shippingSameAsBilling' ? (customer[field] ? 'yes' : 'no') : (customer[field] ?? ''))),
    customer.id,
  ]);
  return csvFile(CUSTOMER_CSV_COLUMNS, data);
}

function lookups(book: readonly Customer[], context: CustomerCsvContext) {
  const lists = new Map(context.priceLists.map((list) => [list.name.trim().toLowerCase(), list.id]));
  const reps = new Map(context.members.flatMap((member) => [[member.email.toLowerCase(), member.userId] as const, [member.name.trim().toLowerCase(), member.userId] as const]));
  const byId = new Set(book.map((customer) => customer.id));
  const byEmail = new Map(book.flatMap((customer) => (customer.email ? [[customer.email.toLowerCase(), customer.id] as const] : [])));
  return { lists, reps, byId, byEmail };
}

function checkRow(cells: Record<Column, string>, found: ReturnType<typeof lookups>): { values?: CustomerCsvValues; error?: string } {
  const problems: string[] = [];
  const text = (column: Column) => cells[column].trim();
  const paymentTerms = text('paymentTerms') ? TERMS_BY_KEY.get(headerKey(text('paymentTerms'))) : 'cod';
  if (!paymentTerms) problems.push(`Unknown payment terms "${text('paymentTerms')}": use ${PAYMENT_TERMS.join(', ')}`);
  const priceListId = text('priceList') ? found.lists.get(text('priceList').toLowerCase()) : null;
  if (priceListId === undefined) problems.push(`No price list is named ${text('priceList')}`);
  const repUserId = text('rep') ? found.reps.get(text('rep').toLowerCase()) : null;
  if (repUserId === undefined) problems.push(`${text('rep')} is not a member of the team`);
  const holdWhenOverdue = readYesNo(cells.holdWhenOverdue);
  if (holdWhenOverdue === undefined) problems.push('Hold when overdue must be yes or no');
  const shippingSameAsBilling = readYesNo(cells.shippingSameAsBilling);
  if (shippingSameAsBilling === undefined) problems.push('Same as billing must be yes or no');
  const checked = validate(customerFieldsSchema, {
    name: cells.name,
    email: cells.email,
    licenseNumber: cells.licenseNumber,
    paymentTerms,
    priceListId,
    repUserId,
    holdWhenOverdue,
    tags: cells.tags.split(/[;,]/).filter((tag) => tag.trim() !== ''),
    ...Object.fromEntries(CUSTOMER_CONTACT_FIELDS.map((field) => [field, cells[field]])),
    shippingSameAsBilling,
  });
  if (!checked.ok) problems.push(...new Set(Object.values(checked.fieldErrors)));
  return problems.length > 0 || !checked.ok ? { error: problems.join('; ') } : { values: checked.data };
}

/** The field each column sets, where the two are named apart. */
const FIELD_OF_COLUMN: Partial<Record<Column, keyof CustomerFields>> = { priceList: 'priceListId', rep: 'repUserId' };

/** An update's fields: those of the columns the file has. */
function onlyColumnsOf(values: CustomerCsvValues, columns: readonly string[]): CustomerCsvValues {
  const given = new Set<string>(columns.map((column) => FIELD_OF_COLUMN[column as Column] ?? column));
  return { ...Object.fromEntries(Object.entries(values).filter(([field]) => given.has(field))), name: values.name };
}

/** Reads a customers file against the book, the team's price lists and its members. */
export function parseCustomersCsv(text: string, book: readonly Customer[], context: CustomerCsvContext): CustomerCsvParse {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { rows: [], ignoredColumns: [], error: 'The file is empty.' };
  const result = parse<Record<string, string | undefined>>(source, {
    header: true,
    skipEmptyLines: false,
    newline: '\n',
    transformHeader: readColumn,
  });
  const fields = result.meta.fields ?? [];
  const ignoredColumns = unknownColumns(fields, CUSTOMER_CSV_COLUMNS);
  if (!fields.includes('name')) return { rows: [], ignoredColumns, error: 'The file has no name column: export the book to see the columns.' };
  const found = lookups(book, context);
  const claimed = new Map<string, number>();
  const rows: CustomerCsvRow[] = [];
  result.data.forEach((record, index) => {
    const cells = Object.fromEntries(CUSTOMER_CSV_COLUMNS.map((column) => [column, withoutFormulaGuard(record[column] ?? '')])) as Record<Column, string>;
    if (Object.values(cells).every((cell) => cell.trim() === '')) return;
    const line = index + 2;
    const label = cells.name.trim() || cells.email.trim();
    const id = cells.id.trim();
    const customerId = id && found.byId.has(id) ? id : found.byEmail.get(cells.email.trim().toLowerCase());
    const key = customerId ?? (cells.email.trim().toLowerCase() || `line ${line}`);
    const earlier = claimed.get(key);
    if (earlier !== undefined) return rows.push({ line, label, error: `Row ${earlier} already sets this customer` });
    claimed.set(key, line);
    const checked = checkRow(cells, found);
    if (customerId && checked.values) checked.values = onlyColumnsOf(checked.values, fields);
    rows.push({ line, label, ...(customerId ? { customerId } : {}), ...checked });
  });
  return rows.length === 0 ? { rows, ignoredColumns, error: 'The file has a header but no customer rows.' } : { rows, ignoredColumns };
}
