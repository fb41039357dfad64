/**
 * The app's router: the handful of routing words the screens use (routes with a shared layout, links, the location,
 * navigation, path and search parameters), on wouter. wouter does the work (the browser's history, matching paths
 * with parameters, search parameters) in about 2 KB, where the router the app had weighed about 16 KB of a shared
 * menu's 100 KB budget; this file only keeps the screens' words, so no screen knows which router is underneath.
 */
import { Children, createContext, isValidElement, use, useMemo, type AnchorHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { Link as WouterLink, matchRoute, Redirect, Router as WouterRouter, useRouter, useLocation as useWouterLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/** Where the person is: the path, the search string (with its `?`, or empty), and what the page that sent them left. */
export type Location = { pathname: string; search: string; hash: string; state: unknown };

/** A path, or a change of the search string that keeps the path (`{ search: '?sort=price' }`). */
export type To = string | { search: string };
export type NavigateOptions = { replace?: boolean; state?: unknown };

/** Follows the browser's location; on the server, the path being drawn. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <WouterRouter>{children}</WouterRouter>;
}

/** The router for a page drawn on the server: the same tree as the browser's, at `location`. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [path, search = ''] = location.split('?', 2) as [string, string?];
  return (
    <WouterRouter ssrPath={path} ssrSearch={search}>
      {children}
    </WouterRouter>
  );
}

/** The search string as the address has it (wouter's own `useSearch` unescapes it, which breaks an encoded `&`). */
function useRawSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && !search.startsWith('?') ? `?${search}` : search;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  return {
    pathname,
    search: useRawSearch(),
    hash: typeof window === 'undefined' ? '' : window.location.hash,
    state: useHistoryState() as unknown,
  };
}

function resolve(to: To, pathname: string): string {
  return typeof to === 'string' ? to : `${pathname}${to.search}`;
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const [pathname, navigate] = useWouterLocation();
  return (to, options) => navigate(resolve(to, pathname), { replace: options?.replace, state: options?.state });
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const search = useRawSearch();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
    const text = new URLSearchParams(next).toString();
    navigate({ search: text ? `?${text}` : '' }, options);
  };
  return [params, setParams];
}

/** Leaves for another path as soon as it is drawn. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

export function Link({ to, replace, state, ...anchor }: LinkProps) {
  return <WouterLink to={to} replace={replace} state={state} {...anchor} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((status: { isActive: boolean }) => string); end?: boolean };

/** A link that knows it leads to the page shown (`aria-current="page"`), for navigation bars. */
export function NavLink({ to, className, end, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && to !== '/' && pathname.startsWith(`${to}/`));
  return <Link to={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} {...link} />;
}

type RouteProps = { path?: string; element: ReactNode; children?: ReactNode };

/** One route of `Routes`: a path and what it draws, or (no path) a layout its child routes are drawn inside. */
export function Route(_props: RouteProps): null {
  return null;
}

type Params = Record<string, string | undefined>;
type Matched = { elements: ReactNode[]; params: Params };

const ParamsContext = createContext<Params>({});
const OutletContext = createContext<ReactNode>(null);

/** The first route, in order, whose path matches: layouts are tried through their children. */
function firstMatch(children: ReactNode, pathname: string, parser: ReturnType<typeof useRouter>['parser']): Matched | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child) || child.type !== Route) continue;
    const { path, element, children: nested } = (child as ReactElement<RouteProps>).props;
    if (path === undefined) {
      const inner = firstMatch(nested, pathname, parser);
      if (inner) return { elements: [element, ...inner.elements], params: inner.params };
      continue;
    }
    if (path === '*') return { elements: [element], params: {} };
    const [matches, params] = matchRoute(parser, path, pathname);
    if (matches) return { elements: [element], params: params as Params };
  }
  return null;
}

/** Draws the first matching route, inside the layouts around it (each drawing the next at its `Outlet`). */
export function Routes({ children }: { children: ReactNode }) {
  const [pathname] = useWouterLocation();
  const { parser } = useRouter();
  const matched = useMemo(() => firstMatch(children, pathname, parser), [children, pathname, parser]);
  if (!matched) return null;
  const drawn = matched.elements.reduceRight<ReactNode>((inner, element) => <OutletContext value={inner}>{element}</OutletContext>, null);
  return <ParamsContext value={matched.params}>{drawn}</ParamsContext>;
}

/** Where a layout draws the route inside it. */
export function Outlet() {
  return use(OutletContext);
}

/** The matched route's path parameters (`/menu/:publicLinkId` gives `publicLinkId`). */
export function useParams<T extends Params = Params>(): Partial<T> {
  return use(ParamsContext) as Partial<T>;
}
