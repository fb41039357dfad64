/**
 * A CSV file as a table: its header cells as the file writes them, and each
 * row's cells with the number a spreadsheet shows for it (the header is row
 * 1). What the columns mean is decided afterwards (product-csv-mapping.ts), so
 * the same reading serves every mapping the seller tries.
 */
import { parse } from 'papaparse';
import { withoutFormulaGuard } from '../../../sync/rules/csv-cells';

export type CsvRecord = {
  /** The row's number as a spreadsheet shows it: the header is row 1, the first product row 2. */
  line: number;
  /** The row's cells, one for each header cell ('' where the row is short). */
  cells: string[];
  /** What makes the row unreadable as a whole, when something does. */
  error?: string;
};

export type CsvTable = { headers: string[]; records: CsvRecord[] };

export const TOO_MANY_CELLS = 'It has more cells than the header has columns (is a comma in a value missing its quotes?)';
export const UNCLOSED_QUOTE = 'A quoted value is not closed';

/**
 * Reads a file's text. Blank lines (and rows of empty cells, as spreadsheets
 * leave at the end) are skipped but still counted, so each row keeps the
 * number the seller sees in their spreadsheet.
 */
export function readCsvTable(text: string): CsvTable | { error: string } {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { error: 'The file is empty.' };

  // skipEmptyLines is off on purpose: a skipped line would shift every later row number; blank rows are dropped below.
  const result = parse<string[]>(source, { header: false, skipEmptyLines: false, newline: '\n' });
  const [headerRow = [], ...rows] = result.data;
  const headers = headerRow.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  // An unclosed quote runs to the end of the file, so it is the last row that is broken.
  const unclosedAt = result.errors.some((error) => error.type === 'Quotes') ? rows.length - 1 : -1;

  const records: CsvRecord[] = [];
  rows.forEach((row, index) => {
    if (row.every((cell) => cell.trim() === '')) return;
    const cells = headers.map((_, column) => withoutFormulaGuard(row[column] ?? ''));
    const error = index === unclosedAt ? UNCLOSED_QUOTE : row.length > headers.length ? TOO_MANY_CELLS : undefined;
    records.push({ line: index + 2, cells, ...(error && { error }) });
  });
  return { headers, records };
}
