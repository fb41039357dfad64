/**
 * A menu as buyers read it: the seller's header, a category filter and a sort
 * (kept in the page's address), the products as cards or a compact list (the
 * device's choice), a detail sheet per product and the photo gallery. The
 * public link's page and a buyer's saved copy both show it.
 */
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { BackTo } from '../../lib/back-to';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/form-controls';
import { galleryPhotos } from './gallery-navigation';
import { chooseMenuLayout, MENU_LAYOUTS, useMenuLayout, type MenuLayout } from './menu-layout';
import { noteProductOpen } from './note-product-open';
import { ProductCard, ProductRow, type MenuProduct } from './product-card';
import { SellerBrand, SellerCover } from './seller-brand';
import { isMenuSort, MENU_SORTS, menuViewSearch, readMenuView, type MenuSort, type MenuViewChoice } from '../../../sync/rules/menu-view-choice';
import { categoriesPresent, sortProducts } from './sort-products';
import { formatUpdated } from './updated-date';

/** The gallery viewer (and the dialog library under it) loads when a visitor first opens a gallery, or points at one. */
const loadGalleryViewer = () => import('./gallery-viewer');
const GalleryViewer = lazy(async () => ({ default: (await loadGalleryViewer()).GalleryViewer }));
const loadDetailSheet = () => import('./product-detail-sheet');
const ProductDetailSheet = lazy(async () => ({ default: (await loadDetailSheet()).ProductDetailSheet }));
/** Pointing at a product fetches the sheet's and the gallery's code ahead of the tap. */
const preloadProductViews = () => {
  Promise.all([loadGalleryViewer(), loadDetailSheet()]).catch(() => {
    // Offline with no copy on the device: opening one then says so (ViewLoadBoundary).
  });
};

const LAYOUT_LABELS: Record<MenuLayout, string> = { cards: 'Cards', list: 'List' };

const SORT_LABELS: Record<MenuSort, string> = {
  menu: "Seller's order",
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  thc: 'THC: High to Low',
  name: 'Name: A to Z',
};

/** Cards drawn first on a phone or a wide screen: their photos are fetched first, the rest when scrolled near. */
const EAGER_CARDS = 3;
const EAGER_ROWS = 8;

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
  const choose = (change: Partial<MenuViewChoice>) => navigate({ search: menuViewSearch({ category, sort, ...change }) }, { replace: true, state: location.state });
  const [gallery, setGallery] = useState<MenuProduct | null>(null);
  const [details, setDetails] = useState<MenuProduct | null>(null);
  const layout = useMenuLayout();
  const openGallery = (product: MenuProduct) => {
    setGallery(product);
    noteProductOpen(menu.publicLinkId, product.id);
  };
  const openDetails = (product: MenuProduct) => {
    setDetails(product);
    noteProductOpen(menu.publicLinkId, product.id);
  };
  // The sheet follows live changes to its product (stock, price) and closes if the product leaves the menu.
  const detailsNow = details && products.find((product) => product.id === details.id);

  const categories = useMemo(() => categoriesPresent(products), [products]);
  const visible = useMemo(() => sortProducts(category === 'all' ? products : products.filter((product) => product.category === category), sort), [products, category, sort]);

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
        <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
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
            <form method="get" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between md:gap-4">
              <div role="group" aria-label="Filter by category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
                <CategoryButton label="All" value="" active={category === 'all'} onChoose={() => choose({ category: 'all' })} />
                {categories.map((value) => (
                  <CategoryButton key={value} label={CATEGORY_LABELS[value]} value={value} active={category === value} onChoose={() => choose({ category: value })} />
                ))}
              </div>
              {/* On a phone the label sits beside the box, so the first product shows on the first screen. */}
              <div className="flex items-center gap-3 md:grid md:w-56 md:shrink-0 md:gap-1.5">
                <label htmlFor="menu-sort" className="shrink-0 text-sm font-medium text-stone-800">
                  Sort by
                </label>
                <div className="flex min-w-0 flex-1 gap-2">
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

            <div className="mt-3 flex items-center justify-between gap-3 md:mt-4">
              <p className="text-sm text-stone-500" aria-live="polite">
                {visible.length} {visible.length === 1 ? 'product' : 'products'}
              </p>
              <LayoutChoice layout={layout} />
            </div>
            {layout === 'list' ? (
              <ul aria-label="Products" className="mt-3 grid grid-cols-1 gap-2 lg:grid-cols-2">
                {visible.map((product, index) => (
                  <li key={product.id}>
                    <ProductRow
                      product={product}
                      eager={index < EAGER_ROWS}
                      onOpenDetails={() => openDetails(product)}
                      onOpenGallery={() => openGallery(product)}
                      onOpenLabResults={() => noteProductOpen(menu.publicLinkId, product.id)}
                      onPreload={preloadProductViews}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <ul aria-label="Products" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {visible.map((product, index) => (
                  <li key={product.id}>
                    <ProductCard
                      product={product}
                      eager={index < EAGER_CARDS}
                      onOpenDetails={() => openDetails(product)}
                      onOpenGallery={() => openGallery(product)}
                      onOpenLabResults={() => noteProductOpen(menu.publicLinkId, product.id)}
                      onPreload={preloadProductViews}
                      action={productAction?.(product)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {detailsNow && (
        <ViewLoadBoundary onClose={() => setDetails(null)}>
          <Suspense fallback={<ViewLoading label="Loading product" />}>
            <ProductDetailSheet
              product={detailsNow}
              action={productAction?.(detailsNow)}
              onOpenGallery={() => setGallery(detailsNow)}
              onOpenLabResults={() => noteProductOpen(menu.publicLinkId, detailsNow.id)}
              onClose={() => setDetails(null)}
            />
          </Suspense>
        </ViewLoadBoundary>
      )}
      {gallery && (
        <ViewLoadBoundary onClose={() => setGallery(null)}>
          <Suspense fallback={<ViewLoading label="Loading photos" />}>
            <GalleryViewer name={gallery.strainName} photos={galleryPhotos(gallery)} onClose={() => setGallery(null)} />
          </Suspense>
        </ViewLoadBoundary>
      )}
    </main>
  );
}

/** The sheet's or viewer's code could not be downloaded (the connection dropped before this device kept a copy): say so, and keep the menu usable. */
class ViewLoadBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
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
        <span>This couldn't be opened. Check your connection and reload the page.</span>
        <button type="button" onClick={this.props.onClose} className="shrink-0 rounded-md px-3 py-1.5 font-medium hover:bg-white/10">
          Close
        </button>
      </div>
    );
  }
}

function ViewLoading({ label }: { label: string }) {
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-black/80 text-white">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden />
      <span className="sr-only">{label}</span>
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

/** Cards or a compact list: remembered on this device for every menu. */
function LayoutChoice({ layout }: { layout: MenuLayout }) {
  return (
    <div role="group" aria-label="Show products as" className="inline-flex shrink-0 rounded-md border border-stone-300 bg-white p-0.5">
      {MENU_LAYOUTS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={layout === option}
          onClick={() => chooseMenuLayout(option)}
          className={cn('h-8 rounded px-3 text-sm font-medium', layout === option ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100')}
        >
          {LAYOUT_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
