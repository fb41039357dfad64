/**
 * The routing words the screens use (links, the location, navigation, path and search parameters, a layout's
 * outlet), whichever router draws the page. The app routes with react-router-dom (app-router.tsx); a shared menu
 * the server drew for a guest runs without it (first-page-router.tsx) until a link is followed, so a phone reading a
 * menu never downloads a router. Screens import only this file and never know which of the two is underneath.
 */
import { createContext, use, useMemo, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

/** Where the person is: the path, the search string (with its `?`, or empty), and what the page that sent them left. */
export type Location = { pathname: string; search: string; hash: string; state: unknown };

/** A path, or a change of the search string that keeps the path (`{ search: '?sort=price' }`). */
export type To = string | { search: string };
export type NavigateOptions = { replace?: boolean; state?: unknown };
export type Params = Record<string, string | undefined>;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown; ref?: Ref<HTMLAnchorElement> };

/** What a router lends the screens: its hooks (stable for the router's lifetime) and its link, redirect and outlet. */
export type RouterWords = {
  useLocation(): Location;
  useNavigate(): (to: To, options?: NavigateOptions) => void;
  useParams(): Params;
  Link: ComponentType<LinkProps>;
  Navigate: ComponentType<{ to: string } & NavigateOptions>;
  Outlet: ComponentType;
};

export const RouterWordsContext = createContext<RouterWords | null>(null);

function useRouterWords(): RouterWords {
  const words = use(RouterWordsContext);
  if (!words) throw new Error('A screen that routes is drawn outside any router');
  return words;
}

export function useLocation(): Location {
  return useRouterWords().useLocation();
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  return useRouterWords().useNavigate();
}

/** The matched route's path parameters (`/menu/:publicLinkId` gives `publicLinkId`). */
export function useParams<T extends Params = Params>(): Partial<T> {
  return useRouterWords().useParams() as Partial<T>;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
    const text = new URLSearchParams(next).toString();
    navigate({ search: text ? `?${text}` : '' }, options);
  };
  return [params, setParams];
}

export function Link(props: LinkProps) {
  const { Link: RouterLink } = useRouterWords();
  return <RouterLink {...props} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((status: { isActive: boolean }) => string); end?: boolean };

/** A link that knows it leads to the page shown (`aria-current="page"`), for navigation bars. */
export function NavLink({ to, className, end, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && to !== '/' && pathname.startsWith(`${to}/`));
  return <Link to={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} {...link} />;
}

/** Leaves for another path as soon as it is drawn. */
export function Navigate(props: { to: string } & NavigateOptions) {
  const { Navigate: RouterNavigate } = useRouterWords();
  return <RouterNavigate {...props} />;
}

/** Where a layout draws the route inside it. */
export function Outlet() {
  const { Outlet: RouterOutlet } = useRouterWords();
  return <RouterOutlet />;
}
