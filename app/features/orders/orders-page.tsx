/**
 * The orders of the signed-in team: a buyer's My orders (filter by status) and a seller's Orders board (a column per
 * status, search by number, customer or product, the overdue ones), each exported as CSV as it is filtered. Read
 * from the device, so they open and export with no signal; a rep's replica holds only their customers' orders. The
 * device keeps open orders and those closed lately; older ones are under Older orders, from the server.
 * Orders the server refused stay on top under 'Needs attention'.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { ORDER_STATUSES, type Order } from '../../../sync/entities/order';
import { ORDER_STATUS_LABELS } from '../../../sync/rules/order-labels';
import { ordersCsvFileName, ordersToCsv } from '../../../sync/rules/orders-csv';
import { billToOf, type BillTo } from '../../../sync/rules/postal-address';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { withQuantity, withResend } from '../../lib/cart/cart';
import { changeCart } from '../../lib/cart/cart-storage';
import { downloadCsv } from '../../lib/download-csv';
import { useDocumentTitle } from '../../lib/document-title';
import { whenIdle } from '../../lib/when-idle';
import { askToConfirm } from '../../lib/confirm-store';
import { discardKeptRefusal } from '../../lib/replica/kept-refusals';
import type { ReplicaView } from '../../lib/replica/use-replica';
import { useSyncSession } from '../../lib/replica/sync-session';
import { BOARD_COLUMNS, boardColumnsOf, filterOrders, NO_FILTER, prepareSearch, type OrderFilter } from './order-filter';
import { OlderOrders } from './older-orders';
import { PagedOrders } from './order-parts';
import { useHeldOrdersNotice, useOrderSendStates, type OrderSendStates, type RefusedOrder } from './order-send-state';

/** Whom each order is billed to, as the seller's customer book on the device says (a buyer's device holds no book). */
function billTosInBook(orders: readonly Order[], view: ReplicaView): Map<string, BillTo> {
  return new Map(orders.map((order) => [order.id, billToOf(order.customerName, view.customers.get(order.customerId) ?? null, null)]));
}

/** How many orders a column of the board, and a list, draws before 'Show more'. */
const COLUMN_PAGE = 25;
const LIST_PAGE = 50;

/** Another filter starts its lists at their first page again. */
const listKey = (filter: OrderFilter) => `${filter.status}|${filter.search}|${filter.overdueOnly}`;

export function OrdersPage() {
  useDocumentTitle('Orders');
  const states = useOrderSendStates();
  return <ReplicaGate>{(view) => <Orders view={view} states={states} />}</ReplicaGate>;
}

