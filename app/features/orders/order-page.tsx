/**
 * One order, for either party: where it stands (its timeline), the lines with what was delivered, the money and the
 * payments, the invoice, and the moves this party may make now (the one state machine, `sync/rules/order-states.ts`). Each move is queued
 * on the device like any change; one the server refuses (an overdue balance on fulfilling) is said plainly here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { apiReads } from '../../../sync/contract/api-reads';
import type { Order } from '../../../sync/entities/order';
import { AppError } from '../../../sync/contract/errors';
import type { Mutation } from '../../../sync/contract/mutations';
import { calendarDay } from '../../../sync/rules/pricing';
import { mayReorder } from '../../../sync/device/order-replica';
import { deliveredQuantityProblem } from '../../../sync/rules/order-delivery';
import { quoteDifferences } from '../../../sync/rules/quote-differences';
import { isInvoiced, orderMove, type OrderMove, type OrderParty } from '../../../sync/rules/order-states';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, invalidProps, Textarea } from '../../components/ui/form-controls';
import { askToConfirm } from '../../lib/confirm-store';
import { useDocumentTitle } from '../../lib/document-title';
import { discardRefusal } from '../../lib/replica/not-saved';
import { mutate } from '../../lib/replica/mutate';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSingleTap } from '../../lib/use-single-tap';
import { useConnectivity } from '../../lib/connectivity';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { useSyncCounts, type ReplicaView } from '../../lib/replica/use-replica';
import { messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toast-store';
import { OPEN_CART, reorderIntoCart } from '../../lib/cart/reorder-into-cart';
import { cancelQuestion } from './cancel-question';
import { downloadInvoice } from './download-invoice';
import { archiveNeedsConnection } from './archive-notice';
import { useKeptClosedDays } from './kept-orders-choice';
import { DraftOrderNotice } from './draft-order-notice';
import { EditLinesDialog } from './edit-lines-dialog';
import { InvoiceSummary } from './invoice-summary';
import { OrderBadges, OrderLines, OrderTimeline } from './order-parts';
import { OrderPaymentsList } from './order-payments-list';
import { useHeldOrdersNotice, useOrderSendStates, useRefusedOrder } from './order-send-state';
import { PaymentForm } from './payment-form';

export function OrderPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Order');
  return (
    <ReplicaGate>
      {(view) => {
        const order = view.orders.get(id);
        if (!order) return <NotHere id={id} view={view} />;
        return <OrderDetails order={order} view={view} party={view.user?.role === 'seller' ? 'seller' : 'buyer'} />;
      }}
    </ReplicaGate>
  );
}

/**
 * An order this device does not have: one the server refused is kept under Needs attention, and said so here. Any
 * other is one closed before the window the device keeps (sync/rules/order-working-set.ts), or not the person's: it is
 * asked of the server, and kept once opened, so it opens offline next time.
 */
function NotHere({ id, view }: { id: string; view: ReplicaView }) {
  const refused = useRefusedOrder(id);
  if (refused === undefined) return null;
  if (!refused) return <ArchivedOrder id={id} view={view} />;
  return (
    <Missing>
      <div role="alert" className="mb-2 grid gap-1">
        <p className="font-medium text-red-800">This order could not be placed: {refused.message}</p>
        <p className="text-stone-700">It is kept on this device under Needs attention in your orders, to edit and send again.</p>
      </div>
    </Missing>
  );
}

function ArchivedOrder({ id, view }: { id: string; view: ReplicaView }) {
  const read = useServerRead(apiReads.order(id), { keepOffline: true });
  const online = useConnectivity((state) => state.connection === 'online');
  const keptDays = useKeptClosedDays();
  if (read.data) return <OrderDetails order={read.data} view={view} party={view.user?.role === 'seller' ? 'seller' : 'buyer'} />;
  if (read.loading) return <Missing>Getting this order from the server… </Missing>;
  if (!online) return <Missing>{archiveNeedsConnection(keptDays)} </Missing>;
  return <Missing>This order is not on this device. </Missing>;
}

function Missing({ children }: { children: ReactNode }) {
  return (
    <PageBody>
      <Card className="p-6 text-center">
        {children}
        <Link to="/orders" className="text-brand-800 underline">
          Back to orders
        </Link>
      </Card>
    </PageBody>
  );
}

async function send(mutation: Mutation, done: string): Promise<boolean> {
  try {
    await mutate(mutation);
    toast({ title: done, variant: 'success' });
    return true;
  } catch (error) {
    toast({ title: 'Error', description: error instanceof AppError ? error.message : 'The change could not be saved', variant: 'destructive' });
    return false;
  }
}

/** A move's button: one tap makes one move (a second tap while it is made does nothing), and the button says it is working. */
function MoveButton({ label, working, onTap, variant }: { label: string; working: string; onTap: () => Promise<unknown>; variant?: 'outline' }) {
  const { run, pending } = useSingleTap();
  return (
    <Button variant={variant} disabled={pending} aria-busy={pending} onClick={() => void run(onTap)}>
      {pending ? working : label}
    </Button>
  );
}

