/**
 * The public menu (spec section 2): anyone with the link sees the menu, its
 * products with a category filter and a sort, and the seller's name. Kept
 * free of heavy dependencies because buyers open these links on phones.
 */
import { Component, lazy, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { CATEGORY_LABELS, type ProductCategory } from '../../../sync/constants';
import { parseScaled, QUANTITY_RULE } from '../../../sync/decimal';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { CategoryArt } from '../../components/category-art';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, Spinner } from '../../components/ui/card';
import { Select } from '../../components/ui/form-controls';
import { ApiError, authHeaders, messageOf, NetworkError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useLiveMenu } from '../../lib/live-menu';
import { useSession } from '../../lib/session-store';
import { readBackTo, type BackTo } from '../../lib/back-to';
import { REDIRECT_AFTER_LOGIN_KEY, SAVE_AFTER_LOGIN_KEY } from '../../lib/session-storage-keys';
import { formatPercent, formatPrice, formatQuantity, PRICE_ON_REQUEST } from '../../lib/format-price';
import { EmbeddedMenuContext, readEmbeddedMenu } from './embedded-menu';
import { galleryPhotos, viewPhotosLabel } from './gallery-navigation';
import { noteProductOpen } from './note-product-open';
import { SellerBrand, SellerCover } from './seller-brand';
import { categoriesPresent, MENU_SORTS, sortProducts, type MenuSort } from './sort-products';

const BuyerMenuActions = lazy(async () => ({ default: (await import('./buyer-actions')).BuyerMenuActions }));
const RequestInfoButton = lazy(async () => ({ default: (await import('./buyer-actions')).RequestInfoButton }));
/** The gallery viewer (and the dialog library under it) loads when a visitor first opens a gallery, or points at one. */
const loadGalleryViewer = () => import('./gallery-viewer');
const GalleryViewer = lazy(async () => ({ default: (await loadGalleryViewer()).GalleryViewer }));
const preloadGalleryViewer = () => {
  loadGalleryViewer().catch(() => {
    // Offline with no copy on the device: opening the gallery then says so (GalleryLoadBoundary).
  });
};

type MenuProduct = PublicMenu['products'][number];
type CategoryFilter = ProductCategory | 'all';

type LoadResult =
  | { status: 'ready'; data: PublicMenu; savedCopyFrom: Date | null }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'error'; message: string };

const SORT_LABELS: Record<MenuSort, string> = {
  menu: "Seller's order",
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  thc: 'THC: High to Low',
  name: 'Name: A to Z',
};

function isMenuSort(value: string): value is MenuSort {
  return (MENU_SORTS as readonly string[]).includes(value);
}

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

export function isOutOfStock(quantity: string): boolean {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  return parsed.ok && parsed.scaled === 0;
}

function sendToLogin() {
  localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, window.location.pathname);
  window.location.href = '/api/login';
}

export function PublicMenuPage() {
  const { publicLinkId = '' } = useParams<{ publicLinkId: string }>();
  const backTo = readBackTo(useLocation().state);
  const [attempt, setAttempt] = useState(0);
  // The result remembers which request it answers, so a new link or a retry shows the spinner without a reset in the effect.
  const requestKey = `${publicLinkId}#${attempt}`;
  const rendered = useContext(EmbeddedMenuContext);
  // The menu the server drew the page with shows at once; the request below still runs (it counts the view and brings any change).
  const [result, setResult] = useState<{ key: string; value: LoadResult } | null>(() => {
    const embedded = rendered ?? readEmbeddedMenu();
    return embedded?.publicLinkId === publicLinkId ? { key: `${publicLinkId}#0`, value: { status: 'ready', data: embedded.menu, savedCopyFrom: null } } : null;
  });

  useEffect(() => {
    let cancelled = false;
    const key = `${publicLinkId}#${attempt}`;
    loadPublicMenu(publicLinkId)
      .then(({ data, savedCopyFrom }) => {
        if (cancelled) return;
        // The same menu as drawn keeps the page as it is, with no second render.
        setResult((previous) =>
          previous?.key === key && previous.value.status === 'ready' && !savedCopyFrom && sameMenu(previous.value.data, data)
            ? previous
            : { key, value: { status: 'ready', data, savedCopyFrom } },
        );
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 404) setResult({ key, value: { status: 'not-found' } });
        else if (error instanceof NetworkError) setResult({ key, value: { status: 'offline' } });
        else setResult({ key, value: { status: 'error', message: messageOf(error, 'This menu could not be loaded.') } });
      });
    return () => {
      cancelled = true;
    };
  }, [publicLinkId, attempt]);

  const current = result?.key === requestKey ? result.value : null;
  const retry = () => setAttempt((value) => value + 1);
  // Once the menu came from the server, its changes (stock, prices, products) arrive as they happen.
  const live = useLiveMenu(current?.status === 'ready' && !current.savedCopyFrom ? publicLinkId : null);

  if (!current) {
    return (
      <main id="main-content" className="min-h-dvh bg-stone-50">
        <Spinner label="Loading menu" />
      </main>
    );
  }
  if (current.status === 'not-found' || live.gone) return <MenuNotFound />;
  if (current.status === 'offline') {
    return (
      <LoadProblem
        title="You're offline"
        message="This menu couldn't be loaded because there's no connection. Check your connection and try again."
        onRetry={retry}
      />
    );
  }
  if (current.status === 'error') return <LoadProblem title="Couldn't load this menu" message={current.message} onRetry={retry} />;
  const { savedCopyFrom } = current;
  const data = live.menu ?? current.data;
  return (
    <MenuView
      key={data.menu.id}
      data={data}
      backTo={backTo}
      notice={
        savedCopyFrom && (
          <p role="status" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            No connection: showing the copy saved on this device on {savedCopyFrom.toLocaleString()}.
          </p>
        )
      }
      actions={
        <div className="flex shrink-0 flex-wrap items-start gap-2 self-start">
          <MenuActions data={data} />
          <a href={`/menu/${encodeURIComponent(publicLinkId)}/print`} className={buttonClasses('ghost')}>
            Print or save as PDF
          </a>
        </div>
      }
      productAction={(product) => <ProductAction data={data} product={product} />}
    />
  );
}

