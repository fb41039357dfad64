/**
 * A menu as buyers read it: the seller's header, a category filter and a sort
 * (kept in the page's address), product cards and the photo gallery. The
 * public link's page and a buyer's saved copy both show it.
 */
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CATEGORY_LABELS } from '../../../sync/constants';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { BackTo } from '../../lib/back-to';
import { cn } from '../../lib/cn';
import { formatPercent, formatPrice, formatQuantity, isOutOfStock, PRICE_ON_REQUEST } from '../../lib/format-price';
import { CategoryArt } from '../category-art';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Select } from '../ui/form-controls';
import { galleryPhotos, viewPhotosLabel } from './gallery-navigation';
import { noteProductOpen } from './note-product-open';
import { SellerBrand, SellerCover } from './seller-brand';
import { isMenuSort, MENU_SORTS, menuViewSearch, readMenuView, type MenuSort, type MenuViewChoice } from '../../../sync/menu-view-choice';
import { categoriesPresent, sortProducts } from './sort-products';

/** The gallery viewer (and the dialog library under it) loads when a visitor first opens a gallery, or points at one. */
const loadGalleryViewer = () => import('./gallery-viewer');
const GalleryViewer = lazy(async () => ({ default: (await loadGalleryViewer()).GalleryViewer }));
const preloadGalleryViewer = () => {
  loadGalleryViewer().catch(() => {
    // Offline with no copy on the device: opening the gallery then says so (GalleryLoadBoundary).
  });
};

type MenuProduct = PublicMenu['products'][number];

const SORT_LABELS: Record<MenuSort, string> = {
  menu: "Seller's order",
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  thc: 'THC: High to Low',
  name: 'Name: A to Z',
};

/** One locale and time zone, so the date the server wrote is the date the browser draws when it takes the page over. */
const UPDATED_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Cards drawn first on a phone or a wide screen: their photos are fetched first, the rest when scrolled near. */
const EAGER_CARDS = 3;

function formatUpdated(iso: string | null | undefined): string {
  if (!iso) return 'Recently';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Recently';
  return UPDATED_FORMAT.format(date);
}


