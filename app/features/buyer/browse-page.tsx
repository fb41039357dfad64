/**
 * Every seller's public-listing menus: searched, filtered and paged on the
 * server (there can be thousands), loaded as the buyer scrolls. Browsing
 * needs the network; saved menus are what works offline.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '../../../sync/contract/constants';
import { apiReads, type BrowseQuery } from '../../../sync/contract/api-reads';
import type { BrowseItem, BrowsePage as BrowseAnswer } from '../../../sync/entities/browse';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, Spinner } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { messageOf } from '../../lib/api-client';
import { backToState } from '../../lib/back-to';
import { useConnectivity } from '../../lib/connectivity';
import { useDocumentTitle } from '../../lib/document-title';
import { readFromServer } from '../../lib/server-read/read-from-server';
import { useServerRead } from '../../lib/server-read/use-server-read';

type Filters = { q: string; category: ProductCategory | ''; sellerId: string };
/** The pages loaded after the first, as the buyer scrolled: they follow `after`, the first page they were loaded for. */
type LaterPages = { after: BrowseAnswer; items: BrowseItem[]; nextCursor: string | null; error: string | null };

const SEARCH_DELAY_MS = 250;

function browseQuery(filters: Filters, cursor?: string): BrowseQuery {
  return { q: filters.q.trim() || undefined, category: filters.category || undefined, sellerId: filters.sellerId || undefined, cursor };
}

export function BrowsePage() {
  useDocumentTitle('Browse Menus');
  const online = useConnectivity((state) => state.connection === 'online');
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', sellerId: '' });
  const [query, setQuery] = useState(filters);
  const firstPage = useServerRead(apiReads.browse(browseQuery(query)), { onlyOnline: true });
  const sellers = useServerRead(apiReads.browseSellers(), { onlyOnline: true }).data ?? [];
  const [laterPages, setLaterPages] = useState<LaterPages | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  // Typing waits a moment before asking the server, so each keystroke is not a request.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(filters), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters]);

  const first = firstPage.data;
  const later = first && laterPages?.after === first ? laterPages : null;
  const shown = first
    ? { items: later ? [...first.items, ...later.items] : first.items, nextCursor: later ? later.nextCursor : first.nextCursor, error: later?.error ?? null }
    : firstPage.error !== null
      ? { items: [], nextCursor: null, error: messageOf(firstPage.error, 'Could not load menus.') }
      : null;

  async function loadMore() {
    if (!first || !shown?.nextCursor || loadingMore) return;
    setLoadingMore(true);
    const loaded = later ?? { after: first, items: [], nextCursor: first.nextCursor, error: null };
    try {
      const page = await readFromServer(apiReads.browse(browseQuery(query, shown.nextCursor)));
      setLaterPages({ after: first, items: [...loaded.items, ...page.items], nextCursor: page.nextCursor, error: null });
    } catch (error) {
      setLaterPages({ ...loaded, error: messageOf(error, 'Could not load more menus.') });
    } finally {
      setLoadingMore(false);
    }
  }

  // Loads the next page when the end of the list scrolls into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !shown?.nextCursor) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  });

  return (
    <PageBody>
      <PageHeader title="Browse Menus" subtitle="Every supplier's public menus. Save the ones you want with you on the road." />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem_14rem]">
        <Input
          type="search"
          aria-label="Search menus"
          placeholder="Search menus, suppliers or products"
          value={filters.q}
          onChange={(event) => setFilters((current) => ({ ...current, q: event.target.value }))}
        />
        <Select
          aria-label="Category"
          value={filters.category}
          onChange={(event) => setFilters((current) => ({ ...current, category: event.target.value as ProductCategory | '' }))}
        >
          <option value="">All categories</option>
          {PRODUCT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
        <Select aria-label="Supplier" value={filters.sellerId} onChange={(event) => setFilters((current) => ({ ...current, sellerId: event.target.value }))}>
          <option value="">All suppliers</option>
          {sellers.map((seller) => (
            <option key={seller.id} value={seller.id}>
              {seller.name}
            </option>
          ))}
        </Select>
      </div>
      {!online ? (
        <Card className="p-6 text-center text-stone-700" role="status">
          Browsing needs a connection. Your saved menus work offline:{' '}
          <Link to="/saved-menus" className="font-medium text-brand-800 underline">
            open them
          </Link>
          .
        </Card>
      ) : !shown ? (
        <Spinner label="Loading menus" />
      ) : shown.items.length === 0 ? (
        <Card className="p-6 text-center text-stone-600">{shown.error ?? 'No menus match your search.'}</Card>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {shown.items.map((item) => (
              <li key={item.menuId}>
                <Card className="flex h-full flex-col overflow-hidden">
                  {item.coverUrl ? (
                    <img src={item.coverUrl} alt="" loading="lazy" width={400} height={160} className="h-32 w-full object-cover" />
                  ) : (
                    <div aria-hidden className="h-2 bg-brand-700" />
                  )}
                  <div className="flex flex-1 flex-col gap-2 p-4">
                    <h2 className="font-semibold">{item.name}</h2>
                    <p className="text-sm text-brand-800">{item.sellerName}</p>
                    {item.description && <p className="line-clamp-2 text-sm text-stone-600">{item.description}</p>}
                    <div className="flex flex-wrap gap-1">
                      {item.categories.map((category) => (
                        <Badge key={category} tone="neutral">
                          {CATEGORY_LABELS[category]}
                        </Badge>
                      ))}
                    </div>
                    <p className="text-xs text-stone-500">
                      {item.productCount} {item.productCount === 1 ? 'product' : 'products'} · updated {new Date(item.updatedAt).toLocaleDateString()}
                    </p>
                    <Link to={`/menu/${item.publicLinkId}`} state={backToState('/browse', 'Browse')} className={buttonClasses('outline', 'sm', 'mt-auto self-start')}>
                      Open menu
                    </Link>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <div ref={sentinel} />
          {shown.nextCursor && (
            <Button variant="outline" className="justify-self-center" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load more'}
            </Button>
          )}
          {shown.error && (
            <p role="alert" className="text-center text-sm text-red-700">
              {shown.error}
            </p>
          )}
        </>
      )}
    </PageBody>
  );
}
