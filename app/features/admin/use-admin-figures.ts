/** The dashboard's figures (the four cards and the growth card), loaded together and tried again together. */
import { useEffect, useState } from 'react';
import type { AdminGrowth, AdminStats } from '../../../sync/entities/admin';
import { apiRequest, messageOf } from '../../lib/api-client';

export type Figures = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; stats: AdminStats; growth: AdminGrowth };

export function useAdminFigures() {
  const [figures, setFigures] = useState<Figures>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    Promise.all([apiRequest<AdminStats>('GET', '/api/admin/stats'), apiRequest<AdminGrowth>('GET', '/api/admin/growth')])
      .then(([stats, growth]) => !cancelled && setFigures({ status: 'ready', stats, growth }))
      .catch((error: unknown) => !cancelled && setFigures({ status: 'error', message: messageOf(error, 'Failed to load the admin dashboard.') }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  /** Also asks for the customer list again, which shares the attempt. */
  function retry() {
    setFigures({ status: 'loading' });
    setAttempt((value) => value + 1);
  }

  return { figures, attempt, retry };
}
