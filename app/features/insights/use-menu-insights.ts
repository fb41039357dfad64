/**
 * One menu's insights for a period. They live on the server, so they are
 * fetched when online; the last answer for each menu and period is kept on
 * the device with when it was fetched, so the screen works offline and says
 * how old its figures are.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { menuInsightsSchema, type MenuInsights } from '../../../sync/entities/insights';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useConnectivity } from '../../lib/connectivity';

const savedSchema = z.object({ fetchedAt: z.string(), insights: menuInsightsSchema });
export type SavedInsights = z.infer<typeof savedSchema>;

export type InsightsState =
  | { status: 'loading' }
  | { status: 'ready'; saved: SavedInsights; fresh: boolean }
  | { status: 'not-found' }
  | { status: 'unavailable' };

const storageKey = (menuId: string, days: number) => `menu_insights_${menuId}_${days}`;

function readSaved(menuId: string, days: number): SavedInsights | null {
  try {
    const parsed = savedSchema.safeParse(JSON.parse(localStorage.getItem(storageKey(menuId, days)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useMenuInsights(menuId: string, days: number): InsightsState {
  const online = useConnectivity((state) => state.connection === 'online');
  const [fetched, setFetched] = useState<{ key: string; state: InsightsState } | null>(null);
  const key = storageKey(menuId, days);

  useEffect(() => {
    if (!online) return;
    let current = true;
    apiRequest<MenuInsights>('GET', `/api/menus/${encodeURIComponent(menuId)}/insights?days=${days}`).then(
      (insights) => {
        const saved = { fetchedAt: new Date().toISOString(), insights };
        localStorage.setItem(key, JSON.stringify(saved));
        if (current) setFetched({ key, state: { status: 'ready', saved, fresh: true } });
      },
      (error: unknown) => {
        if (current && error instanceof ApiError && error.status === 404) setFetched({ key, state: { status: 'not-found' } });
      },
    );
    return () => {
      current = false;
    };
  }, [online, menuId, days, key]);

  if (fetched?.key === key) return fetched.state;
  const saved = readSaved(menuId, days);
  if (saved) return { status: 'ready', saved, fresh: false };
  return online ? { status: 'loading' } : { status: 'unavailable' };
}
