/** The frame of every signed-in page: a skip link, the top bar and the page. */
import { Outlet } from 'react-router-dom';
import { TopNav } from './top-nav';

export function AppLayout() {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopNav />
      <Outlet />
    </>
  );
}
