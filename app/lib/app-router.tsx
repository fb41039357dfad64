/**
 * The app's router, react-router-dom's declarative BrowserRouter (its data router weighs twice as much for what the
 * app uses of it: docs/decisions/015-screens-guard-navigation-in-one-place.md): the browser's router, the route
 * table's words, and the screens' words (router.tsx) lent from it, each navigation asked first of the screens' guards
 * (navigation-guards.ts). Loaded with the app's routes; a guest's first page, a shared menu the server drew, goes
 * without it until a link is followed (first-page-router.tsx).
 */
import { forwardRef, useCallback, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import {
  BrowserRouter as DeclarativeRouter,
  Link as RouterLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate as useRouterNavigate,
  useParams,
  type NavigateFunction,
} from 'react-router-dom';
import { askToConfirm } from './confirm-store';
import { guardAgainst, hasUnsavedChanges, type HistoryMove, type NavigationGuard } from './navigation-guards';
import { RouterWordsContext, type LinkProps, type NavigateOptions, type RouterWords, type To } from './router';

export { Route, Routes } from 'react-router-dom';

const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  description: 'Your changes on this page are not saved, and leaving it loses them.',
  confirmLabel: 'Leave',
  destructive: true,
};

const DISCARD_QUESTION = {
  title: 'Discard your changes?',
  description: 'What you typed in this form is not saved, and closing it loses it.',
  confirmLabel: 'Discard',
  destructive: true,
};

/** Whether going to `to` leaves the page shown (another path, not only another search string). */
function leavesPage(to: To): boolean {
  if (typeof to !== 'string') return false;
  return new URL(to, window.location.href).pathname !== window.location.pathname;
}

/** What the guard that stopped a navigation does: a dialog closes (asking first if it holds typed work), a page asks before it is left. */
function settleStopped(guard: NavigationGuard, leave: () => void): void {
  if (guard.kind === 'dialog') {
    if (!guard.unsaved) guard.close();
    else void askToConfirm(DISCARD_QUESTION).then((discard) => discard && guard.close());
    return;
  }
  void askToConfirm(LEAVE_QUESTION).then((confirmed) => {
    if (!confirmed) return;
    guard.discard?.();
    leave();
  });
}

/** Goes where asked unless a screen's guard stops it. */
function guardedNavigate(navigate: NavigateFunction, to: To, options?: NavigateOptions): void {
  const move: HistoryMove = options?.replace ? 'REPLACE' : 'PUSH';
  const guard = guardAgainst(move, leavesPage(to));
  if (guard) settleStopped(guard, () => navigate(to, options));
  else navigate(to, options);
}

function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useRouterNavigate();
  return useCallback((to: To, options?: NavigateOptions) => guardedNavigate(navigate, to, options), [navigate]);
}

const Link = forwardRef<HTMLAnchorElement, LinkProps>(function GuardedLink({ onClick, to, replace, state, ...props }, ref) {
  const navigate = useRouterNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A link opened elsewhere (a new tab, a modified click) leaves this page as it is.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const guard = guardAgainst(replace ? 'REPLACE' : 'PUSH', leavesPage(to));
    if (!guard) return;
    event.preventDefault();
    settleStopped(guard, () => navigate(to, { replace, state }));
  };
  return <RouterLink ref={ref} to={to} replace={replace} state={state} onClick={follow} {...props} />;
});

const words: RouterWords = { useLocation, useNavigate, useParams, Link, Navigate, Outlet };

/** The history position react-router-dom writes into each entry it makes. */
const positionOf = (state: unknown): number | null => {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
};

/**
 * What hears the browser's back and forward first, while the router is drawn: listened to from the moment this module
 * loads, before the router's own listener exists, so it runs first and can hide a move from it.
 */
let onHistoryMove: ((event: PopStateEvent) => void) | null = null;
if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => onHistoryMove?.(event));

/**
 * Back and forward, which no link or call goes through: the browser has already moved when it says so, so a move a
 * guard stops is hidden from the router and undone, and made again if the person then chooses to leave.
 */
function GuardedHistory() {
  const location = useLocation();
  const shown = useRef({ position: positionOf(window.history.state) ?? 0, pathname: location.pathname });
  // The app's own moves change where the history stands too.
  useEffect(() => {
    shown.current = { position: positionOf(window.history.state) ?? shown.current.position, pathname: location.pathname };
  }, [location]);
  useEffect(() => {
    let undoing = false;
    let redoing = false;
    const onPop = (event: PopStateEvent) => {
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (redoing) {
        redoing = false;
        return;
      }
      const next = positionOf(event.state);
      const delta = next === null ? 0 : shown.current.position - next;
      const guard = delta ? guardAgainst('POP', window.location.pathname !== shown.current.pathname) : null;
      if (!guard) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(delta);
      settleStopped(guard, () => {
        redoing = true;
        window.history.go(-delta);
      });
    };
    onHistoryMove = onPop;
    return () => {
      onHistoryMove = null;
    };
  }, []);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return null;
}

/** Follows the browser's location; every path draws the screens, whose own routes choose what to show. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return (
    <DeclarativeRouter>
      <RouterWordsContext value={words}>
        <GuardedHistory />
        {children}
      </RouterWordsContext>
    </DeclarativeRouter>
  );
}
