/**
 * The archive under the orders list: orders closed before the window this device keeps (sync/rules/order-working-set.ts)
 * stay on the server and come a page at a time, with the list's status and search, when the person asks and is online.
 * The window is chosen here, for this device.
 */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { KEPT_CLOSED_ORDER_DAYS, ORDER_STATUSES, type KeptClosedOrderDays, type OrderStatus } from '../../../sync/entities/order';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Select } from '../../components/ui/form-controls';
import { useConnectivity } from '../../lib/connectivity';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { archiveNeedsConnection } from './archive-notice';
import { chooseKeptClosedDays, useKeptClosedDays } from './kept-orders-choice';
import { OrdersTable } from './order-parts';
import type { OrderFilter } from './order-filter';

const PAGE = 25;

export function OlderOrders({ filter, party }: { filter: OrderFilter; party: 'buyer' | 'seller' }) {
  const [shown, setShown] = useState(false);
  const keptDays = useKeptClosedDays();
  // Only closed orders are archived: an open or overdue one is always on the device.
  if (filter.status === 'open' || filter.overdueOnly) return null;
  return (
    <section aria-label="Older orders" className="mt-8 grid gap-2">
      <h2 className="font-semibold text-stone-900">Older orders</h2>
      {shown ? (
        <ArchivePages filter={filter} party={party} keptDays={keptDays} />
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
          <span>Orders closed more than {keptDays} days ago stay on the server.</span>
          <Button variant="outline" onClick={() => setShown(true)}>
            Show older orders
          </Button>
        </div>
      )}
      <KeptWindowChoice keptDays={keptDays} />
    </section>
  );
}

const WINDOW_LABELS: Record<KeptClosedOrderDays, string> = { 30: '30 days', 90: '90 days', 365: 'A year' };

/** How long this device keeps closed orders: shorter frees a phone's space, longer keeps more for offline. */
function KeptWindowChoice({ keptDays }: { keptDays: KeptClosedOrderDays }) {
  const db = useSyncSession((state) => state.db);
  return (
    <div className="max-w-xs">
      <Field id="kept-closed-days" label="Closed orders kept on this device" hint="A longer time downloads the older orders again.">
        <Select id="kept-closed-days" value={keptDays} disabled={!db} onChange={(event) => db && void chooseKeptClosedDays(db, Number(event.target.value) as KeptClosedOrderDays)}>
          {KEPT_CLOSED_ORDER_DAYS.map((days) => (
            <option key={days} value={days}>
              {WINDOW_LABELS[days]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

function ArchivePages({ filter, party, keptDays }: { filter: OrderFilter; party: 'buyer' | 'seller'; keptDays: KeptClosedOrderDays }) {
  const [offset, setOffset] = useState(0);
  const online = useConnectivity((state) => state.connection === 'online');
  const status = (ORDER_STATUSES as readonly string[]).includes(filter.status) ? (filter.status as OrderStatus) : undefined;
  const read = useServerRead(apiReads.archivedOrders({ status, q: filter.search.trim() || undefined, keepClosedDays: keptDays, offset, limit: PAGE }), {
    onlyOnline: true,
    showPreviousWhileLoading: true,
  });
  if (!online) return <Card className="p-4 text-sm text-stone-700">{archiveNeedsConnection(keptDays)}</Card>;
  if (read.error && !read.data) {
    return (
      <Card className="flex items-center justify-between gap-3 p-4 text-sm text-red-800">
        Older orders could not be loaded.
        <Button variant="outline" onClick={read.retry}>
          Try again
        </Button>
      </Card>
    );
  }
  if (!read.data) return <p className="text-sm text-stone-600">Getting older orders…</p>;
  const { orders, total } = read.data;
  if (total === 0) return <Card className="p-4 text-sm text-stone-600">No older orders match.</Card>;
  return (
    <>
      <OrdersTable orders={orders} party={party} sendStateOf={() => null} />
      <div className="flex items-center justify-between text-sm text-stone-600">
        <span>
          {offset + 1}–{offset + orders.length} of {total}
        </span>
        <div className="flex gap-2">
          <Button variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(offset - PAGE, 0))}>
            Newer
          </Button>
          <Button variant="outline" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            Older
          </Button>
        </div>
      </div>
    </>
  );
}
