/**
 * A seller's notifications of what buyers did to their menus: the first time
 * a buyer opened one, and each save. They come from the server when online
 * (the last list is kept in the seller's own database for offline), and are
 * marked read once shown.
 */
import { useEffect } from 'react';
import { Link } from '../../lib/router';
import { apiReads } from '../../../sync/contract/api-reads';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { apiRequest } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';

export function MenuActivity() {
  const read = useServerRead(apiReads.menuActivity(), { keepOffline: true });
  const events = read.data ?? [];
  const answered = read.fresh ? read.data : undefined;

  // What the server just listed as new has been seen; a copy kept from before says nothing new.
  useEffect(() => {
    const unread = answered?.filter((event) => event.readAt === null).map((event) => event.id) ?? [];
    if (unread.length > 0) void apiRequest('POST', '/api/analytics/notifications/read', { ids: unread }).catch(() => undefined);
  }, [answered]);

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
