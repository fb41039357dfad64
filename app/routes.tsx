/**
 * The route table, built from the screens the features declare (feature-routes.ts). Pages load lazily so a visitor
 * of a public menu downloads only what that page needs.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from './lib/app-router';
import type { FeatureRoute } from './lib/feature-route';
import { NotFoundPage } from './components/not-found-page';
import { RequireRole } from './components/require-role';
import { Spinner } from './components/ui/card';
import { ALL_ROUTES } from './feature-routes';
const SignedInLayout = lazy(async () => ({ default: (await import('./signed-in-layout')).SignedInLayout }));

/** Each lazily loaded page made once, whichever of its addresses is opened first (the builder has two). */
const lazyPages = new Map<FeatureRoute['load'], ComponentType>();
function pageOf(route: FeatureRoute): ComponentType {
  if (route.Page) return route.Page;
  const load = route.load;
  let Page = lazyPages.get(load);
  if (!Page) {
    Page = lazy(async () => ({ default: await load() }));
    lazyPages.set(load, Page);
  }
  return Page;
}

function screen(route: FeatureRoute) {
  const Page = pageOf(route);
  const roles = route.roles;
  const element =
    roles && roles !== 'anyone' ? (
      <RequireRole roles={[...roles]}>
        <Page />
      </RequireRole>
    ) : (
      <Page />
    );
  return <Route key={route.path} path={route.path} element={element} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        {ALL_ROUTES.filter((route) => !route.roles).map(screen)}
        <Route element={<SignedInLayout />}>
          {ALL_ROUTES.filter((route) => route.roles).map(screen)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
