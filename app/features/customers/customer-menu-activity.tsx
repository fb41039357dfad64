/**
 * What a customer has done with the seller's menus: the menus they opened (the first time) and saved, from the
 * seller's recent menu activity that the inbox already reads (kept on the device for offline). Only a customer with
 * an account has any.
 */
import { apiReads } from '../../../sync/contract/api-reads';
import { Section } from '../../components/page/page-header';
import { Card } from '../../components/ui/card';
import { useServerRead } from '../../lib/server-read/use-server-read';

export function CustomerMenuActivity({ buyerTeamId }: { buyerTeamId: string }) {
  const read = useServerRead(apiReads.menuActivity(), { keepOffline: true });
  const events = (read.data ?? []).filter((event) => event.buyerId === buyerTeamId);
  return (
    <Section id="customer-menu-activity" title="Menu opens">
      {events.length === 0 ? (
        <Card className="p-6 text-center text-stone-600">No recent opens or saves of your menus by this customer.</Card>
      ) : (
        <Card>
          <ul className="divide-y divide-stone-100">
            {events.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
                <span>
                  {event.kind === 'menu_opened' ? 'Opened' : 'Saved'} {event.menuName}
                  {event.kind === 'menu_opened' && ' for the first time'}
                </span>
                <time dateTime={event.createdAt} className="text-stone-500">
                  {new Date(event.createdAt).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Section>
  );
}
