/** Loads one GET endpoint into component state, with reload; failures are kept for the page to show. */
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from './api-client';

export type ApiQuery<T> = { data: T | null; error: unknown; loading: boolean; reload: () => void };

type Settled<T> = { key: string; data: T | null; error: unknown };

export function useApiQuery<T>(url: string | null): ApiQuery<T> {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const key = `${url}#${generation}`;

  useEffect(() => {
    if (url === null) return;
    let current = true;
    apiRequest<T>('GET', url).then(
      (data) => current && setSettled({ key, data, error: null }),
      (error: unknown) => current && setSettled({ key, data: null, error }),
    );
    return () => {
      current = false;
    };
  }, [url, key]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  // While a reload runs, the last answer stays on screen.
  return {
    data: settled?.data ?? null,
    error: settled?.error ?? null,
    loading: url !== null && settled?.key !== key,
    reload,
  };
}
