/**
 * The app's router, react-router-dom: the browser's router, the route table's words, and the screens' words
 * (router.tsx) lent from it. Loaded with the app's routes; a guest's first page, a shared menu the
 * server drew, goes without it until a link is followed (first-page-router.tsx).
 */
import type { ReactNode } from 'react';
import { BrowserRouter as HistoryRouter, Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { RouterWordsContext, type RouterWords } from './router';

export { Route, Routes } from 'react-router-dom';

const words: RouterWords = { useLocation, useNavigate, useParams, Link, Navigate, Outlet };

/** Follows the browser's location. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return (
    <HistoryRouter>
      <RouterWordsContext value={words}>{children}</RouterWordsContext>
    </HistoryRouter>
  );
}
