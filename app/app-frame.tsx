/**
 * The tree the browser and the server both render: the crash fallback, a
 * router and the routes, with slots before and after the routes. A
 * server-rendered page hydrates only if the two trees put their elements in
 * the same places (generated ids count positions), so both go through here.
 */
import { memo, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from './components/error-boundary';
import { AppRoutes } from './routes';

/**
 * The routes do not follow the slots: a change in them (the session, the
 * prompts) must not reach a page the server drew before its code has
 * arrived, or React throws the drawn page away and starts over.
 */
const Routes = memo(AppRoutes);

export type AppFrameProps = {
  router: ComponentType<{ children: ReactNode }>;
  before?: ReactNode;
  after?: ReactNode;
};

export function AppFrame({ router: Router, before, after }: AppFrameProps) {
  return (
    <ErrorBoundary>
      <Router>
        {before}
        <Routes />
        {after}
      </Router>
    </ErrorBoundary>
  );
}
