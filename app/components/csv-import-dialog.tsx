/**
 * Importing a CSV file whose rows a pure reader has already checked: pick the file, see every row with its number
 * and its error, and only then import the valid ones. Nothing is written until Import is pressed.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { AppError } from '../../sync/contract/errors';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { ScrollRegion } from './ui/scroll-region';

export type CheckedCsvRow = { line: number; label: string; error?: string };
export type CheckedCsv<Row extends CheckedCsvRow> = { rows: Row[]; error?: string; /** Header cells that are none of the columns, left out. */ ignoredColumns: string[] };

const MAX_BYTES = 2 * 1024 * 1024;

type Stage<Row> =
  { kind: 'choose'; error?: string } | { kind: 'preview'; rows: Row[]; ignoredColumns: string[] } | { kind: 'importing' } | { kind: 'done'; message: string; failed: boolean };

export function CsvImportDialog<Row extends CheckedCsvRow>({
  title,
  help,
  noun,
  read,
  onImport,
  onClose,
}: {
  title: string;
  help: string;
  /** What one row is ("customer", "product"). */
  noun: string;
  read: (text: string) => CheckedCsv<Row>;
  /** Writes the valid rows; answers what was done. */
  onImport: (rows: Row[]) => Promise<string>;
  onClose: () => void;
}) {
  const [stage, setStage] = useState<Stage<Row>>({ kind: 'choose' });
  const fileId = useId();

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return setStage({ kind: 'choose' });
    if (file.size > MAX_BYTES) return setStage({ kind: 'choose', error: 'The file is larger than 2 MB. Split it into smaller files.' });
    try {
      const checked = read(await file.text());
      setStage(checked.error ? { kind: 'choose', error: checked.error } : { kind: 'preview', rows: checked.rows, ignoredColumns: checked.ignoredColumns });
    } catch {
      setStage({ kind: 'choose', error: 'The file could not be read.' });
    }
  }

  async function runImport(rows: Row[]) {
    setStage({ kind: 'importing' });
    try {
      setStage({ kind: 'done', message: await onImport(rows), failed: false });
    } catch (error) {
      setStage({ kind: 'done', message: error instanceof AppError ? error.message : 'The import failed.', failed: true });
    }
  }

  const valid = stage.kind === 'preview' ? stage.rows.filter((row) => !row.error) : [];
  const plural = (count: number) => `${count} ${count === 1 ? noun : `${noun}s`}`;
  return (
    <Dialog open onOpenChange={(open) => !open && stage.kind !== 'importing' && onClose()} title={title} className="sm:max-w-2xl">
      <div className="grid gap-4">
        <p className="text-sm text-stone-600">{help}</p>
        {stage.kind !== 'done' && (
          <div className="grid gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={stage.kind === 'importing'}
              onChange={(event) => void pick(event)}
              className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            {stage.kind === 'choose' && stage.error && (
              <p role="alert" className="text-sm text-red-700">
                {stage.error}
              </p>
            )}
          </div>
        )}
        {stage.kind === 'preview' && (
          <section aria-label="Preview" className="grid gap-3">
            <p role="status" className="text-sm font-medium text-stone-900">
              {valid.length} of {stage.rows.length} rows are valid{valid.length < stage.rows.length && '; rows with errors will be skipped'}.
            </p>
            {stage.ignoredColumns.length > 0 && <p className="text-sm text-stone-600">Columns left out: {stage.ignoredColumns.join(', ')}.</p>}
            <ScrollRegion label="Rows read from the file" className="max-h-72 rounded-lg border border-stone-200">
              <ul aria-label="Rows read from the file" className="grid gap-1 p-2 text-sm">
                {stage.rows.map((row) => (
                  <li key={row.line} className={row.error ? 'break-words text-red-800' : 'text-stone-800'}>
                    Row {row.line}: {row.label || 'blank'} {row.error ? `— ${row.error}` : '— OK'}
                  </li>
                ))}
              </ul>
            </ScrollRegion>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button disabled={valid.length === 0} onClick={() => void runImport(valid)}>
                Import {plural(valid.length)}
              </Button>
            </div>
          </section>
        )}
        {stage.kind === 'importing' && (
          <p role="status" className="text-sm text-stone-700">
            Importing…
          </p>
        )}
        {stage.kind === 'done' && (
          <>
            <p role={stage.failed ? 'alert' : 'status'} className={stage.failed ? 'text-sm text-red-700' : 'text-sm font-medium text-stone-900'}>
              {stage.message}
            </p>
            <div className="flex justify-end">
              <Button onClick={onClose}>Done</Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
