/**
 * Bulk import from a CSV file: download the template, pick a file, see every
 * row checked (with the row number and what is wrong) and whether it adds a
 * product or updates one, and only then import. Each row becomes one
 * 'product.create' or 'product.update' made on the device, so an import works
 * with no signal and syncs later; rows with errors are skipped.
 */
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { CATEGORY_LABELS } from '../../../sync/constants';
import type { Product } from '../../../sync/entities/product';
import { AppError } from '../../../sync/errors';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatPrice, formatQuantity } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { useTeamAllowances } from '../../lib/team-role';
import { toast } from '../../lib/toast-store';
import { templateHref } from './download-csv';
import { CSV_COLUMNS, MAX_IMPORT_BYTES, parseProductCsv, rowMessage, TEMPLATE_FILE_NAME, type ProductCsvParse, type ProductCsvRow } from './product-csv';
import { planImport, type ImportPlan, type ImportStep } from './product-import-plan';

type Stage =
  | { kind: 'choose'; error?: string }
  | { kind: 'preview'; fileName: string; parsed: ProductCsvParse }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; added: number; updated: number; skipped: ProductCsvRow[]; failure?: string };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "3 products", or "8 products: 6 updated, 2 added" when the import updated some. */
function importedSummary(added: number, updated: number): string {
  const total = plural(added + updated, 'product');
  return updated === 0 ? total : `${total}: ${updated} updated, ${added} added`;
}

export function ProductImportDialog({ open, onOpenChange, catalogue }: { open: boolean; onOpenChange: (open: boolean) => void; catalogue: readonly Product[] }) {
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

  async function runImport(plan: ImportPlan) {
    const writes = plan.steps.filter((step) => step.kind === 'add' || Object.keys(step.changes).length > 0);
    let added = 0;
    let updated = 0;
    let failure: string | undefined;
    setStage({ kind: 'importing', done: 0, total: writes.length });
    for (const step of writes) {
      try {
        await write(step);
        if (step.kind === 'add') added += 1;
        else updated += 1;
        setStage({ kind: 'importing', done: added + updated, total: writes.length });
      } catch (error) {
        failure = `Row ${step.row.line} and the rows after it were not imported: ${error instanceof AppError ? error.message : 'Failed to create product'}`;
        break;
      }
    }
    setStage({ kind: 'done', added, updated, skipped: plan.skipped, failure });
    if (failure) toast({ title: 'Error', description: `Imported ${added + updated} of ${writes.length} products. ${failure}`, variant: 'destructive' });
    else
      toast({
        title: `Imported ${importedSummary(added, updated)}`,
        description: plan.skipped.length ? `${plural(plan.skipped.length, 'row')} with errors skipped.` : undefined,
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
            One product per row, with the columns <span className="break-words font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>. Only strainName is required. A row with the id or
            SKU of one of your products updates it; any other row adds a product. Nothing is saved until you press Import.
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
          {stage.kind === 'preview' && <ImportPreview parsed={stage.parsed} catalogue={catalogue} onCancel={() => close(false)} onImport={(plan) => void runImport(plan)} />}
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

function write(step: ImportStep): Promise<unknown> {
  return step.kind === 'add'
    ? mutate({ name: 'product.create', args: { ...step.values, id: crypto.randomUUID(), selectedMenus: [] } })
    : mutate({ name: 'product.update', args: { id: step.product.id, changes: step.changes } });
}

/** What a planned row will do, as the preview's Status column says it. */
function stepLabel(step: ImportStep): string {
  if (step.kind === 'add') return 'New';
  return Object.keys(step.changes).length > 0 ? `Updates ${step.product.strainName}` : 'No change';
}

function ImportPreview({
  parsed,
  catalogue,
  onCancel,
  onImport,
}: {
  parsed: ProductCsvParse;
  catalogue: readonly Product[];
  onCancel: () => void;
  onImport: (plan: ImportPlan) => void;
}) {
  const { changePricesAndStock } = useTeamAllowances();
  const plan = useMemo(() => planImport(parsed, catalogue, { setsPriceAndStock: changePricesAndStock }), [parsed, catalogue, changePricesAndStock]);
  const stepOf = new Map(plan.steps.map((step) => [step.row.line, step]));
  const errorOf = new Map(plan.skipped.map((row) => [row.line, row.error]));
  const valid = plan.steps.length;
  const bad = plan.skipped;
  const toWrite = plan.adds + plan.updates;
  return (
    <section aria-label="Preview" className="grid gap-3">
      <p role="status" className="text-sm font-medium text-stone-900">
        {valid} of {plural(parsed.rows.length, 'row')} {valid === 1 ? 'is' : 'are'} valid
        {bad.length > 0 && `; ${plural(bad.length, 'row')} with errors will be skipped`}.
      </p>
      <p className="text-sm text-stone-700">
        Will update {plan.updates}, add {plan.adds}
        {plan.unchanged > 0 && `; ${plural(plan.unchanged, 'row')} ${plan.unchanged === 1 ? 'matches its product' : 'match their products'} already`}.
      </p>
      {parsed.ignoredColumns.length > 0 && <p className="text-sm text-stone-600">Columns left out: {parsed.ignoredColumns.join(', ')}.</p>}
      {plan.leftOut.length > 0 && (
        <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          Left out: {plan.leftOut.join(', ')}. Reps do not set prices or stock; new products come without them until an owner or a manager sets them.
        </p>
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
              <PreviewRow key={row.line} row={row} step={stepOf.get(row.line)} error={errorOf.get(row.line)} leftOut={plan.leftOut} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={toWrite === 0} onClick={() => onImport(plan)}>
          Import {plural(toWrite, 'product')}
        </Button>
      </div>
    </section>
  );
}

/** One row of the file: what it holds, and what importing it will do or why it is skipped. */
function PreviewRow({ row, step, error, leftOut }: { row: ProductCsvRow; step: ImportStep | undefined; error: string | undefined; leftOut: readonly string[] }) {
  const values = step ? row.values : undefined;
  const shown = (column: 'pricePerUnit' | 'availableQuantity', text: string) => (leftOut.includes(column) ? <span className="text-stone-500">Left out</span> : text);
  return (
    <tr className={values ? 'border-t border-stone-100 align-top' : 'border-t border-stone-100 bg-red-50 align-top'}>
      <td className="px-2 py-1.5 tabular-nums">{row.line}</td>
      <td className="max-w-48 truncate px-2 py-1.5 font-medium">
        {values?.strainName ?? (row.cells.strainName.trim() || <span className="font-normal text-stone-600 italic">blank</span>)}
      </td>
      <td className="px-2 py-1.5">{values ? CATEGORY_LABELS[values.category] : row.cells.category}</td>
      <td className="px-2 py-1.5 whitespace-nowrap">{values ? shown('pricePerUnit', formatPrice(values.pricePerUnit)) : row.cells.pricePerUnit}</td>
      <td className="px-2 py-1.5 whitespace-nowrap">
        {values ? shown('availableQuantity', formatQuantity(values.availableQuantity, values.unitType)) : row.cells.availableQuantity}
      </td>
      <td className={step ? 'px-2 py-1.5 text-brand-800' : 'min-w-64 px-2 py-1.5 text-red-800'}>{step ? stepLabel(step) : error}</td>
    </tr>
  );
}

function ImportResult({ stage, onAgain, onClose }: { stage: Extract<Stage, { kind: 'done' }>; onAgain: () => void; onClose: () => void }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm font-medium text-stone-900">
        Imported {importedSummary(stage.added, stage.updated)}.
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
