/**
 * Reading and writing single CSV cells the way every import and export of the product does: headers matched
 * loosely, numbers as spreadsheets write them, and cells a spreadsheet would run as formulas kept inert.
 */

/** 'Strain Name', 'strain_name' and 'STRAINNAME' all give the same key. */
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
 * return) as a formula, and names are typed by people. Such a cell gets a
 * leading apostrophe, unless it is a plain number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** Yes/no cells as people type them; undefined when the cell is neither. */
export function readYesNo(text: string): boolean | undefined {
  const key = headerKey(text);
  if (['', 'no', 'n', 'false', '0', 'off'].includes(key)) return false;
  if (['yes', 'y', 'true', '1', 'x', 'on'].includes(key)) return true;
  return undefined;
}
