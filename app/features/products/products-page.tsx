/**
 * The seller's catalogue: search over strain name and description, a category
 * filter, sorting, quick stock edits on each card, Add, Edit and Delete, and
 * CSV import and export. Everything reads the device's replica and writes
 * mutations, so the page works with no signal; owners and managers also reach Import from Metrc. New products the server
 * refused stay on top under 'Needs attention', to edit and send again.
 */
import { useMemo, useState } from 'react';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '../../../sync/contract/constants';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { labStateAllowsSale, labStateWords } from '../../../sync/rules/metrc-packages';
import { CategoryArt } from '../../widgets/category-art';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button, buttonClasses } from '../../components/ui/button';
import { ButtonWithReason } from '../../components/ui/button-with-reason';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { formatPotency, formatPrice, formatQuantity, isOutOfStock, PRICE_ON_REQUEST } from '../../lib/format-price';
import { listMenus, listProducts } from '../../lib/replica/use-replica';
import { toast } from '../../lib/toast-store';
import { ProductPhoto } from '../../widgets/photos/product-photo';
import { DeleteProductDialog } from './delete-product-dialog';
import { downloadCsv } from '../../lib/download-csv';
import { exportFileName, productsToCsv } from './product-csv';
import { ProductFormDialog } from '../../widgets/product-form/product-form-dialog';
import { useKeptProducts, type KeptProduct } from '../../widgets/product-form/kept-products';
import { RefusedProducts } from './refused-products';
import { ProductImportDialog } from './product-import-dialog';
import { QuickStockForm, quickStockKey } from './quick-stock-form';
import { CATALOGUE_SORT_LABELS, CATALOGUE_SORTS, DEFAULT_CATALOGUE_SORT, isCatalogueSort, sortCatalogue, type CatalogueSort } from './sort-catalogue';
import { useDocumentTitle } from '../../lib/document-title';
import { AuthorshipLine } from '../../widgets/authorship-line';
import { useSession } from '../../lib/session-store';
import { mayDelete, REFUSAL_REASONS, teamAllowances } from '../../lib/team-permissions';
import { useMemberNames } from '../../lib/team-read';
import { useTeamRole } from '../../lib/team-role';
import { Link } from '../../lib/router';

export function ProductsPage() {
  useDocumentTitle('Products');
  return (
    <PageBody>
      <PageHeader title="Products" subtitle="Your catalogue, ready to put on menus." />
      <ReplicaGate>{(view) => <ProductCatalogue products={listProducts(view)} menus={listMenus(view)} notSaved={view.notSaved} />}</ReplicaGate>
    </PageBody>
  );
}