async function saveInvoice(order: Order): Promise<void> {
  try {
    await downloadInvoice(order);
  } catch (error) {
    toast({ title: 'Error', description: messageOf(error, 'The invoice could not be downloaded.'), variant: 'destructive' });
  }
}

function OrderDetails({ order, view, party }: { order: Order; view: ReplicaView; party: OrderParty }) {
  const navigate = useNavigate();
  const states = useOrderSendStates();
  const refusals = useSyncCounts()?.refusals ?? [];
  const db = useSyncSession((state) => state.db);
  const payment = useSingleTap();
  const [dialog, setDialog] = useState<'reject' | 'deliver' | 'payment' | 'lines' | null>(null);
  const can = (move: OrderMove) => orderMove(order, move, party).ok;
  const held = useHeldOrdersNotice(states.waiting.has(order.id) ? 1 : 0);
  const refusedHere = refusals.filter((refusal) => (refusal.mutation?.args as { id?: unknown } | undefined)?.id === order.id);
  const invoiceReady = isInvoiced(order);
  const close = (open: boolean) => !open && setDialog(null);

  const reorderable = mayReorder(order, party, view.savedMenus.values(), new Date());

  // The old lines go into the menu's cart at today's prices, to review there: nothing is ordered until the cart is sent.
  async function reorder() {
    if (!db) return;
    try {
      const cartPage = await reorderIntoCart(db, order, view.savedMenus.values());
      if (cartPage) return navigate(cartPage, { state: OPEN_CART });
      toast({ title: 'The menu is not on this device', description: `Save the menu from ${order.sellerName} to reorder from it.`, variant: 'destructive' });
    } catch (error) {
      toast({ title: 'The menu could not be opened', description: messageOf(error, 'Try again when you are online.'), variant: 'destructive' });
    }
  }

  async function cancel() {
    if (await askToConfirm(cancelQuestion(order, party))) await send({ name: 'order.cancel', args: { id: order.id } }, 'Order cancelled');
  }

  return (
    <PageBody>
      <PageHeader
        title={order.number ? `Order ${order.number}` : 'New order'}
        subtitle={<OrderBadges order={order} sendState={states.waiting.has(order.id) ? 'waiting' : null} />}
        actions={
          <div className="flex flex-wrap gap-2">
            {can('accept') && <MoveButton label="Accept" working="Accepting…" onTap={() => send({ name: 'order.accept', args: { id: order.id } }, 'Order accepted')} />}
            {can('reject') && (
              <Button variant="outline" onClick={() => setDialog('reject')}>
                Reject
              </Button>
            )}
            {can('approve') && (
              <MoveButton label="Approve the change" working="Approving…" onTap={() => send({ name: 'order.approve', args: { id: order.id } }, 'Change approved')} />
            )}
            {can('editLines') && (
              <Button variant="outline" onClick={() => setDialog('lines')}>
                Edit lines
              </Button>
            )}
            {can('fulfil') && <MoveButton label="Fulfil" working="Fulfilling…" onTap={() => send({ name: 'order.fulfil', args: { id: order.id } }, 'Order fulfilled')} />}
            {can('deliver') && <Button onClick={() => setDialog('deliver')}>Deliver</Button>}
            {can('recordPayment') && order.paymentStatus !== 'paid' && (
              <Button variant="outline" onClick={() => setDialog('payment')}>
                Record a payment
              </Button>
            )}
            {can('cancel') && <MoveButton variant="outline" label="Cancel order" working="Cancelling…" onTap={cancel} />}
            {party === 'buyer' && order.number && reorderable && <MoveButton variant="outline" label="Reorder" working="Filling the cart…" onTap={reorder} />}
          </div>
        }
      />
      {party === 'buyer' && order.number && order.menuId && !reorderable && (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The link to the menu this order came from no longer works. Ask {order.sellerName} for the new link to order again.
        </p>
      )}
      {held && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {held}
        </p>
      )}
      {party === 'seller' && order.number && order.buyerTeamId === null && <DraftOrderNotice order={order} onDownloadPdf={() => saveInvoice(order)} />}
      <QuoteDifferences order={order} />
      {refusedHere.map((refusal) => (
        <div key={refusal.seq} role="alert" className="mb-4 flex items-start justify-between gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p>{refusal.message}</p>
          <Button variant="ghost" size="sm" className="shrink-0" onClick={() => db && void discardRefusal(db, refusal.seq)}>
            Dismiss
          </Button>
        </div>
      ))}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card className="grid content-start gap-3 p-4">
          <p className="text-sm text-stone-600">{party === 'seller' ? order.customerName : order.sellerName}</p>
          <OrderLines order={order} />
          {order.note && <p className="text-sm whitespace-pre-wrap text-stone-700">Note: {order.note}</p>}
        </Card>
        <div className="grid content-start gap-4">
          <InvoiceSummary order={order} reader={party} />
          {invoiceReady && order.number && (
            <Button variant="outline" className="justify-self-start" onClick={() => void saveInvoice(order)}>
              Download the invoice (PDF)
            </Button>
          )}
          {(invoiceReady || order.payments.length > 0) && <OrderPaymentsList order={order} />}
          <Card className="p-4">
            <h2 className="mb-2 font-semibold">Timeline</h2>
            <OrderTimeline order={order} waiting={states.waiting.has(order.id)} />
          </Card>
        </div>
      </div>
      {dialog === 'reject' && <RejectDialog order={order} onOpenChange={close} />}
      {dialog === 'deliver' && <DeliverDialog order={order} onOpenChange={close} />}
      {dialog === 'lines' && <EditLinesDialog order={order} view={view} onOpenChange={close} />}
      {dialog === 'payment' && (
        <Dialog open onOpenChange={close} title="Record a payment">
          <PaymentForm
            order={order}
            today={calendarDay(new Date())}
            saving={payment.pending}
            onCancel={() => setDialog(null)}
            onSubmit={(input) =>
              void payment.run(async () => {
                if (await send({ name: 'order.recordPayment', args: input }, 'Payment recorded')) setDialog(null);
              })
            }
          />
        </Dialog>
      )}
    </PageBody>
  );
}

