/**
 * The seller's menu view counts. They live on the server (views happen on
 * other people's devices), so they are fetched when online and the last
 * answer is kept on the device for offline use.
 */
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { useSyncSession } from '../../lib/replica/sync-session';

export type MenuViews = { total: number; byMenu: Record<string, number> };

const storageKey = (userId: string) => `menu_views_${userId}`;

function readSaved(userId: string): MenuViews | null {
  try {
    return JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as MenuViews | null;
  } catch {
    return null;
  }
}

export function useMenuViews(userId: string): MenuViews | null {
  const online = useSyncSession((state) => state.online);
  const [fetched, setFetched] = useState<MenuViews | null>(null);

  useEffect(() => {
    if (!online) return;
    let current = true;
    apiRequest<MenuViews>('GET', '/api/analytics/menu-views').then(
      (views) => {
        localStorage.setItem(storageKey(userId), JSON.stringify(views));
        if (current) setFetched(views);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online, userId]);

  return fetched ?? readSaved(userId);
}
