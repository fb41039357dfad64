/**
 * The seller's figures of the week and what buyers did. They live on the
 * server (views happen on other people's devices), so they are fetched when
 * online and the last answer is kept on the device for offline use.
 */
import { useEffect, useState } from 'react';
import { sellerDashboardSchema, type SellerDashboard } from '../../../sync/entities/insights';
import { apiRequest } from '../../lib/api-client';
import { useConnectivity } from '../../lib/connectivity';

const storageKey = (userId: string) => `seller_dashboard_${userId}`;

function readSaved(userId: string): SellerDashboard | null {
  try {
    const parsed = sellerDashboardSchema.safeParse(JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useSellerDashboard(userId: string): SellerDashboard | null {
  const online = useConnectivity((state) => state.connection === 'online');
  const [fetched, setFetched] = useState<SellerDashboard | null>(null);

  useEffect(() => {
    if (!online || !userId) return;
    let current = true;
    apiRequest<SellerDashboard>('GET', '/api/analytics/dashboard').then(
      (dashboard) => {
        localStorage.setItem(storageKey(userId), JSON.stringify(dashboard));
        if (current) setFetched(dashboard);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online, userId]);

  return fetched ?? (userId ? readSaved(userId) : null);
}
