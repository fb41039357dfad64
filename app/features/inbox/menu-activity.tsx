/**
 * A seller's notifications of what buyers did to their menus: the first time
 * a buyer opened one, and each save. They come from the server when online
 * (the last list is kept for offline), and are marked read once shown.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { sellerEventSchema, type SellerEvent } from '../../../sync/entities/insights';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { apiRequest } from '../../lib/api-client';
import { useConnectivity } from '../../lib/connectivity';

const storageKey = (userId: string) => `menu_activity_${userId}`;
const eventsSchema = z.array(sellerEventSchema);

function readSaved(userId: string): SellerEvent[] {
  try {
    const parsed = eventsSchema.safeParse(JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function MenuActivity({ userId }: { userId: string }) {
  const online = useConnectivity((state) => state.connection === 'online');
  const [events, setEvents] = useState<SellerEvent[]>(() => readSaved(userId));

  useEffect(() => {
    if (!online) return;
    let current = true;
    apiRequest<SellerEvent[]>('GET', '/api/analytics/notifications').then(
      (fetched) => {
        localStorage.setItem(storageKey(userId), JSON.stringify(fetched));
        if (current) setEvents(fetched);
        const unread = fetched.filter((event) => event.readAt === null).map((event) => event.id);
        if (unread.length > 0) void apiRequest('POST', '/api/analytics/notifications/read', { ids: unread }).catch(() => undefined);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online, userId]);

  if (events.length === 0) return null;
  return (
    <section aria-label="Menu activity" className="mb-4">
      <h2 className="mb-2 text-lg font-semibold">Menu activity</h2>
      <Card className="divide-y divide-stone-100">
        <ul>
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <Link to={`/menus/${event.menuId}/insights`} className="min-w-0 truncate hover:underline">
                <span className="font-medium">{event.buyerName}</span> {event.kind === 'menu_opened' ? 'opened' : 'saved'} {event.menuName}
                {event.kind === 'menu_opened' && ' for the first time'}
              </Link>
              <span className="flex items-center gap-2 text-sm text-stone-500">
                {event.readAt === null && <Badge tone="new">New</Badge>}
                <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleString()}</time>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
