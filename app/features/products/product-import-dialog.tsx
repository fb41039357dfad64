/**
 * Bulk import from a CSV file: download the template, pick a file, see every
 * row checked (with the row number and what is wrong), and only then import.
 * Each valid row becomes one 'product.create' made on the device, so an import
 * works with no signal and syncs later; rows with errors are skipped.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { CATEGORY_LABELS } from '../../../sync/constants';
import { AppError } from '../../../sync/errors';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatPrice, formatQuantity } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { templateHref } from './download-csv';
import { CSV_COLUMNS, MAX_IMPORT_BYTES, parseProductCsv, rowMessage, TEMPLATE_FILE_NAME, type ProductCsvParse, type ProductCsvRow } from './product-csv';

type Stage =
  | { kind: 'choose'; error?: string }
  | { kind: 'preview'; fileName: string; parsed: ProductCsvParse }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; imported: number; skipped: ProductCsvRow[]; failure?: string };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function ProductImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [inputKey, setInputKey] = useState(0);
  const fileId = useId();
  const importing = stage.kind === 'importing';

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return setStage({ kind: 'choose' });
    if (file.size > MAX_IMPORT_BYTES) return setStage({ kind: 'choose', error: 'The file is larger than 2 MB. Split it into smaller files.' });
    try {
      const parsed = parseProductCsv(await file.text());
      setStage(parsed.error ? { kind: 'choose', error: parsed.error } : { kind: 'preview', fileName: file.name, parsed });
    } catch {
      setStage({ kind: 'choose', error: 'The file could not be read.' });
    }
  }

  async function runImport(rows: ProductCsvRow[]) {
    const valid = rows.filter((row) => row.values);
    const skipped = rows.filter((row) => !row.values);
    let imported = 0;
    let failure: string | undefined;
    setStage({ kind: 'importing', done: 0, total: valid.length });
    for (const row of valid) {
      try {
        await mutate({ name: 'product.create', args: { ...row.values!, id: crypto.randomUUID(), selectedMenus: [] } });
        imported += 1;
        setStage({ kind: 'importing', done: imported, total: valid.length });
      } catch (error) {
        failure = `Row ${row.line} and the rows after it were not imported: ${error instanceof AppError ? error.message : 'Failed to create product'}`;
        break;
      }
    }
    setStage({ kind: 'done', imported, skipped, failure });
    if (failure) toast({ title: 'Error', description: `Imported ${imported} of ${valid.length} products. ${failure}`, variant: 'destructive' });
    else
      toast({
        title: `Imported ${plural(imported, 'product')}`,
        description: skipped.length ? `${plural(skipped.length, 'row')} with errors skipped.` : undefined,
        variant: 'success',
      });
  }

  function startOver() {
    setStage({ kind: 'choose' });
    setInputKey((key) => key + 1);
  }

  function close(next: boolean) {
    if (importing) return;
    if (!next) startOver();
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Import products from CSV" className="sm:max-w-2xl">
      {stage.kind === 'done' ? (
        <ImportResult stage={stage} onAgain={startOver} onClose={() => close(false)} />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-stone-600">
            One product per row, with the columns <span className="break-words font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>. Only strainName is
            required. Nothing is saved until you press Import.
          </p>
          <p>
            <a href={templateHref()} download={TEMPLATE_FILE_NAME} className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
              Download template
            </a>
          </p>
          <div className="grid gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
              CSV file
            </label>
            <input
              key={inputKey}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={importing}
              onChange={(event) => void pick(event)}
              aria-describedby={stage.kind === 'choose' && stage.error ? `${fileId}-error` : undefined}
              className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-stone-900 hover:file:bg-stone-50"
            />
            {stage.kind === 'choose' && stage.error && (
              <p id={`${fileId}-error`} role="alert" className="text-sm text-red-700">
                {stage.error}
              </p>
            )}
          </div>
          {stage.kind === 'preview' && <ImportPreview parsed={stage.parsed} onCancel={() => close(false)} onImport={(rows) => void runImport(rows)} />}
          {stage.kind === 'importing' && (
            <p role="status" className="text-sm text-stone-700">
              Importing {stage.done} of {plural(stage.total, 'product')}…
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

function ImportPreview({ parsed, onCancel, onImport }: { parsed: ProductCsvParse; onCancel: () => void; onImport: (rows: ProductCsvRow[]) => void }) {
  const valid = parsed.rows.filter((row) => row.values).length;
  const bad = parsed.rows.filter((row) => !row.values);
  return (
    <section aria-label="Preview" className="grid gap-3">
      <p role="status" className="text-sm font-medium text-stone-900">
        {valid} of {plural(parsed.rows.length, 'row')} {valid === 1 ? 'is' : 'are'} valid
        {bad.length > 0 && `; ${plural(bad.length, 'row')} with errors will be skipped`}.
      </p>
      {parsed.ignoredColumns.length > 0 && (
        <p className="text-sm text-stone-600">Columns left out: {parsed.ignoredColumns.join(', ')}.</p>
      )}
      {bad.length > 0 && (
        <div className="rounded-lg border border-red-200 bg-red-50 p-3">
          <h3 className="text-sm font-semibold text-red-900">Rows with errors</h3>
          <ul aria-label="Rows with errors" className="mt-1 grid max-h-40 gap-1 overflow-y-auto text-sm text-red-800">
            {bad.map((row) => (
              <li key={row.line} className="break-words">
                {rowMessage(row)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="max-h-72 overflow-auto rounded-lg border border-stone-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows read from the file</caption>
          <thead className="sticky top-0 bg-stone-100 text-xs text-stone-700">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                Row
              </th>
              <th scope="col" className="px-2 py-1.5">
                Strain name
              </th>
              <th scope="col" className="px-2 py-1.5">
                Category
              </th>
              <th scope="col" className="px-2 py-1.5">
                Price
              </th>
              <th scope="col" className="px-2 py-1.5">
                Quantity
              </th>
              <th scope="col" className="px-2 py-1.5">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {parsed.rows.map((row) => (
              <tr key={row.line} className={row.values ? 'border-t border-stone-100 align-top' : 'border-t border-stone-100 bg-red-50 align-top'}>
                <td className="px-2 py-1.5 tabular-nums">{row.line}</td>
                <td className="max-w-48 truncate px-2 py-1.5 font-medium">
                  {row.values?.strainName ?? (row.cells.strainName.trim() || <span className="font-normal text-stone-500 italic">blank</span>)}
                </td>
                <td className="px-2 py-1.5">{row.values ? CATEGORY_LABELS[row.values.category] : row.cells.category}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{row.values ? formatPrice(row.values.pricePerUnit) : row.cells.pricePerUnit}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{row.values ? formatQuantity(row.values.availableQuantity, row.values.unitType) : row.cells.availableQuantity}</td>
                <td className={row.values ? 'px-2 py-1.5 text-brand-800' : 'min-w-64 px-2 py-1.5 text-red-800'}>{row.values ? 'Ready' : row.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={valid === 0} onClick={() => onImport(parsed.rows)}>
          Import {plural(valid, 'product')}
        </Button>
      </div>
    </section>
  );
}

function ImportResult({ stage, onAgain, onClose }: { stage: Extract<Stage, { kind: 'done' }>; onAgain: () => void; onClose: () => void }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm font-medium text-stone-900">
        Imported {plural(stage.imported, 'product')}.
      </p>
      {stage.failure && (
        <p role="alert" className="text-sm text-red-700">
          {stage.failure}
        </p>
      )}
      {stage.skipped.length > 0 && (
        <div className="rounded-lg border border-red-200 bg-red-50 p-3">
          <h3 className="text-sm font-semibold text-red-900">Skipped {plural(stage.skipped.length, 'row')}</h3>
          <ul aria-label="Skipped rows" className="mt-1 grid max-h-40 gap-1 overflow-y-auto text-sm text-red-800">
            {stage.skipped.map((row) => (
              <li key={row.line} className="break-words">
                {rowMessage(row)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onAgain}>
          Import another file
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
