/**
 * One menu's insights for a period. They live on the server, so they are
 * fetched when online; the last answer for each menu and period is kept in
 * the seller's own database with when it was fetched, so the screen works
 * offline and says how old its figures are.
 */
import { apiReads } from '../../../sync/contract/api-reads';
import type { MenuInsights } from '../../../sync/entities/insights';
import { ApiError, messageOf } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';

export type SavedInsights = { fetchedAt: string; insights: MenuInsights };

export type InsightsState =
  | { status: 'loading' }
  | { status: 'ready'; saved: SavedInsights; fresh: boolean }
  | { status: 'not-found' }
  | { status: 'unavailable' }
  | { status: 'failed'; message: string; retry(): void };

export function useMenuInsights(menuId: string, days: number): InsightsState {
  const read = useServerRead(apiReads.menuInsights(menuId, days), { keepOffline: true });
  if (read.error instanceof ApiError && read.error.status === 404) return { status: 'not-found' };
  if (read.data && read.fetchedAt) return { status: 'ready', saved: { fetchedAt: read.fetchedAt, insights: read.data }, fresh: read.fresh };
  if (read.loading) return { status: 'loading' };
  return read.error === null ? { status: 'unavailable' } : { status: 'failed', message: messageOf(read.error, 'The figures could not be loaded.'), retry: read.retry };
}
