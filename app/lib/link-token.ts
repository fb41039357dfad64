/**
 * The token of an emailed link (`?token=...`), read once when its page opens.
 * The address bar then drops it, so it stays out of the browser's history and
 * out of any address the page is later shared or bookmarked by; the page keeps
 * it for its form.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from './router';

export function useLinkToken(): string {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (params.has('token')) void navigate(pathname, { replace: true });
  }, [params, pathname, navigate]);
  return token;
}
