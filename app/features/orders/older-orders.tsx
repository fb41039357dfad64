/**
 * The archive under the orders list: orders closed before the window this device keeps (sync/rules/order-working-set.ts)
 * stay on the server and come a page at a time, with the list's status and search, when the person asks and is online.
 */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { ORDER_STATUSES, type OrderStatus } from '../../../sync/entities/order';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConnectivity } from '../../lib/connectivity';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { ARCHIVE_NEEDS_CONNECTION } from './archive-notice';
import { OrdersTable } from './order-parts';
import type { OrderFilter } from './order-filter';

const PAGE = 25;

export function OlderOrders({ filter, party }: { filter: OrderFilter; party: 'buyer' | 'seller' }) {
  const [shown, setShown] = useState(false);
  // Only closed orders are archived: an open or overdue one is always on the device.
  if (filter.status === 'open' || filter.overdueOnly) return null;
  return (
    <section aria-label="Older orders" className="mt-8 grid gap-2">
      <h2 className="font-semibold text-stone-900">Older orders</h2>
      {shown ? (
        <ArchivePages filter={filter} party={party} />
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
          <span>Orders closed more than {ORDER_WORKING_SET_DAYS} days ago stay on the server.</span>
          <Button variant="outline" onClick={() => setShown(true)}>
            Show older orders
          </Button>
        </div>
      )}
    </section>
  );
}

function ArchivePages({ filter, party }: { filter: OrderFilter; party: 'buyer' | 'seller' }) {
  const [offset, setOffset] = useState(0);
  const online = useConnectivity((state) => state.connection === 'online');
  const status = (ORDER_STATUSES as readonly string[]).includes(filter.status) ? (filter.status as OrderStatus) : undefined;
  const read = useServerRead(apiReads.archivedOrders({ status, q: filter.search.trim() || undefined, offset, limit: PAGE }), {
    onlyOnline: true,
    showPreviousWhileLoading: true,
  });
  if (!online) return <Card className="p-4 text-sm text-stone-700">{ARCHIVE_NEEDS_CONNECTION}</Card>;
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
