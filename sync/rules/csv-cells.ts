/**
 * Reading and writing CSV the way every import and export of the product does: headers matched loosely (and only
 * to the product's own columns), numbers as spreadsheets write them, cells a spreadsheet would run as formulas
 * kept inert, and cells quoted wherever a spreadsheet could split them.
 */
// papaparse is CommonJS whose exports Node cannot name on import: its default export is the whole module.
import Papa from 'papaparse';

/** 'Strain Name', 'strain_name' and 'STRAINNAME' all give the same key. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Reads a file's header cells as the product's columns: a column's own name or one of its aliases as that column,
 * any other name as itself, an unknown column that is left out. The names are looked up in a Map, never as an
 * object's keys, so a header such as `constructor` or `__proto__` is only ever an unknown column.
 */
export function columnReader<Column extends string>(columns: readonly Column[], aliases: Readonly<Record<string, Column>> = {}): (header: string) => string {
  const byKey = new Map<string, Column>([...columns.map((column) => [headerKey(column), column] as const), ...Object.entries(aliases)]);
  return (header) => byKey.get(headerKey(header)) ?? header.trim();
}

/** The header cells of a file that are none of the columns, as the file names them. */
export function unknownColumns(fields: readonly string[], columns: readonly string[]): string[] {
  return fields.filter((field) => field !== '' && !columns.includes(field));
}

/** Our export puts an apostrophe before a cell that a spreadsheet would run as a formula; reading it back takes it off. */
export function withoutFormulaGuard(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/**
 * A number as spreadsheets and price lists write it: '$1,700.00', 'US$ 950',
 * '1,700 USD' and '24.5 %' read as '1700.00', '950', '1700' and '24.5'. Only
 * well-placed thousands separators are taken out, so '1,70' stays wrong and
 * is refused by the schema rather than read as 170.
 */
export function plainNumber(text: string): string {
  const bare = text
    .trim()
    .replace(/^(?:US\$|USD|\$)\s*/i, '')
    .replace(/\s*(?:USD|%)$/i, '');
  return /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(bare) ? bare.replaceAll(',', '') : bare;
}

/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula, and names are typed by people. Such a cell gets a
 * leading apostrophe, unless it starts with a sign and holds only a number or
 * a phone number ('-0', '+12.5', '+1 (555) 010-0100'), which can do no harm.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-][\d ().-]*$/;

export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) && !SIGNED_NUMBER.test(cell) ? `'${cell}` : cell;
}

/**
 * Spreadsheets set to a European locale split a line on semicolons, and some
 * tools on tabs; papaparse quotes commas, quotes and line breaks itself.
 */
const SPLITS_IN_SOME_SPREADSHEET = /[;\t\r\n]/;

/**
 * A whole CSV file as every export writes it: the header, then one line per
 * row, each cell guarded against running as a formula and quoted wherever
 * any spreadsheet could split it, every line ended by CRLF (RFC 4180).
 */
export function csvFile(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const text = Papa.unparse(
    { fields: [...header], data: rows.map((row) => row.map(guardFormula)) },
    { newline: '\r\n', quotes: (value: unknown) => SPLITS_IN_SOME_SPREADSHEET.test(String(value)) },
  );
  // Papaparse ends the header alone with a line break, but never the last row.
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** Yes/no cells as people type them; undefined when the cell is neither. */
export function readYesNo(text: string): boolean | undefined {
  const key = headerKey(text);
  if (['', 'no', 'n', 'false', '0', 'off'].includes(key)) return false;
  if (['yes', 'y', 'true', '1', 'x', 'on'].includes(key)) return true;
  return undefined;
}
