/**
 * The seller's figures of the week and what buyers did. They live on the
 * server (views happen on other people's devices), so they are fetched when
 * online and the last answer is kept in the seller's own database for offline use.
 */
import { sellerDashboardSchema, type SellerDashboard } from '../../../sync/entities/insights';
import { apiRequest } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';

const fetchDashboard = () => apiRequest<SellerDashboard>('GET', '/api/analytics/dashboard');

export function useSellerDashboard(): SellerDashboard | null {
  return useServerRead('seller-dashboard', fetchDashboard, { keepOffline: sellerDashboardSchema }).data ?? null;
}
