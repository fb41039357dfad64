/**
 * One price list as a grid: a row per catalogue product with its list price and the list's terms for it. Each row
 * keeps what is typed in its own state and in one shared map, so a keystroke redraws one row, not five hundred;
 * Save checks the whole list with the server's schema and writes `priceList.save` through the outbox (offline too).
 * Owners and managers edit; a rep sees the list read-only.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { priceListSaveSchema, type PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { AppError } from '../../../sync/contract/errors';
import { parsePriceListCsv, priceListToCsv, type PriceListCsvRow } from '../../lib/csv/price-list-csv';
import { validate } from '../../../sync/contract/validation';
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { KeptDraftNotice } from '../../components/kept-draft-notice';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, invalidProps } from '../../components/ui/form-controls';
import { askToConfirm } from '../../lib/confirm-store';
import { useKeptDraft } from '../../lib/drafts';
import { useNavigationGuard } from '../../lib/navigation-guards';
import { useDocumentTitle } from '../../lib/document-title';
import { downloadCsv } from '../../lib/download-csv';
import { formatPrice } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { listProducts } from '../../lib/replica/use-replica';
import { useTeamAllowances } from '../../lib/team-role';
import { toast } from '../../lib/toast-store';
import { draftOf, entriesFromDrafts, rowErrors, type RowDraft } from './price-list-draft';

export function PriceListPage() {
  const { id = 'new' } = useParams();
  return (
    <PageBody>
      <ReplicaGate>
        {(view) => {
          const list = view.priceLists.get(id) ?? null;
          if (id !== 'new' && !list) {
            return (
              <Card className="p-8 text-center text-stone-600">
                This price list does not exist. <Link to="/price-lists">Back to price lists</Link>
              </Card>
            );
          }
          const products = listProducts(view).sort((a, b) => a.strainName.localeCompare(b.strainName));
          return <PriceListEditor key={list?.id ?? 'new'} list={list} products={products} />;
        }}
      </ReplicaGate>
    </PageBody>
  );
}

/** What the page keeps on the device while the list is not saved (app/lib/drafts.ts): the fields and every row as typed. */
type KeptPriceList = { name: string; startsAt: string; endsAt: string; rows: Array<[string, RowDraft]> };

const ROW_EDIT_PAUSE_MS = 300;