function sameMenu(a: PublicMenu, b: PublicMenu): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** An answer older than this was served by the service worker's copy, not the network. */
const FRESH_ANSWER_MS = 60_000;

/**
 * Loads a public menu. The service worker answers from its copy when the
 * network does not; the answer's Date header then tells when that copy was made.
 */
export async function loadPublicMenu(publicLinkId: string): Promise<{ data: PublicMenu; savedCopyFrom: Date | null }> {
  let response: Response;
  try {
    // The seller's own visits are not counted as views, so say who is looking when someone is signed in.
    response = await fetch(`/api/public/menu/${encodeURIComponent(publicLinkId)}`, { headers: authHeaders() });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const servedAt = new Date(response.headers.get('date') ?? '');
  const stale = !Number.isNaN(servedAt.getTime()) && Date.now() - servedAt.getTime() > FRESH_ANSWER_MS;
  return { data: (await response.json()) as PublicMenu, savedCopyFrom: stale ? servedAt : null };
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
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [sort, setSort] = useState<MenuSort>('menu');
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
            <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
              <div role="group" aria-label="Filter by category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
                <CategoryButton label="All" active={category === 'all'} onClick={() => setCategory('all')} />
                {categories.map((value) => (
                  <CategoryButton key={value} label={CATEGORY_LABELS[value]} active={category === value} onClick={() => setCategory(value)} />
                ))}
              </div>
              <div className="grid gap-1.5 md:w-56 md:shrink-0">
                <label htmlFor="menu-sort" className="text-sm font-medium text-stone-800">
                  Sort by
                </label>
                <Select
                  id="menu-sort"
                  value={sort}
                  onChange={(event) => {
                    if (isMenuSort(event.target.value)) setSort(event.target.value);
                  }}
                >
                  {MENU_SORTS.map((option) => (
                    <option key={option} value={option}>
                      {SORT_LABELS[option]}
                    </option>
                  ))}
                </Select>
              </div>
            </div>

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

function CategoryButton({ label, active, onClick }: { label: string; active: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
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

/**
 * The menu's actions. A signed-in buyer gets Save, Contact Seller and Request
 * Order (loaded only for them: they bring the device's storage); a guest is
 * asked to sign in first and comes back here; sellers and admins get none.
 */
function MenuActions({ data }: { data: PublicMenu }) {
  const user = useSession((state) => state.user);
  const loading = useSession((state) => state.loading);
  // Until the session is known, no button shows, so a signed-in buyer never sees the guest ones flash.
  if (loading) return null;
  if (!user) {
    return (
      <div className="flex shrink-0 flex-wrap gap-2 self-start">
        <Button
          variant="outline"
          onClick={() => {
            // The save happens when the buyer comes back signed in (see BuyerMenuActions).
            localStorage.setItem(SAVE_AFTER_LOGIN_KEY, data.menu.id);
            sendToLogin();
          }}
        >
          Save Menu
        </Button>
        <Button variant="outline" onClick={sendToLogin}>
          Contact Seller
        </Button>
      </div>
    );
  }
  if (user.role !== 'buyer') return null;
  return (
    <Suspense fallback={null}>
      <BuyerMenuActions data={data} />
    </Suspense>
  );
}

function ProductAction({ data, product }: { data: PublicMenu; product: MenuProduct }) {
  const user = useSession((state) => state.user);
  if (!user) {
    return (
      <Button variant="ghost" size="sm" className="justify-self-start px-0 text-brand-800" onClick={sendToLogin}>
        Request More Info
      </Button>
    );
  }
  if (user.role !== 'buyer') return null;
  return (
    <Suspense fallback={null}>
      <RequestInfoButton data={data} product={product} />
    </Suspense>
  );
}

function MenuNotFound() {
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md p-8 text-center">
        <h1 className="text-xl font-semibold text-stone-900">Menu Not Found</h1>
        <p className="mt-2 text-stone-600">The menu you're looking for doesn't exist or may have been removed.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Go Home
        </Link>
      </Card>
    </main>
  );
}

function LoadProblem({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-stone-50 p-4">
      <Card role="alert" className="w-full max-w-md p-8 text-center">
        <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
        <p className="mt-2 text-stone-600">{message}</p>
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </Card>
    </main>
  );
}