/** Once the server answered an order sent from the cart, where its answer differs from what the cart showed, until dismissed. */
function QuoteDifferences({ order }: { order: Order }) {
  const db = useSyncSession((state) => state.db);
  const sent = useLiveQuery(async () => (db ? await db.orderQuotes.get(order.id) : undefined), [db, order.id]);
  const said = sent && order.number ? quoteDifferences(sent.quote, order) : [];
  if (said.length === 0) return null;
  return (
    <div role="status" className="mb-4 flex items-start justify-between gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <div>
        <p className="font-medium">The seller’s answer differs from what your cart showed:</p>
        <ul className="list-disc pl-5" aria-label="What differs">
          {said.map((difference) => (
            <li key={difference}>{difference}</li>
          ))}
        </ul>
      </div>
      <Button variant="ghost" size="sm" className="shrink-0" onClick={() => db && void db.orderQuotes.delete(order.id)}>
        Dismiss
      </Button>
    </div>
  );
}

function RejectDialog({ order, onOpenChange }: { order: Order; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const { run, pending } = useSingleTap();
  async function reject() {
    if (!reason.trim()) return setError('Say why the order is rejected');
    if (await send({ name: 'order.reject', args: { id: order.id, reason } }, 'Order rejected')) onOpenChange(false);
  }
  return (
    <Dialog open onOpenChange={onOpenChange} title={`Reject ${order.number}`} description="The buyer sees your reason.">
      <div className="grid gap-3">
        <Field id="reject-reason" label="Reason" error={error}>
          <Textarea id="reject-reason" value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
        </Field>
        <Button variant="destructive" className="justify-self-end" disabled={pending} aria-busy={pending} onClick={() => void run(reject)}>
          {pending ? 'Rejecting…' : 'Reject order'}
        </Button>
      </div>
    </Dialog>
  );
}

/** Delivering: each line's delivered quantity starts at what was ordered; a short one gives the rest back to stock. */
function DeliverDialog({ order, onOpenChange }: { order: Order; onOpenChange: (open: boolean) => void }) {
  const [delivered, setDelivered] = useState(() => Object.fromEntries(order.lines.map((line) => [line.productId, line.quantity])));
  const [tried, setTried] = useState(false);
  const { run, pending } = useSingleTap();
  const problems = new Map(order.lines.map((line) => [line.productId, deliveredQuantityProblem(line, delivered[line.productId] ?? '')]));
  const ready = [...problems.values()].every((problem) => problem === null);
  async function deliver() {
    setTried(true);
    // Checked here as the server checks it: the dialog stays open on what it would refuse.
    if (!ready) return;
    const lines = order.lines.map((line) => ({ productId: line.productId, deliveredQuantity: (delivered[line.productId] ?? '').trim() }));
    if (await send({ name: 'order.deliver', args: { id: order.id, lines } }, 'Order delivered')) onOpenChange(false);
  }
  return (
    <Dialog open onOpenChange={onOpenChange} title={`Deliver ${order.number}`} description="Enter what was delivered where it fell short.">
      <div className="grid gap-3">
        {order.lines.map((line) => (
          <Field
            key={line.productId}
            id={`delivered-${line.productId}`}
            label={`${line.strainName} (${line.unitType})`}
            error={(tried && problems.get(line.productId)) || undefined}
          >
            <Input
              id={`delivered-${line.productId}`}
              inputMode="decimal"
              {...invalidProps(`delivered-${line.productId}`, (tried && problems.get(line.productId)) || undefined)}
              value={delivered[line.productId] ?? ''}
              onChange={(event) => setDelivered({ ...delivered, [line.productId]: event.target.value })}
            />
          </Field>
        ))}
        <Button className="justify-self-end" disabled={pending} aria-busy={pending} onClick={() => void run(deliver)}>
          {pending ? 'Delivering…' : 'Mark delivered'}
        </Button>
      </div>
    </Dialog>
  );
}
