/** The whole app: every route of the route table, on react-router-dom. */
import type { ReactNode } from 'react';
import { AppChrome } from './app-chrome';
import { BrowserRouter } from './lib/app-router';
import { AppRoutes } from './routes';

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

export function App() {
  return <AppChrome router={browserRouter} routes={AppRoutes} />;
}