function Orders({ view, states }: { view: ReplicaView; states: OrderSendStates }) {
  const party = view.user?.role === 'seller' ? 'seller' : 'buyer';
  const [filter, setFilter] = useState<OrderFilter>(NO_FILTER);
  // The search box shows each key at once; the lists follow when the device has drawn them.
  const shownFilter = useDeferredValue(filter);
  const orders = filterOrders(view.orders, shownFilter);
  // Once the board is drawn, the device readies the search while it has nothing else to do.
  useEffect(() => whenIdle(() => prepareSearch(view.orders)), [view.orders]);
  // The export is for the books: an order still waiting to send has no number yet, and is not one of them.
  const numbered = orders.filter((order) => order.number);
  const sendStateOf = (order: Order) => (states.waiting.has(order.id) ? 'waiting' : null);
  const held = useHeldOrdersNotice(states.waiting.size);
  return (
    <PageBody>
      <PageHeader
        title={party === 'seller' ? 'Orders' : 'My orders'}
        subtitle={party === 'seller' ? 'Every order from your customers, by where it stands.' : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={!numbered.length}
              onClick={() => downloadCsv(ordersCsvFileName(new Date()), ordersToCsv(numbered, party, billTosInBook(numbered, view)))}
            >
              Export CSV
            </Button>
            {party === 'seller' && (
              <Link to="/orders/new" className={buttonClasses()}>
                New order
              </Link>
            )}
          </div>
        }
      />
      {held && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {held}
        </p>
      )}
      {states.refused.length > 0 && <NeedsAttention refused={states.refused} view={view} />}
      <div className="mb-4 flex flex-wrap gap-2">
        <Select aria-label="Status" className="w-auto" value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value as OrderFilter['status'] })}>
          <option value="all">All orders</option>
          <option value="open">Open</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <Input
          aria-label="Search orders"
          placeholder={party === 'seller' ? 'Number, customer or product' : 'Number, seller or product'}
          className="w-56"
          value={filter.search}
          onChange={(event) => setFilter({ ...filter, search: event.target.value })}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={filter.overdueOnly} onChange={(event) => setFilter({ ...filter, overdueOnly: event.target.checked })} />
          Overdue only
        </label>
      </div>
      {orders.length === 0 ? (
        <Card className="p-6 text-center text-stone-600">{view.orders.size === 0 ? 'No orders yet.' : 'No orders match.'}</Card>
      ) : party === 'buyer' || shownFilter.status !== 'all' ? (
        <PagedOrders key={listKey(shownFilter)} orders={orders} party={party} sendStateOf={sendStateOf} pageSize={LIST_PAGE} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {BOARD_COLUMNS.map((column, index) => {
            const inColumn = boardColumnsOf(orders)[index]!;
            return (
              <section key={column.title} aria-label={column.title} className="grid content-start gap-2 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
                <h2 className="font-semibold text-stone-900">
                  {column.title} ({inColumn.length})
                </h2>
                <PagedOrders key={listKey(shownFilter)} orders={inColumn} party={party} sendStateOf={sendStateOf} pageSize={COLUMN_PAGE} />
              </section>
            );
          })}
        </div>
      )}
      <OlderOrders filter={shownFilter} party={party} />
    </PageBody>
  );
}

/**
 * Orders the server refused, kept on the device until acted on: the reason, the way back into the cart (or the booth
 * form) with their lines, and discarding, only once the person confirms.
 */
function NeedsAttention({ refused, view }: { refused: RefusedOrder[]; view: ReplicaView }) {
  const navigate = useNavigate();
  const db = useSyncSession((state) => state.db);

  async function editAgain(order: RefusedOrder) {
    const { args } = order;
    if (!db) return;
    if (!('menuId' in args)) return navigate(`/orders/new?resend=${encodeURIComponent(order.id)}`);
    // The order stays under Needs attention until the cart is sent: leaving the cart unsent loses nothing. Lines
    // already in the cart stay beside the order's, so nothing the person put there is lost either.
    await changeCart(db, args.menuId, (cart) =>
      withResend({ ...args.lines.reduce((merged, line) => withQuantity(merged, line.productId, String(line.quantity ?? '')), cart), note: args.note || cart.note }, order.id),
    );
    const saved = [...view.savedMenus.values()].find((entry) => entry.menuId === args.menuId);
    navigate(saved ? `/saved-menus/${saved.id}` : `/menu/${encodeURIComponent(args.publicLinkId ?? '')}`);
  }

  async function discard(order: RefusedOrder) {
    const confirmed = await askToConfirm({
      title: 'Discard this order?',
      description: 'Its lines are removed from this device and the order is never sent.',
      confirmLabel: 'Discard order',
      destructive: true,
    });
    if (confirmed && db) await discardKeptRefusal(db, { name: 'order.create', id: order.id });
  }

  return (
    <section aria-label="Needs attention" className="mb-6 grid gap-2">
      <h2 className="font-semibold text-red-800">Needs attention</h2>
      {refused.map((order) => (
        <Card key={order.id} className="flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50 p-4 text-sm">
          <div>
            <p className="font-medium text-stone-900">
              Order of {order.args.lines.length} {order.args.lines.length === 1 ? 'product' : 'products'} could not be placed
            </p>
            <p className="text-red-800">{order.message}</p>
          </div>
          <div className="flex gap-2">
            <Button onClick={() => void editAgain(order)}>Edit and send again</Button>
            <Button variant="ghost" onClick={() => void discard(order)}>
              Discard
            </Button>
          </div>
        </Card>
      ))}
    </section>
  );
}
