/** What every CSV import and export of the app shares: header names read loosely, numbers as spreadsheets write them, and cells no spreadsheet runs as formulas. */
import { parse, unparse } from 'papaparse';

/** 'Strain Name', 'strain_name' and 'STRAINNAME' all read as one key. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
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
 * return) as a formula, and names and notes are typed by people. Such a cell
 * gets a leading apostrophe, unless it is a plain number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** Rows as CSV with a header, each cell guarded; commas, quotes and line breaks are quoted. */
export function toCsv(columns: readonly string[], rows: readonly string[][]): string {
  return `${unparse({ fields: [...columns], data: rows.map((row) => row.map(guardFormula)) }, { newline: '\r\n' })}\r\n`;
}

/** A file's rows read as the columns `aliases` name (by `headerKey`), with each row's number as a spreadsheet shows it (the header is row 1); blank rows are skipped but counted. */
export function readCsvRows<C extends string>(
  text: string,
  columns: readonly C[],
  aliases: Record<string, C>,
): { rows: Array<{ line: number; cells: Record<C, string> }>; fields: string[]; error?: string } {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { rows: [], fields: [], error: 'The file is empty.' };
  const byKey: Record<string, C> = { ...Object.fromEntries(columns.map((column) => [headerKey(column), column])), ...aliases };
  const result = parse<Record<string, string | string[] | undefined>>(source, {
    header: true,
    skipEmptyLines: false,
    newline: '\n',
    transformHeader: (header) => byKey[headerKey(header)] ?? header.trim(),
  });
  const rows: Array<{ line: number; cells: Record<C, string> }> = [];
  result.data.forEach((record, index) => {
    const blank = Object.values(record).every((value) => (Array.isArray(value) ? value.join('') : (value ?? '')).trim() === '');
    if (blank) return;
    const cells = Object.fromEntries(columns.map((column) => [column, withoutFormulaGuard(typeof record[column] === 'string' ? (record[column] as string) : '')])) as Record<
      C,
      string
    >;
    rows.push({ line: index + 2, cells });
  });
  return { rows, fields: result.meta.fields ?? [] };
}
