/**
 * The app on a guest's first page, a shared menu the server drew: the menu's page and what surrounds it (sign-in
 * dialog, prompts once idle, toasts) without the router. The first navigation to another page loads the whole app,
 * router included, which takes over from there; a phone that only reads the menu never downloads it.
 */
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { AppChrome } from './app-chrome';
import { firstPageOf } from './first-page-routes';
import { FirstPageRouter } from './lib/first-page-router';
import { announceTakeOver } from './lib/page-take-over';
import { useSession } from './lib/session-store';

export function FirstPageApp() {
  const [WholeApp, setWholeApp] = useState<ComponentType | null>(null);
  const firstPage = useMemo(() => {
    const page = firstPageOf(window.location.pathname);
    if (!page) throw new Error('The first page is a shared menu the server drew');
    return page;
  }, []);
  // Effects run once the drawn page is hydrated; a tap held meanwhile is made again once the session is known too, so
  // that it reaches a signed-in person's own buttons, not the guest's the page was drawn with.
  const sessionKnown = useSession((state) => !state.loading);
  useEffect(() => {
    if (sessionKnown) announceTakeOver();
  }, [sessionKnown]);
  const router = useMemo(() => {
    const leave = () =>
      import('./app').then(
        ({ App }) => setWholeApp(() => App),
        // The app's code could not be had (a new version replaced it, say): the browser loads the page it was sent to.
        () => window.location.reload(),
      );
    return (children: ReactNode) => (
      <FirstPageRouter params={firstPage.params} onLeave={() => void leave()}>
        {children}
      </FirstPageRouter>
    );
  }, [firstPage]);

  if (WholeApp) return <WholeApp />;
  return <AppChrome router={router} routes={firstPage.Page} />;
}
