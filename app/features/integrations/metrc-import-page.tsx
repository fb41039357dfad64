/**
 * Products → Import from Metrc (docs/metrc.md): the facility's active packages as the server last read them, to search,
 * pick and import, each saying beforehand whether it makes a product or updates the one it was imported as, or to link
 * to one product of the catalogue. The list
 * as last read shows offline; importing needs a connection, as the server writes the products.
 */
import { useMemo, useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import type { MetrcPackage } from '../../../sync/entities/metrc';
import type { Product } from '../../../sync/entities/product';
import { labStateAllowsSale, labStateWords, unitOfMetrcPackage } from '../../../sync/rules/metrc-packages';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { CannotReachServer } from '../../components/cannot-reach-server';
import { ApiError, apiRequest, messageOf } from '../../lib/api-client';
import { useConnectivity } from '../../lib/connectivity';
import { useDocumentTitle } from '../../lib/document-title';
import { formatQuantity } from '../../lib/format-price';
import { useReplica } from '../../lib/replica/use-replica';
import { useSyncSession } from '../../lib/replica/sync-session';
import { Link, useNavigate } from '../../lib/router';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { useTeamAllowances } from '../../lib/team-role';
import { toast } from '../../lib/toast-store';

export function MetrcImportPage() {
  useDocumentTitle('Import from Metrc');
  const { changePricesAndStock } = useTeamAllowances();
  return (
    <PageBody>
      <PageHeader title="Import from Metrc" subtitle="Make products of your facility's packages, or bring their stock up to date." />
      {changePricesAndStock ? <PackagePicker /> : <Card className="p-6 text-stone-700">Only an owner or a manager imports from Metrc: an import sets stock.</Card>}
    </PageBody>
  );
}

function PackagePicker() {
  const read = useServerRead(apiReads.metrcPackages(), { keepOffline: true });
  const products = useReplica()?.products;
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const [into, setInto] = useState('');
  const online = useConnectivity((state) => state.connection === 'online');
  const navigate = useNavigate();
  const list = read.data;
  const catalogue = useMemo(() => [...(products?.values() ?? [])].sort((a, b) => a.strainName.localeCompare(b.strainName)), [products]);

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (list?.packages ?? []).filter((item) => !needle || `${item.itemName} ${item.label} ${item.strainName ?? ''}`.toLowerCase().includes(needle));
  }, [list, search]);

  if (!list) {
    // The team is not connected (or this server has no Metrc): the server's sentence, and the way to the settings.
    if (read.error instanceof ApiError && read.error.status === 409) {
      return (
        <Card className="grid gap-2 p-6 text-stone-700">
          <p>{read.error.serverMessage}</p>
          <Link to="/settings/metrc" className="font-medium text-brand-800 underline">
            Metrc settings
          </Link>
        </Card>
      );
    }
    if (read.error) return <CannotReachServer what="Your Metrc packages" onRetry={read.retry} />;
    return <Spinner label="Reading your Metrc packages" />;
  }

  const toggle = (label: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(label)) next.add(label);
      return next;
    });
  const allVisibleChosen = visible.length > 0 && visible.every((item) => chosen.has(item.label));

  async function importChosen() {
    setImporting(true);
    try {
      const labels = [...chosen];
      const target = into ? products?.get(into) : undefined;
      const updating = labels.filter((label) =>
        productOf(
          list!.packages.find((item) => item.label === label),
          products,
        ),
      ).length;
      const answer = await apiRequest<{ products: Product[] }>('POST', '/api/metrc/import', target ? { labels, productId: target.id } : { labels });
      const title = target ? `Imported from Metrc: linked to ${target.strainName}` : importedText(answer.products.length - updating, updating);
      toast({ title, variant: 'success' });
      // The server wrote the products: the catalogue shows them once this device has pulled them.
      void useSyncSession.getState().engine?.syncNow();
      navigate('/products');
    } catch (error) {
      toast({ title: 'The packages could not be imported', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setImporting(false);
    }
  }

  return (
    <div className="grid gap-4">
      {list.readFailure && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          The last read of Metrc failed: {list.readFailure} These are the packages as read {list.packagesReadAt ? new Date(list.packagesReadAt).toLocaleString() : 'before'}.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid min-w-60 flex-1 gap-1.5 text-sm font-medium text-stone-800">
          Search packages
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Item, strain or tag" />
        </label>
        <Button variant="outline" onClick={() => setChosen(allVisibleChosen ? new Set() : new Set(visible.map((item) => item.label)))} disabled={visible.length === 0}>
          {allVisibleChosen ? 'Choose none' : 'Choose all shown'}
        </Button>
      </div>
      {visible.length === 0 ? (
        <Card className="p-6 text-center text-stone-600">
          {list.packages.length === 0 ? 'Metrc lists no active packages for this facility.' : 'No package matches the search.'}{' '}
          <Link to="/settings/metrc" className="font-medium text-brand-800 underline">
            Metrc settings
          </Link>
        </Card>
      ) : (
        <Card>
          <ul aria-label="Metrc packages" className="divide-y divide-stone-100">
            {visible.map((item) => (
              <PackageRow key={item.label} item={item} product={productOf(item, products)} chosen={chosen.has(item.label)} onToggle={() => toggle(item.label)} />
            ))}
          </ul>
        </Card>
      )}
      <div className="sticky bottom-0 flex flex-wrap items-end gap-3 border-t border-stone-200 bg-stone-50/95 py-3">
        <label className="grid min-w-60 gap-1.5 text-sm font-medium text-stone-800">
          Import into
          <Select value={into} onChange={(event) => setInto(event.target.value)}>
            <option value="">A product of its own for each package</option>
            {catalogue.map((product) => (
              <option key={product.id} value={product.id}>
                {product.strainName} ({product.unitType})
              </option>
            ))}
          </Select>
        </label>
        {!online && <p className="text-sm text-stone-700">Importing needs a connection.</p>}
        <Button onClick={() => void importChosen()} disabled={chosen.size === 0 || importing || !online}>
          {importing ? 'Importing…' : chosen.size === 1 ? 'Import 1 package' : `Import ${chosen.size} packages`}
        </Button>
      </div>
    </div>
  );
}

function PackageRow({ item, product, chosen, onToggle }: { item: MetrcPackage; product: Product | undefined; chosen: boolean; onToggle: () => void }) {
  const id = `package-${item.label}`;
  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <input id={id} type="checkbox" checked={chosen} onChange={onToggle} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
      <label htmlFor={id} className="grid min-w-0 flex-1 gap-1 text-sm">
        <span className="font-medium text-stone-900">{item.itemName}</span>
        <span className="font-mono text-xs break-all text-stone-600">{item.label}</span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-stone-700">
          <span>{quantityOf(item)}</span>
          {item.productionBatchNumber && <span>Batch {item.productionBatchNumber}</span>}
          {item.expirationDate && <span>Expires {item.expirationDate}</span>}
        </span>
        <span className="flex flex-wrap gap-1.5">
          <Badge tone={labStateAllowsSale(item.labTestingState) ? 'good' : 'bad'}>Lab: {labStateWords(item.labTestingState)}</Badge>
          {item.onHold && <Badge tone="bad">On hold</Badge>}
          <Badge tone={product ? 'info' : 'neutral'}>{product ? `Updates ${product.strainName}` : 'Makes a new product'}</Badge>
        </span>
      </label>
    </li>
  );
}

/** '453.59 g', or in Metrc's own unit where no product here counts in it. */
function quantityOf(item: MetrcPackage): string {
  const unit = unitOfMetrcPackage(item.unitOfMeasure);
  return unit ? formatQuantity(item.quantity, unit) : `${item.quantity} ${item.unitOfMeasure}`;
}

/** The product a package was imported as, when it is still in the catalogue. */
function productOf(item: MetrcPackage | undefined, products: Map<string, Product> | undefined): Product | undefined {
  return item?.productId ? products?.get(item.productId) : undefined;
}

function importedText(made: number, updated: number): string {
  const parts = [made > 0 && `${made} ${made === 1 ? 'product' : 'products'} made`, updated > 0 && `${updated} updated`].filter(Boolean);
  return parts.length > 0 ? `Imported from Metrc: ${parts.join(', ')}` : 'Imported from Metrc';
}
