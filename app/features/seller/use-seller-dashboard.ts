/**
 * The seller's figures of the week and what buyers did. They live on the
 * server (views happen on other people's devices), so they are fetched when
 * online and the last answer is kept in the seller's own database for offline use.
 */
import { apiReads } from '../../../sync/contract/api-reads';
import type { SellerDashboard } from '../../../sync/entities/insights';
import { useServerRead } from '../../lib/server-read/use-server-read';

export function useSellerDashboard(): SellerDashboard | null {
  return useServerRead(apiReads.sellerDashboard(), { keepOffline: true }).data ?? null;
}
