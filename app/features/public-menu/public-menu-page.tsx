/**
 * The public menu: anyone with the link sees the menu, its
 * products with a category filter and a sort, and the seller's name. Kept
 * free of heavy dependencies because buyers open these links on phones.
 */
import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from '../../lib/router';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { menuLinkIdOf } from '../../../sync/rules/sample-menu';
import { MenuView } from '../../widgets/menu-view/menu-view';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { ApiError, authHeaders, fetchFromServer, messageOf, NetworkError, SAVED_COPY_HEADER } from '../../lib/api-client';
import { useLiveMenu, type LiveMenu } from '../../lib/live-menu';
import { useSession } from '../../lib/session-store';
import { readBackTo, type BackTo } from '../../lib/back-to';
import { useDocumentTitle } from '../../lib/document-title';
import { menuCheckedOnPage } from '../../lib/page-take-over';
import { whenIdle } from '../../lib/when-idle';
import { EmbeddedMenuContext, readEmbeddedMenu } from './embedded-menu';
import { GuestMenuActions, GuestOrderButton, GuestRequestInfoButton, usePendingAction, type PendingAction } from './guest-actions';
import type { ServerShortfall } from './own-menu-from-device';

const BuyerMenuActions = lazy(async () => ({ default: (await import('./buyer-actions')).BuyerMenuActions }));
const RequestInfoButton = lazy(async () => ({ default: (await import('./buyer-actions')).RequestInfoButton }));
const ProductCartAction = lazy(async () => ({ default: (await import('./buyer-actions')).ProductCartAction }));
/** Booth mode, for a signed-in seller only: it brings the device's storage. */
const OwnMenuFromDevice = lazy(async () => ({ default: (await import('./own-menu-from-device')).OwnMenuFromDevice }));
type MenuProduct = PublicMenu['products'][number];

type LoadResult = { status: 'ready'; data: PublicMenu; savedCopyFrom: Date | null } | { status: 'not-found' } | { status: 'offline' } | { status: 'error'; message: string };

export function PublicMenuPage() {
  const { publicLinkId = '' } = useParams<{ publicLinkId: string }>();
  const backTo = readBackTo(useLocation().state);
  const [attempt, setAttempt] = useState(0);
  // The result remembers which request it answers, so a new link or a retry shows the spinner without a reset in the effect.
  const requestKey = `${publicLinkId}#${attempt}`;
  const rendered = useContext(EmbeddedMenuContext);
  // The menu the server drew the page with (or its Menu Not Found) shows at once; the request below still runs (it counts the view and brings any change).
  const [result, setResult] = useState<{ key: string; value: LoadResult } | null>(() => {
    const embedded = rendered ?? readEmbeddedMenu();
    if (embedded?.publicLinkId !== publicLinkId) return null;
    return { key: `${publicLinkId}#0`, value: embedded.menu ? { status: 'ready', data: embedded.menu, savedCopyFrom: null } : { status: 'not-found' } };
  });

  const viewerChanges = useViewerChanges();
  useEffect(() => {
    let cancelled = false;
    const key = `${publicLinkId}#${attempt}`;
    const load = () =>
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
    // A menu the page came with is on screen already: the check for changes waits for the page to be taken over,
    // and is not made again when the page's loader made it (its live changes come with the stream).
    const drawnMenu = attempt === 0 && viewerChanges === 0 && readEmbeddedMenu()?.publicLinkId === publicLinkId;
    if (drawnMenu && menuCheckedOnPage()) return;
    const cancelStart = drawnMenu ? whenIdle(() => void load()) : null;
    if (!cancelStart) void load();
    return () => {
      cancelled = true;
      cancelStart?.();
    };
  }, [publicLinkId, attempt, viewerChanges]);

  const current = result?.key === requestKey ? result.value : null;
  const retry = () => setAttempt((value) => value + 1);
  // Once the menu came from the server, its changes (stock, prices, products) arrive as they happen.
  const following = current?.status === 'ready' && !current.savedCopyFrom ? current.data : null;
  // A signed-in buyer's stream is at their own prices, so what it sends is shown as it is.
  const live = useLiveMenu(following && publicLinkId, following);
  const seller = useSession((state) => state.user?.role === 'seller');
  const shortfall = current && serverShortfall(current);
  // Offline, the page waits the moment it takes to know whether a seller is signed in, rather than flash the error card at them.
  // Only then: otherwise the session's check ending would draw the whole menu again, in one task, as the page is taken over.
  const waitForSession = useSession((state) => shortfall === 'offline' && state.loading);
  const guest = usePendingAction();

  if (!current || waitForSession) {
    return (
      <main id="main-content" className="min-h-dvh bg-stone-50">
        <Spinner label="Loading menu" />
      </main>
    );
  }
  if (shortfall && seller) {
    // The seller's own menu can still be drawn from this device; whatever it cannot draw, the page shows as it would anyway.
    return (
      <Suspense fallback={<Spinner label="Loading menu" />}>
        <OwnMenuFromDevice
          // The sample menu's short address names its link, on this device as on the server.
          publicLinkId={menuLinkIdOf(publicLinkId)}
          shortfall={shortfall}
          backTo={backTo}
          otherwise={<ServerMenuPage current={current} live={live} publicLinkId={publicLinkId} backTo={backTo} retry={retry} guest={guest} />}
        />
      </Suspense>
    );
  }
  return <ServerMenuPage current={current} live={live} publicLinkId={publicLinkId} backTo={backTo} retry={retry} guest={guest} />;
}