function ProductCatalogue({ products, menus, notSaved }: { products: Product[]; menus: Menu[]; notSaved: Set<string> }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ProductCategory | 'all'>('all');
  const [sort, setSort] = useState<CatalogueSort>(DEFAULT_CATALOGUE_SORT);
  const [editing, setEditing] = useState<{ product: Product | null; resend?: KeptProduct } | null>(null);
  const refused = useKeptProducts() ?? [];
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  const userId = useSession((state) => state.user?.id ?? '');
  const teamRole = useTeamRole();
  const memberNames = useMemberNames();
  const { changePricesAndStock } = teamAllowances(teamRole);

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matching = products.filter(
      (product) =>
        (category === 'all' || product.category === category) &&
        (!needle || `${product.strainName} ${product.description ?? ''} ${product.sku ?? ''}`.toLowerCase().includes(needle)),
    );
    return sortCatalogue(matching, sort);
  }, [products, search, category, sort]);

  function exportCatalogue() {
    downloadCsv(exportFileName(new Date()), productsToCsv(sortCatalogue(products, sort)));
    toast({ title: `Exported ${products.length} ${products.length === 1 ? 'product' : 'products'}`, variant: 'success' });
  }

  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button className="col-span-2 sm:order-last" onClick={() => setEditing({ product: null })}>
          Add Product
        </Button>
        <Button variant="outline" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <Button variant="outline" onClick={exportCatalogue} disabled={products.length === 0}>
          Export CSV
        </Button>
        {changePricesAndStock && (
          <Link to="/products/metrc" className={buttonClasses('outline', 'md', 'col-span-2 sm:col-span-1')}>
            Import from Metrc
          </Link>
        )}
      </div>
      <RefusedProducts refused={refused} onEdit={(resend) => setEditing({ product: null, resend })} />
      {editing && (
        <ProductFormDialog open onOpenChange={(open) => !open && setEditing(null)} product={editing.product} resend={editing.resend} menus={menus} catalogue={products} />
      )}
      {deleting && <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />}
      <ProductImportDialog open={importing} onOpenChange={setImporting} catalogue={products} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_13rem]">
        <Input
          type="search"
          aria-label="Search products"
          placeholder="Search strain name or description"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select aria-label="Category" value={category} onChange={(event) => setCategory(event.target.value as ProductCategory | 'all')}>
          <option value="all">All categories</option>
          {PRODUCT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </Select>
        <Select aria-label="Sort by" value={sort} onChange={(event) => isCatalogueSort(event.target.value) && setSort(event.target.value)}>
          {CATALOGUE_SORTS.map((value) => (
            <option key={value} value={value}>
              {CATALOGUE_SORT_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      {visible.length === 0 ? (
        <Card className="p-8 text-center text-stone-600">{products.length ? 'No products match your search.' : 'No products yet.'}</Card>
      ) : (
        <>
          <p className="-mt-3 text-sm text-stone-600" aria-live="polite">
            {visible.length === products.length
              ? `${products.length} ${products.length === 1 ? 'product' : 'products'}`
              : `Showing ${visible.length} of ${products.length} products`}
          </p>
          <ul aria-label="Products" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((product) => (
              <li key={product.id} className="min-w-0">
                <ProductCard
                  product={product}
                  notSaved={notSaved.has(product.id)}
                  onEdit={() => setEditing({ product })}
                  onDelete={() => setDeleting(product)}
                  changePricesAndStock={changePricesAndStock}
                  deletable={mayDelete(teamRole, product, userId)}
                  memberNames={memberNames}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

type CardProps = {
  product: Product;
  notSaved: boolean;
  onEdit: () => void;
  onDelete: () => void;
  changePricesAndStock: boolean;
  deletable: boolean;
  memberNames: ReadonlyMap<string, string> | null;
};

function ProductCard({ product, notSaved, onEdit, onDelete, changePricesAndStock, deletable, memberNames }: CardProps) {
  const thc = formatPotency(product.thcPercentage, product.thcBelowDetection);
  const cbd = formatPotency(product.cbdPercentage, product.cbdBelowDetection);
  const price = formatPrice(product.pricePerUnit);
  return (
    <Card role="article" aria-label={product.strainName} className="flex h-full flex-col gap-2 p-4">
      {/* The cover: this device's copy until it is uploaded, then the server's. */}
      <ProductPhoto
        product={product}
        className="-mx-4 -mt-4 mb-1 aspect-[4/3] w-[calc(100%+2rem)] max-w-none rounded-t-xl"
        placeholder={<CategoryArt category={product.category} className="-mx-4 -mt-4 mb-1 aspect-[4/3] w-[calc(100%+2rem)] max-w-none rounded-t-xl" />}
      />
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold break-words">{product.strainName}</h2>
        <Badge tone="neutral" className="shrink-0">
          {CATEGORY_LABELS[product.category]}
        </Badge>
      </div>
      {product.sku && <p className="-mt-1 font-mono text-xs text-stone-600">SKU {product.sku}</p>}
      {product.metrcPackageLabel && (
        <p className="-mt-1 font-mono text-xs break-all text-stone-600">
          Metrc {product.metrcPackageLabel}
          {product.batchNumber && ` · batch ${product.batchNumber}`}
        </p>
      )}
      {product.description && <p className="line-clamp-2 text-sm break-words text-stone-600">{product.description}</p>}
      <p className="text-sm">
        <span className="font-medium">{price === PRICE_ON_REQUEST ? price : `${price} / ${product.unitType}`}</span>
        {' · '}
        {formatQuantity(product.availableQuantity, product.unitType)} available
        {' · '}
        Min. order {product.lotSize}
      </p>
      <div className="flex flex-wrap gap-1">
        {/* Refused for the plan: still here on the device, waiting to be sent again from the sync status. */}
        {notSaved && <Badge tone="bad">Not saved</Badge>}
        {isOutOfStock(product.availableQuantity) && <Badge tone="bad">Out of stock</Badge>}
        {thc && <Badge tone="good">THC {thc}</Badge>}
        {cbd && <Badge tone="info">CBD {cbd}</Badge>}
        {product.labTestingState && <Badge tone={labStateAllowsSale(product.labTestingState) ? 'good' : 'bad'}>Lab: {labStateWords(product.labTestingState)}</Badge>}
      </div>
      <AuthorshipLine row={product} names={memberNames} />
      <div className="mt-auto grid gap-2 pt-2">
        {/* A rep sees price and stock on the card but changes neither. */}
        {changePricesAndStock && <QuickStockForm key={quickStockKey(product)} product={product} />}
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${product.strainName}`}>
            Edit
          </Button>
          <ButtonWithReason
            size="sm"
            variant="outline"
            onClick={onDelete}
            offReason={deletable ? null : REFUSAL_REASONS.deleteOthersWork}
            aria-label={`Delete ${product.strainName}`}
          >
            Delete
          </ButtonWithReason>
        </div>
      </div>
    </Card>
  );
}
