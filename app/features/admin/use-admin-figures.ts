/** The dashboard's figures (the four cards and the growth card), shown together and tried again together. */
import { apiReads } from '../../../sync/contract/api-reads';
import type { AdminGrowth, AdminStats } from '../../../sync/entities/admin';
import { messageOf } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';

export type Figures = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; stats: AdminStats; growth: AdminGrowth };

export function useAdminFigures() {
  const stats = useServerRead(apiReads.adminStats());
  const growth = useServerRead(apiReads.adminGrowth());
  const failure = stats.error ?? growth.error;

  let figures: Figures;
  if (stats.data && growth.data) figures = { status: 'ready', stats: stats.data, growth: growth.data };
  else if (failure !== null) figures = { status: 'error', message: messageOf(failure, 'Failed to load the admin dashboard.') };
  else figures = { status: 'loading' };

  function retry() {
    stats.retry();
    growth.retry();
  }

  return { figures, retry };
}
