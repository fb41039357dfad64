/**
 * The preview of an import: every row with its number, what it holds, and
 * what importing it will do (add a product, or update one, saying what
 * changes: "Price $10.00 → $12.00, stock 5 → 8") or why it is skipped.
 */
import { useMemo } from 'react';
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import type { Product } from '../../../sync/entities/product';
import { Button } from '../../components/ui/button';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { formatPrice, formatQuantity } from '../../lib/format-price';
import { useTeamAllowances } from '../../lib/team-role';
import { rowMessage, type ProductCsvParse, type ProductCsvRow } from './product-csv';
import { changeSummary, planImport, type ImportPlan, type ImportStep } from './product-import-plan';

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function ImportPreview({
  parsed,
  catalogue,
  matched,
  onChangeMatching,
  onCancel,
  onImport,
}: {
  parsed: ProductCsvParse;
  catalogue: readonly Product[];
  /** The mapping step's answers in words; none when the file needed none. */
  matched: readonly string[];
  onChangeMatching: () => void;
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
      {matched.length > 0 && (
        <div className="grid gap-1 rounded-md bg-stone-50 p-2 text-sm text-stone-700">
          <p>Matched as you chose:</p>
          <ul aria-label="Matched as you chose" className="list-disc pl-5">
            {matched.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
          <p>
            <Button variant="outline" size="sm" onClick={onChangeMatching}>
              Change matching
            </Button>
          </p>
        </div>
      )}
      {parsed.ignoredColumns.length > 0 && <p className="text-sm break-words text-stone-600">Columns left out: {parsed.ignoredColumns.join(', ')}.</p>}
      {plan.leftOut.length > 0 && (
        <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          Left out: {plan.leftOut.join(', ')}. Reps do not set prices or stock; new products come without them until an owner or a manager sets them.
        </p>
      )}
      {bad.length > 0 && (
        <div className="rounded-lg border border-red-200 bg-red-50 p-3">
          <h3 className="text-sm font-semibold text-red-900">Rows with errors</h3>
          <ScrollRegion label="Rows with errors" className="mt-1 max-h-40">
            <ul aria-label="Rows with errors" className="grid gap-1 text-sm text-red-800">
              {bad.map((row) => (
                <li key={row.line} className="break-words">
                  {rowMessage(row)}
                </li>
              ))}
            </ul>
          </ScrollRegion>
        </div>
      )}
      <ScrollRegion label="Rows read from the file" className="max-h-72 rounded-lg border border-stone-200">
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
      </ScrollRegion>
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

/** What a planned row will do, as the preview's Status column says it. */
function StepStatus({ step }: { step: ImportStep }) {
  if (step.kind === 'add') return 'New';
  if (Object.keys(step.changes).length === 0) return 'No change';
  return (
    <>
      Updates {step.product.strainName}
      <span className="block text-xs text-stone-700">{changeSummary(step.product, step.changes)}</span>
    </>
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
      <td className={step ? 'min-w-48 px-2 py-1.5 text-brand-800' : 'min-w-64 px-2 py-1.5 text-red-800'}>{step ? <StepStatus step={step} /> : error}</td>
    </tr>
  );
}
