/**
 * Bulk import from a CSV file: download the template, pick a file (ours, or
 * another system's export), match what has no sure match in the mapping step,
 * see every row checked (with the row number and what is wrong) and whether it
 * adds a product or updates one (and what changes), and only then import. Each
 * row becomes one 'product.create' or 'product.update' made on the device, so
 * an import works with no signal and syncs later; rows with errors are skipped.
 */
import { useId, useState, type ChangeEvent } from 'react';
import type { Product } from '../../../sync/entities/product';
import { AppError } from '../../../sync/contract/errors';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { readCsvTable, type CsvTable } from './csv-table';
import { templateHref } from './download-csv';
import { CSV_COLUMNS, MAX_IMPORT_BYTES, readProductRows, rowMessage, TEMPLATE_FILE_NAME, type ProductCsvParse, type ProductCsvRow } from './product-csv';
import { choiceSummary, mapImport, rememberedAfter, type ImportChoices, type ImportMapping } from './product-csv-mapping';
import { rememberedImportChoices, rememberImportChoices } from './product-import-choices';
import { ImportMappingStep } from './product-import-mapping-step';
import type { ImportPlan, ImportStep } from './product-import-plan';
import { ImportPreview, plural } from './product-import-preview';

type Stage =
  | { kind: 'choose'; error?: string }
  | { kind: 'mapping'; table: CsvTable; choices: ImportChoices; remembered: ImportChoices }
  | { kind: 'preview'; table: CsvTable; mapping: ImportMapping; parsed: ProductCsvParse; remembered: ImportChoices }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; added: number; updated: number; skipped: ProductCsvRow[]; failure?: string };

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
    let table: CsvTable | { error: string };
    try {
      table = readCsvTable(await file.text());
    } catch {
      return setStage({ kind: 'choose', error: 'The file could not be read.' });
    }
    if ('error' in table) return setStage({ kind: 'choose', error: table.error });
    const remembered = await rememberedImportChoices();
    const mapping = mapImport(table, remembered);
    // Asked when the file holds something never answered, or when an answer must change before the rows can be read.
    const ask = mapping.unanswered > 0 || (mapping.problems.length > 0 && mapping.columnQuestions.length > 0);
    if (ask) setStage({ kind: 'mapping', table, choices: mapping.choices, remembered });
    else preview(table, mapping, remembered);
  }

  function preview(table: CsvTable, mapping: ImportMapping, remembered: ImportChoices) {
    const parsed = readProductRows(table, mapping);
    setStage(parsed.error ? { kind: 'choose', error: parsed.error } : { kind: 'preview', table, mapping, parsed, remembered });
  }

  async function matched(table: CsvTable, mapping: ImportMapping, earlier: ImportChoices) {
    const remembered = rememberedAfter(earlier, mapping);
    await rememberImportChoices(remembered);
    preview(table, mapping, remembered);
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
            SKU of one of your products updates it; any other row adds a product. Exports from other systems work too: what has no sure match is asked about first, and your answers
            are remembered. Nothing is saved until you press Import.
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
          {stage.kind === 'mapping' && (
            <ImportMappingStep
              table={stage.table}
              initial={stage.choices}
              onCancel={() => close(false)}
              onContinue={(mapping) => void matched(stage.table, mapping, stage.remembered)}
            />
          )}
          {stage.kind === 'preview' && (
            <ImportPreview
              parsed={stage.parsed}
              catalogue={catalogue}
              matched={choiceSummary(stage.mapping)}
              onChangeMatching={() => setStage({ kind: 'mapping', table: stage.table, choices: stage.mapping.choices, remembered: stage.remembered })}
              onCancel={() => close(false)}
              onImport={(plan) => void runImport(plan)}
            />
          )}
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
          <ScrollRegion label="Skipped rows" className="mt-1 max-h-40">
            <ul aria-label="Skipped rows" className="grid gap-1 text-sm text-red-800">
              {stage.skipped.map((row) => (
                <li key={row.line} className="break-words">
                  {rowMessage(row)}
                </li>
              ))}
            </ul>
          </ScrollRegion>
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