export type MenuViewProps = {
  data: PublicMenu;
  /** A line under the dates (an offline copy, changes since last time). */
  notice?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Content between the header and the products (a buyer's notes and tags). */
  children?: ReactNode;
  /** An extra action on each product card. */
  productAction?: (product: MenuProduct) => ReactNode;
  /** A way back to the app's page this menu was opened from. */
  backTo?: BackTo | null;
};

/** A menu's page: header, category filter, sort, product cards and the gallery. Shared by the public link and a buyer's saved copy. */
export function MenuView({ data, notice, actions, children, productAction, backTo = null }: MenuViewProps) {
  const { menu, products, seller } = data;
  const location = useLocation();
  const navigate = useNavigate();
  // The choice lives in the address, where the server drew the page from too, so the first render matches it.
  const { category, sort } = readMenuView(location.search);
  const choose = (change: Partial<MenuViewChoice>) =>
    navigate({ search: menuViewSearch({ category, sort, ...change }) }, { replace: true, state: location.state, preventScrollReset: true });
  const [gallery, setGallery] = useState<MenuProduct | null>(null);

  const categories = useMemo(() => categoriesPresent(products), [products]);
  const visible = useMemo(
    () => sortProducts(category === 'all' ? products : products.filter((product) => product.category === category), sort),
    [products, category, sort],
  );

  return (
    <main id="main-content" className="min-h-dvh bg-stone-50 pb-12">
      {backTo && (
        <nav aria-label="Back" className="border-b border-stone-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-2">
            <Link to={backTo.path} className="text-sm font-medium text-brand-800 hover:underline">
              ← Back to {backTo.label}
            </Link>
          </div>
        </nav>
      )}
      <header className="border-b border-stone-200 bg-white">
        <SellerCover seller={seller} />
        <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <SellerBrand seller={seller} className="w-fit" />
              <h1 className="mt-1 text-2xl font-bold break-words text-stone-900 sm:text-3xl">{menu.name}</h1>
              {menu.description && <p className="mt-2 max-w-3xl whitespace-pre-line text-stone-600">{menu.description}</p>}
              <p className="mt-2 text-sm text-stone-500">Last updated {formatUpdated(menu.updatedAt)}</p>
              {notice}
            </div>
            {actions}
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 pt-5">
        {children}
        {products.length === 0 ? (
          <Card className="p-8 text-center text-stone-600">This menu has no products listed right now.</Card>
        ) : (
          <>
            {/* A plain GET form: before the app takes the drawn page over, or with JavaScript off, a choice reloads the page drawn with it. */}
            <form method="get" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
              <div role="group" aria-label="Filter by category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
                <CategoryButton label="All" value="" active={category === 'all'} onChoose={() => choose({ category: 'all' })} />
                {categories.map((value) => (
                  <CategoryButton
                    key={value}
                    label={CATEGORY_LABELS[value]}
                    value={value}
                    active={category === value}
                    onChoose={() => choose({ category: value })}
                  />
                ))}
              </div>
              <div className="grid gap-1.5 md:w-56 md:shrink-0">
                <label htmlFor="menu-sort" className="text-sm font-medium text-stone-800">
                  Sort by
                </label>
                <div className="flex gap-2">
                  <Select
                    id="menu-sort"
                    name="sort"
                    value={sort}
                    onChange={(event) => {
                      if (isMenuSort(event.target.value)) choose({ sort: event.target.value });
                    }}
                  >
                    {MENU_SORTS.map((option) => (
                      <option key={option} value={option}>
                        {SORT_LABELS[option]}
                      </option>
                    ))}
                  </Select>
                  <noscript>
                    <button type="submit" name="category" value={category === 'all' ? '' : category} className={buttonClasses('secondary')}>
                      Sort
                    </button>
                  </noscript>
                </div>
              </div>
            </form>

            <p className="mt-4 text-sm text-stone-500" aria-live="polite">
              {visible.length} {visible.length === 1 ? 'product' : 'products'}
            </p>
            <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {visible.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    eager={index < EAGER_CARDS}
                    onOpenGallery={() => {
                      setGallery(product);
                      noteProductOpen(menu.publicLinkId, product.id);
                    }}
                    onOpenLabResults={() => noteProductOpen(menu.publicLinkId, product.id)}
                    action={productAction?.(product)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {gallery && (
        <GalleryLoadBoundary onClose={() => setGallery(null)}>
          <Suspense fallback={<GalleryLoading />}>
            <GalleryViewer name={gallery.strainName} photos={galleryPhotos(gallery)} onClose={() => setGallery(null)} />
          </Suspense>
        </GalleryLoadBoundary>
      )}
    </main>
  );
}

/** The viewer's code could not be downloaded (the connection dropped before this device kept a copy): say so, and keep the menu usable. */
class GalleryLoadBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="fixed inset-x-0 bottom-0 z-50 m-4 flex items-center justify-between gap-3 rounded-lg bg-stone-900 p-4 text-sm text-white shadow-lg sm:mx-auto sm:max-w-md"
      >
        <span>The photos couldn't be opened. Check your connection and reload the page.</span>
        <button type="button" onClick={this.props.onClose} className="shrink-0 rounded-md px-3 py-1.5 font-medium hover:bg-white/10">
          Close
        </button>
      </div>
    );
  }
}

function GalleryLoading() {
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-black/80 text-white">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden />
      <span className="sr-only">Loading photos</span>
    </div>
  );
}

/** A submit button of the filter form (name `category`), which the app handles in place once it runs. */
function CategoryButton({ label, value, active, onChoose }: { label: string; value: string; active: boolean; onChoose: () => void }) {
  return (
    <button
      type="submit"
      name="category"
      value={value}
      aria-pressed={active}
      onClick={(event) => {
        event.preventDefault();
        onChoose();
      }}
      className={cn(
        'h-9 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
        active ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100',
      )}
    >
      {label}
    </button>
  );
}

type ProductCardProps = { product: MenuProduct; eager: boolean; onOpenGallery: () => void; onOpenLabResults: () => void; action?: ReactNode };

function ProductCard({ product, eager, onOpenGallery, onOpenLabResults, action }: ProductCardProps) {
  const price = formatPrice(product.pricePerUnit);
  const thc = formatPercent(product.thcPercentage);
  const cbd = formatPercent(product.cbdPercentage);
  const outOfStock = isOutOfStock(product.availableQuantity);
  const categoryLabel = CATEGORY_LABELS[product.category];
  const photos = galleryPhotos(product);
  const cover = photos[0]?.url;

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {cover ? (
        <button
          type="button"
          aria-label={viewPhotosLabel(product.strainName, photos.length)}
          onClick={onOpenGallery}
          onPointerEnter={preloadGalleryViewer}
          onFocus={preloadGalleryViewer}
          className="group relative block w-full cursor-zoom-in focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-inset"
        >
          <img
            src={cover}
            alt={product.strainName}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            width={480}
            height={360}
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
          {photos.length > 1 && (
            <span aria-hidden className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium text-white">
              {photos.length} photos
            </span>
          )}
        </button>
      ) : (
        <CategoryArt category={product.category} className="aspect-[4/3] w-full" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{categoryLabel}</p>
          <h2 className="mt-0.5 text-lg font-semibold break-words text-stone-900">{product.strainName}</h2>
        </div>
        {product.description && <p className="line-clamp-4 text-sm whitespace-pre-line text-stone-600">{product.description}</p>}
        {(thc || cbd || product.labResultUrl) && (
          <div className="flex flex-wrap items-center gap-2">
            {thc && <Badge tone="good">THC {thc}</Badge>}
            {cbd && <Badge tone="info">CBD {cbd}</Badge>}
            {product.labResultUrl && (
              <a
                href={product.labResultUrl}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onOpenLabResults}
                className="inline-flex min-h-6 items-center rounded-full border border-brand-200 px-2.5 text-xs font-medium text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline"
              >
                Lab results
              </a>
            )}
          </div>
        )}
        <div className="mt-auto grid gap-1 border-t border-stone-100 pt-3">
          <p className="text-lg font-bold text-stone-900">
            {price === PRICE_ON_REQUEST ? (
              <span className="text-base font-medium text-stone-600">{price}</span>
            ) : (
              <>
                {price} <span className="text-sm font-normal text-stone-500">/ {product.unitType}</span>
              </>
            )}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            {outOfStock ? (
              <Badge tone="bad">Out of stock</Badge>
            ) : (
              <span className="font-medium text-brand-800">{formatQuantity(product.availableQuantity, product.unitType)} available</span>
            )}
            <span className="text-stone-600">Min. order: {formatQuantity(String(product.lotSize), product.unitType)}</span>
          </div>
          {action}
        </div>
      </div>
    </Card>
  );
}
