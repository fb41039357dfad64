/**
 * The tree the browser and the server both render: the crash fallback, a
 * router and the routes, with slots before and after the routes. A
 * server-rendered page hydrates only if the two trees put their elements in
 * the same places (generated ids count positions), so both go through here.
 */
import { memo, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from './components/error-boundary';

export type AppFrameProps = {
  /** Puts the router around the page: the app's own, or a shared menu's first page's (which needs none). */
  router: (children: ReactNode) => ReactNode;
  /**
   * Draws the page for the location. It does not follow the slots: a change in them (the session, the prompts)
   * must not reach a page the server drew before its code has arrived, or React throws the drawn page away.
   */
  routes: ComponentType;
  before?: ReactNode;
  after?: ReactNode;
};

export function AppFrame({ router, routes, before, after }: AppFrameProps) {
  return (
    <ErrorBoundary>
      {router(
        <>
          {before}
          <MemoRoutes routes={routes} />
          {after}
        </>,
      )}
    </ErrorBoundary>
  );
}

const MemoRoutes = memo(function Routes({ routes: Page }: { routes: ComponentType }) {
  return <Page />;
});
