/**
 * The app's router, react-router-dom: the browser's router, the route table's words, and the screens' words
 * (router.tsx) lent from it. Loaded with the app's routes; a guest's first page, a shared menu the
 * server drew, goes without it until a link is followed (first-page-router.tsx).
 */
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { createBrowserRouter, Link, Navigate, Outlet, RouterProvider, useBlocker, useLocation, useNavigate, useParams } from 'react-router-dom';
import { askToConfirm } from './confirm-store';
import { guardAgainst, hasUnsavedChanges, type NavigationGuard } from './navigation-guards';
import { RouterWordsContext, type RouterWords } from './router';

export { Route, Routes } from 'react-router-dom';

const words: RouterWords = { useLocation, useNavigate, useParams, Link, Navigate, Outlet };

const ScreensContext = createContext<ReactNode>(null);

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

/**
 * Holds every navigation a screen's guard stops (see navigation-guards.ts): the back button closes the open dialog
 * instead of leaving, and leaving unsaved changes asks first, reloading or closing the tab too.
 */
function GuardedNavigation() {
  const stoppedBy = useRef<NavigationGuard | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    stoppedBy.current = guardAgainst(historyAction, currentLocation.pathname !== nextLocation.pathname);
    return stoppedBy.current !== null;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const guard = stoppedBy.current;
    if (guard?.kind === 'dialog') {
      blocker.reset();
      if (!guard.unsaved) guard.close();
      else void askToConfirm(DISCARD_QUESTION).then((discard) => discard && guard.close());
      return;
    }
    void askToConfirm(LEAVE_QUESTION).then((leave) => {
      if (!leave) return blocker.reset();
      if (guard?.kind === 'unsaved') guard.discard?.();
      blocker.proceed();
    });
  }, [blocker]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return null;
}

function Screens() {
  return (
    <RouterWordsContext value={words}>
      <GuardedNavigation />
      {use(ScreensContext)}
    </RouterWordsContext>
  );
}

/** Follows the browser's location; every path draws the screens, whose own routes choose what to show. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <Screens /> }]));
  return (
    <ScreensContext value={children}>
      <RouterProvider router={router} />
    </ScreensContext>
  );
}
