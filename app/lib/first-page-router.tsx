/**
 * The router of a guest's first page, a shared menu the server drew, with no router library under it: the path
 * stays while the search string and the page's state change in place (a filter, a sort). A navigation to any other
 * path (a link followed, the back button, a dashboard after signing in) is written to the history as react-router-dom
 * writes it and handed to `onLeave`, which brings the app's router in to draw it.
 */
import { createContext, use, useEffect, useMemo, useRef, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { RouterWordsContext, type LinkProps, type Location, type NavigateOptions, type Params, type RouterWords, type To } from './router';

/** How react-router-dom keeps an entry of the history: the page's state under `usr`, a key, and the entry's index. */
type HistoryEntry = { usr?: unknown; key?: string; idx?: number } | null;

type Navigation = (to: To, options?: NavigateOptions) => void;

const NavigationContext = createContext<Navigation>(() => undefined);

const listeners = new Set<() => void>();
let shown: Location | null = null;

function browserLocation(): Location {
  if (!shown) {
    const entry = window.history.state as HistoryEntry;
    shown = { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: entry?.usr ?? null };
  }
  return shown;
}

function locationChanged() {
  shown = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', locationChanged);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', locationChanged);
  };
}

function writeHistory(href: string, { replace, state }: NavigateOptions) {
  const index = (window.history.state as HistoryEntry)?.idx ?? 0;
  const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: replace ? index : index + 1 };
  if (replace) window.history.replaceState(entry, '', href);
  else window.history.pushState(entry, '', href);
}

/** A plain left click on a link that opens in this tab: the router's to follow; any other is the browser's. */
function followsInPage(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && (!target || target === '_self');
}

function FirstPageLink({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const navigate = use(NavigationContext);
  return (
    <a
      href={to}
      target={target}
      {...anchor}
      onClick={(event) => {
        onClick?.(event);
        if (!followsInPage(event, target)) return;
        event.preventDefault();
        navigate(to, { replace, state });
      }}
    />
  );
}

function FirstPageNavigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = use(NavigationContext);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** The first page has no layouts around it. */
function NoOutlet() {
  return null;
}

type FirstPageRouterProps = {
  /** The path (and search) drawn, on the server; the browser's own location otherwise. */
  location?: string;
  params: Params;
  onLeave?: () => void;
  children: ReactNode;
};

export function FirstPageRouter({ location: drawnAt, params, onLeave, children }: FirstPageRouterProps) {
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  });
  const { words, navigate } = useMemo(() => {
    const drawn: Location | null = drawnAt === undefined ? null : { ...splitPath(drawnAt), hash: '', state: null };
    const locationNow = () => drawn ?? browserLocation();
    const navigate: Navigation = (to, options = {}) => {
      const here = locationNow();
      const target = new URL(typeof to === 'string' ? to : `${here.pathname}${to.search}`, window.location.href);
      writeHistory(`${target.pathname}${target.search}${target.hash}`, options);
      if (target.pathname === here.pathname) locationChanged();
      else leave.current?.();
    };
    const words: RouterWords = {
      useLocation: () => useSyncExternalStore(subscribe, locationNow, locationNow),
      useNavigate: () => navigate,
      useParams: () => params,
      Link: FirstPageLink,
      Navigate: FirstPageNavigate,
      Outlet: NoOutlet,
    };
    return { words, navigate };
  }, [drawnAt, params]);

  useEffect(() => {
    // The back button to an entry of another path (one this page pushed) is a navigation too.
    const pagePath = window.location.pathname;
    return subscribe(() => {
      if (window.location.pathname !== pagePath) leave.current?.();
    });
  }, []);

  return (
    <RouterWordsContext value={words}>
      <NavigationContext value={navigate}>{children}</NavigationContext>
    </RouterWordsContext>
  );
}

function splitPath(path: string): { pathname: string; search: string } {
  const at = path.indexOf('?');
  return at === -1 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
}