function PriceListEditor({ list, products }: { list: PriceList | null; products: Product[] }) {
  useDocumentTitle(list?.name ?? 'New price list');
  const { editPriceLists } = useTeamAllowances();
  const navigate = useNavigate();
  const [id] = useState(() => list?.id ?? crypto.randomUUID());
  const [name, setName] = useState(list?.name ?? '');
  const [startsAt, setStartsAt] = useState(list?.startsAt ?? '');
  const [endsAt, setEndsAt] = useState(list?.endsAt ?? '');
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; rows: Map<string, string> }>({ fields: {}, rows: new Map() });
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  // Rows are drawn again from the drafts after an import replaces them.
  const [generation, setGeneration] = useState(0);
  // One map for the whole grid, changed in place by the rows: typing in a row redraws that row alone.
  const [drafts] = useState(() => new Map((list?.entries ?? []).map((entry) => [entry.productId, draftOf(entry)])));
  // Whether anything was typed since the list was opened or saved: leaving then asks first.
  const [changed, setChanged] = useState(false);
  // Typing in the grid redraws one row; a pause later the rows as typed are copied into state, so the draft kept on the
  // device follows. The draft is drawn from that copy, never from the map itself: a render that React throws away must
  // see what the kept one saw, or the draft stops following the grid.
  const [keptRows, setKeptRows] = useState(() => [...drafts]);
  const rowEditPause = useRef<number | undefined>(undefined);
  const onRowChange = useCallback(
    (productId: string, draft: RowDraft) => {
      drafts.set(productId, draft);
      setChanged(true);
      window.clearTimeout(rowEditPause.current);
      rowEditPause.current = window.setTimeout(() => setKeptRows([...drafts]), ROW_EDIT_PAUSE_MS);
    },
    [drafts],
  );
  useEffect(() => () => window.clearTimeout(rowEditPause.current), []);
  /** A field's change handler: what is typed goes in, and the list now has unsaved work. */
  const typedInto = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setChanged(true);
  };
  const unsaved = changed && editPriceLists;
  // Kept on the device as typed; leaving on purpose drops it.
  const kept = useKeptDraft<KeptPriceList>(`priceList:${list?.id ?? 'new'}`, { name, startsAt, endsAt, rows: keptRows }, unsaved);
  const allowLeaving = useNavigationGuard(unsaved ? { kind: 'unsaved', discard: kept.forget } : null);
  const [restoredDraft, setRestoredDraft] = useState<KeptPriceList | null>(null);
  /** Fills the form with a kept draft, or (with none) with the list as saved. */
  function fill(draft: KeptPriceList | null) {
    setName(draft?.name ?? list?.name ?? '');
    setStartsAt(draft?.startsAt ?? list?.startsAt ?? '');
    setEndsAt(draft?.endsAt ?? list?.endsAt ?? '');
    drafts.clear();
    for (const [productId, row] of draft?.rows ?? (list?.entries ?? []).map((entry) => [entry.productId, draftOf(entry)] as const)) drafts.set(productId, row);
    setKeptRows([...drafts]);
    setGeneration((count) => count + 1);
    setChanged(draft !== null);
  }
  if (kept.restored && kept.restored !== restoredDraft) {
    setRestoredDraft(kept.restored);
    fill(kept.restored);
  }
  function discardDraft() {
    kept.forget();
    fill(null);
  }

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? products.filter((product) => `${product.strainName} ${product.sku ?? ''}`.toLowerCase().includes(needle)) : products;
  }, [products, search]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const { entries, problems } = entriesFromDrafts(
      products.map((product) => product.id),
      drafts,
    );
    const checked = validate(priceListSaveSchema, { id, name, startsAt: startsAt || null, endsAt: endsAt || null, entries });
    const rows = checked.ok ? new Map<string, string>() : rowErrors(entries, checked.fieldErrors);
    for (const [productId, message] of problems) rows.set(productId, message);
    if (!checked.ok || rows.size > 0) {
      setErrors({ fields: checked.ok ? {} : checked.fieldErrors, rows });
      toast({
        title: 'The list was not saved',
        description: rows.size > 0 ? `${rows.size} ${rows.size === 1 ? 'row needs' : 'rows need'} fixing.` : checked.ok ? undefined : checked.message,
        variant: 'destructive',
      });
      return;
    }
    setErrors({ fields: {}, rows: new Map() });
    setSaving(true);
    try {
      await mutate({ name: 'priceList.save', args: checked.data });
      setChanged(false);
      toast({ title: 'Price list saved', variant: 'success' });
      if (!list) void navigate(`/price-lists/${id}`, { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'The price list could not be saved', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!list) return;
    const confirmed = await askToConfirm({
      title: `Delete ${list.name}?`,
      description: 'Customers and menus on this list go back to list prices.',
      confirmLabel: 'Delete price list',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await mutate({ name: 'priceList.delete', args: { id: list.id } });
      toast({ title: 'Price list deleted', variant: 'success' });
      kept.forget();
      allowLeaving();
      void navigate('/price-lists');
    } catch (error) {
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'The price list could not be deleted', variant: 'destructive' });
    }
  }

  async function importRows(rows: PriceListCsvRow[]): Promise<string> {
    const entries = rows.flatMap((row) => (row.entry ? [row.entry] : []));
    for (const entry of entries) drafts.set(entry.productId, draftOf(entry));
    setKeptRows([...drafts]);
    setGeneration((count) => count + 1);
    setChanged(true);
    return `Read ${entries.length} ${entries.length === 1 ? 'product' : 'products'} into the grid. Press Save to keep them.`;
  }

  return (
    <>
      <PageHeader
        title={list?.name ?? 'New price list'}
        subtitle={<Link to="/price-lists">All price lists</Link>}
        actions={
          <>
            <Button variant="outline" disabled={!list} onClick={() => list && downloadCsv(`price-list-${list.name}.csv`, priceListToCsv(list.entries, products))}>
              Export CSV
            </Button>
            {editPriceLists && (
              <Button variant="outline" onClick={() => setImporting(true)}>
                Import CSV
              </Button>
            )}
            {editPriceLists && list && (
              <Button variant="destructive" onClick={() => void remove()}>
                Delete
              </Button>
            )}
          </>
        }
      />
      {importing && (
        <CsvImportDialog
          title="Import prices from CSV"
          help="Columns: product, sku, price, percentOff, hidden, minQuantity, increment, breaks (10@1000.00;25@950.00), productId. Rows match products by productId, SKU or name; the grid takes the valid rows and you save."
          noun="product"
          read={(text) => parsePriceListCsv(text, products)}
          onImport={importRows}
          onClose={() => setImporting(false)}
        />
      )}
      {restoredDraft && unsaved && <KeptDraftNotice what="this price list" onDiscard={discardDraft} />}
      <form onSubmit={(event) => void save(event)} noValidate className="grid gap-4">
        <Card className="grid gap-4 p-4 sm:grid-cols-[minmax(0,2fr)_1fr_1fr_auto] sm:items-end">
          <Field id="price-list-name" label="Name" error={errors.fields.name}>
            <Input id="price-list-name" value={name} disabled={!editPriceLists} onChange={typedInto(setName)} {...invalidProps('price-list-name', errors.fields.name)} />
          </Field>
          <Field id="price-list-starts" label="First day" error={errors.fields.startsAt}>
            <Input id="price-list-starts" type="date" value={startsAt} disabled={!editPriceLists} onChange={typedInto(setStartsAt)} />
          </Field>
          <Field id="price-list-ends" label="Last day" error={errors.fields.endsAt}>
            <Input
              id="price-list-ends"
              type="date"
              value={endsAt}
              disabled={!editPriceLists}
              onChange={typedInto(setEndsAt)}
              {...invalidProps('price-list-ends', errors.fields.endsAt)}
            />
          </Field>
          {editPriceLists ? (
            <Button type="submit" disabled={saving}>
              Save price list
            </Button>
          ) : (
            <p className="text-sm text-stone-600">Only owners and managers change price lists.</p>
          )}
        </Card>
        <Input type="search" aria-label="Search products" placeholder="Search strain name or SKU" value={search} onChange={(event) => setSearch(event.target.value)} />
        {products.length === 0 ? (
          <Card className="p-8 text-center text-stone-600">Add products to your catalogue first: a price list sets their prices for some buyers.</Card>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full min-w-[60rem] text-left text-sm">
              <caption className="sr-only">Prices on this list</caption>
              <thead className="bg-stone-100 text-xs text-stone-700">
                <tr>
                  {['Product', 'List price', 'Their price', '% off', 'Hide', 'Minimum', 'Increment', 'Breaks (qty@price; …)'].map((label) => (
                    <th key={label} scope="col" className="px-2 py-2 font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody key={generation}>
                {visible.map((product) => (
                  <PriceRow
                    key={product.id}
                    productId={product.id}
                    strainName={product.strainName}
                    sku={product.sku}
                    listPrice={product.pricePerUnit}
                    unitType={product.unitType}
                    initial={drafts.get(product.id)}
                    disabled={!editPriceLists}
                    error={errors.rows.get(product.id)}
                    onChange={onRowChange}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </form>
    </>
  );
}

type RowProps = {
  productId: string;
  strainName: string;
  sku: string | null;
  listPrice: string | null;
  unitType: string;
  initial: RowDraft | undefined;
  disabled: boolean;
  error: string | undefined;
  onChange: (productId: string, draft: RowDraft) => void;
};

const CELL_INPUT = 'h-8 px-2 py-1';

/** One product's terms; its typing stays in this row. */
const PriceRow = memo(function PriceRow({ productId, strainName, sku, listPrice, unitType, initial, disabled, error, onChange }: RowProps) {
  const [draft, setDraft] = useState<RowDraft>(() => initial ?? draftOf(undefined));
  const set = (changes: Partial<RowDraft>) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    onChange(productId, next);
  };
  const label = (field: string) => `${field} for ${strainName}`;
  return (
    <>
      <tr className={error ? 'border-t border-stone-100 bg-red-50' : 'border-t border-stone-100'}>
        <th scope="row" className="max-w-56 px-2 py-1.5 font-medium">
          <span className="block truncate">{strainName}</span>
          {sku && <span className="block font-mono text-xs font-normal text-stone-600">{sku}</span>}
        </th>
        <td className="px-2 py-1.5 whitespace-nowrap">
          {formatPrice(listPrice)} / {unitType}
        </td>
        <td className="w-28 px-1 py-1.5">
          <Input
            aria-label={label('Price')}
            inputMode="decimal"
            className={CELL_INPUT}
            value={draft.price}
            disabled={disabled}
            onChange={(event) => set({ price: event.target.value })}
          />
        </td>
        <td className="w-20 px-1 py-1.5">
          <Input
            aria-label={label('Percent off')}
            inputMode="decimal"
            className={CELL_INPUT}
            value={draft.percentOff}
            disabled={disabled}
            onChange={(event) => set({ percentOff: event.target.value })}
          />
        </td>
        <td className="px-2 py-1.5 text-center">
          <input type="checkbox" aria-label={label('Hide')} checked={draft.hidden} disabled={disabled} onChange={(event) => set({ hidden: event.target.checked })} />
        </td>
        <td className="w-20 px-1 py-1.5">
          <Input
            aria-label={label('Minimum')}
            inputMode="decimal"
            className={CELL_INPUT}
            value={draft.minQuantity}
            disabled={disabled}
            onChange={(event) => set({ minQuantity: event.target.value })}
          />
        </td>
        <td className="w-20 px-1 py-1.5">
          <Input
            aria-label={label('Increment')}
            inputMode="decimal"
            className={CELL_INPUT}
            value={draft.increment}
            disabled={disabled}
            onChange={(event) => set({ increment: event.target.value })}
          />
        </td>
        <td className="w-56 px-1 py-1.5">
          <Input
            aria-label={label('Breaks')}
            placeholder="10@1000; 25@950"
            className={CELL_INPUT}
            value={draft.breaks}
            disabled={disabled}
            onChange={(event) => set({ breaks: event.target.value })}
            {...invalidProps(`breaks-${productId}`, error)}
          />
        </td>
      </tr>
      {error && (
        <tr className="bg-red-50">
          <td colSpan={8} id={`breaks-${productId}-error`} role="alert" className="px-2 pb-2 text-sm text-red-700">
            {strainName}: {error}
          </td>
        </tr>
      )}
    </>
  );
});
