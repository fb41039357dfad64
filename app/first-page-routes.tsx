/**
 * The pages the server draws for a guest (a shared menu, or a dead link's card on the menu or its printed sheet),
 * as a first page: drawn without the app's router, the same way on the server and in the browser.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from './components/ui/card';
import { PublicMenuPage } from './features/public-menu/public-menu-page';
import type { Params } from './lib/router';

/** Only a dead link's sheet is drawn by the server: a rare page, loaded when asked for. */
const PrintMenuPage = lazy(async () => ({ default: (await import('./features/public-menu/print-menu-page')).PrintMenuPage }));

function PrintFirstPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <PrintMenuPage />
    </Suspense>
  );
}

const FIRST_PAGE_PATH = /^\/menu\/([^/]+)(\/print)?\/?$/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The first page a path names, with its parameters; null for any other path (the whole app draws it). */
export function firstPageOf(pathname: string): { params: Params; Page: ComponentType } | null {
  const match = FIRST_PAGE_PATH.exec(pathname);
  if (!match) return null;
  return { params: { publicLinkId: decoded(match[1]!) }, Page: match[2] ? PrintFirstPage : PublicMenuPage };
}