/**
 * How many times someone signed in, up or out on this page: each asks for the menu again, in place, since its prices
 * and the products it hides are the viewer's. The session found on opening is the one the first request was made with.
 */
function useViewerChanges(): number {
  const viewer = useSession((state) => (state.loading ? null : (state.user?.id ?? '')));
  const [changes, setChanges] = useState({ viewer, count: 0 });
  if (viewer !== null && changes.viewer !== viewer) setChanges({ viewer, count: changes.viewer === null ? changes.count : changes.count + 1 });
  return changes.count;
}

/** When the server's menu falls short of what its seller has on this device. */
function serverShortfall(result: LoadResult): ServerShortfall | null {
  if (result.status === 'offline') return 'offline';
  if (result.status === 'not-found') return 'not-found';
  if (result.status === 'ready' && result.savedCopyFrom) return 'saved-copy';
  return null;
}

/** The page as the server's answer (or its absence) draws it. */
function ServerMenuPage({
  current,
  live,
  publicLinkId,
  backTo,
  retry,
  guest,
}: {
  current: LoadResult;
  live: LiveMenu;
  publicLinkId: string;
  backTo: BackTo | null;
  retry: () => void;
  guest: GuestState;
}) {
  if (current.status === 'not-found' || live.gone) return <MenuNotFound />;
  if (current.status === 'offline') {
    // The browser says online, yet no answer came: the network lets nothing through, or the server is down.
    return navigator.onLine ? (
      <LoadProblem title="Can't reach the server" message="This menu couldn't be loaded because the server cannot be reached. Try again in a moment." onRetry={retry} />
    ) : (
      <LoadProblem title="You're offline" message="This menu couldn't be loaded because there's no connection. Check your connection and try again." onRetry={retry} />
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
          <MenuActions data={data} guest={guest} />
          <a href={`/menu/${encodeURIComponent(publicLinkId)}/print`} className={buttonClasses('outline')}>
            Print or save as PDF
          </a>
        </div>
      }
      productAction={(product) => <ProductAction data={data} product={product} guest={guest} />}
    />
  );
}

function sameMenu(a: PublicMenu, b: PublicMenu): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Loads a public menu. The service worker answers from its copy when the
 * network does not, and marks it; the answer's Date header then tells when
 * that copy was made.
 */
export async function loadPublicMenu(publicLinkId: string): Promise<{ data: PublicMenu; savedCopyFrom: Date | null }> {
  // The seller's own visits are not counted as views, so say who is looking when someone is signed in.
  const response = await fetchFromServer(`/api/public/menu/${encodeURIComponent(publicLinkId)}`, { headers: authHeaders() });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const savedCopyFrom = response.headers.has(SAVED_COPY_HEADER) ? new Date(response.headers.get('date') ?? '') : null;
  return { data: (await response.json()) as PublicMenu, savedCopyFrom };
}

type GuestState = ReturnType<typeof usePendingAction>;

/**
 * The menu's actions. A signed-in buyer gets Save, Contact Seller and the
 * cart (loaded only for them: they bring the device's storage); a guest is
 * asked to sign in on this page, and what they asked for then carries on;
 * sellers and admins get none.
 */
function MenuActions({ data, guest }: { data: PublicMenu; guest: GuestState }) {
  const user = useSession((state) => state.user);
  // The server draws a guest's buttons, which a guest reads before the app has started; someone signed in has the
  // page taken over at once, and their own buttons replace these as soon as the session is known.
  if (!user) return <GuestMenuActions ask={guest.ask} />;
  if (user.role !== 'buyer') return null;
  return (
    <Suspense fallback={null}>
      <BuyerMenuActions data={data} startWith={menuActionOf(guest.pending)} onStarted={guest.carriedOn} />
    </Suspense>
  );
}

function menuActionOf(pending: PendingAction | null): 'save' | 'contact' | null {
  return pending?.kind === 'save' || pending?.kind === 'contact' ? pending.kind : null;
}

function ProductAction({ data, product, guest }: { data: PublicMenu; product: MenuProduct; guest: GuestState }) {
  const user = useSession((state) => state.user);
  if (!user) {
    return (
      <>
        <GuestRequestInfoButton productId={product.id} strainName={product.strainName} ask={guest.ask} />
        <GuestOrderButton productId={product.id} strainName={product.strainName} ask={guest.ask} />
      </>
    );
  }
  if (user.role !== 'buyer') return null;
  const asked = guest.pending?.kind === 'info' && guest.pending.productId === product.id;
  const ordered = guest.pending?.kind === 'order' && guest.pending.productId === product.id;
  return (
    <Suspense fallback={null}>
      <RequestInfoButton data={data} product={product} startOpen={asked} onStarted={guest.carriedOn} />
      <ProductCartAction data={data} product={product} addOnArrival={ordered} onStarted={guest.carriedOn} />
    </Suspense>
  );
}

/** What a link that shows nothing (unknown, regenerated, expired) opens to, on the menu and on its printed sheet alike. */
export function MenuNotFound() {
  useDocumentTitle('Menu Not Found');
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
