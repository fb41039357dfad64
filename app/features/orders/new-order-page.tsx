/**
 * A seller writes an order for one of their customers (at a booth, on the phone): the customer, products from the
 * catalogue priced by the customer's price list, a note, and whether to accept it now (on unless the seller unticks
 * it). It is queued like any change, so it works with no signal, and opens as 'Waiting to send' until the server
 * numbers it. A rep's device holds only their own customers. With `?resend=<id>` it starts from an order the server
 * refused, kept under 'Needs attention', which sending takes away.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { calendarDay, orderTerms } from '../../../sync/rules/pricing';
import { AppError } from '../../../sync/contract/errors';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Select, Textarea } from '../../components/ui/form-controls';
import { useDocumentTitle } from '../../lib/document-title';
import { mutate } from '../../lib/replica/mutate';
import type { ReplicaView } from '../../lib/replica/use-replica';
import { toast } from '../../lib/toast-store';
import { boothLinesReady, type BoothLine } from './booth-lines';
import { BoothLinesEditor } from './booth-lines-editor';
import { useRefusedOrder, type RefusedOrder } from './order-send-state';

export function NewOrderPage() {
  useDocumentTitle('New order');
  return <ReplicaGate>{(view) => <NewOrderFrom view={view} />}</ReplicaGate>;
}

/** The form, once the refused order it starts from (if any) has been read. */
function NewOrderFrom({ view }: { view: ReplicaView }) {
  const [params] = useSearchParams();
  const resend = useRefusedOrder(params.get('resend'));
  if (resend === undefined) return null;
  const customer = resend && 'customerId' in resend.args ? resend.args.customerId : (params.get('customer') ?? '');
  return <NewOrder view={view} resend={resend} initialCustomerId={view.customers.has(customer) ? customer : ''} />;
}

function NewOrder({ view, resend, initialCustomerId }: { view: ReplicaView; resend: RefusedOrder | null; initialCustomerId: string }) {
  const navigate = useNavigate();
  const [customerId, setCustomerId] = useState(initialCustomerId);
  const [lines, setLines] = useState<BoothLine[]>(() => resend?.args.lines.map((line) => ({ productId: line.productId, quantity: String(line.quantity ?? '') })) ?? []);
  const [note, setNote] = useState(resend?.args.note ?? '');
  // The seller's own order is accepted as it is sent, its stock held, unless they choose to accept it later.
  const [acceptNow, setAcceptNow] = useState(resend && 'customerId' in resend.args ? resend.args.accept !== false : true);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const customers = [...view.customers.values()].sort((a, b) => a.name.localeCompare(b.name));
  const termsOf = orderTerms(view, { customerId, menuId: null }, calendarDay(new Date()));

  async function submit() {
    const problem = customerId ? boothLinesReady(lines, view.products, termsOf) : 'Choose the customer';
    setError(problem);
    if (problem) return;
    const id = crypto.randomUUID();
    setSending(true);
    try {
      const args = { id, customerId, lines: lines.map((line) => ({ productId: line.productId, quantity: line.quantity.trim() })), note, accept: acceptNow };
      // Sending the edited order and taking the refused one off 'Needs attention' are one step.
      await mutate({ name: 'order.create', args }, resend ? { tables: (db) => [db.keptRefusals], write: (db) => db.keptRefusals.delete(['order.create', resend.id]) } : undefined);
      navigate(`/orders/${id}`, { replace: true });
    } catch (caught) {
      setSending(false);
      toast({ title: 'Error', description: caught instanceof AppError ? caught.message : 'The order could not be saved', variant: 'destructive' });
    }
  }

  return (
    <PageBody>
      <PageHeader title="New order" subtitle="Write an order for one of your customers. It is sent as soon as there is a connection." />
      {resend && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          This order could not be placed: {resend.message}
        </p>
      )}
      {customers.length === 0 ? (
        <Card className="p-6 text-center text-stone-600">Add a customer first: orders are written for a customer of your book.</Card>
      ) : (
        <Card className="grid gap-4 p-4">
          <Field
            id="order-customer"
            label="Customer"
            hint={
              view.customers.get(customerId)?.link === 'linked' || !customerId
                ? undefined
                : 'They have not linked an account to your book: the order stays with your team, to send them as a PDF or a link.'
            }
          >
            <Select id="order-customer" value={customerId} onChange={(event) => setCustomerId(event.target.value)}>
              <option value="">Choose the customer</option>
              {customers.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.name}
                </option>
              ))}
            </Select>
          </Field>
          <BoothLinesEditor lines={lines} onChange={setLines} products={view.products} termsOf={termsOf} />
          <Field id="order-note" label="Note (optional)">
            <Textarea id="order-note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div className="grid gap-1 text-sm">
            <label className="flex items-center gap-2 text-stone-800">
              <input type="checkbox" checked={acceptNow} onChange={(event) => setAcceptNow(event.target.checked)} aria-describedby="order-accept-now-hint" />
              Accept it now
            </label>
            <p id="order-accept-now-hint" className="text-stone-600">
              {acceptNow ? 'The order is accepted as it is sent and its stock is held.' : 'The order waits, as submitted, for you to accept it from its page.'}
            </p>
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button className="justify-self-stretch sm:justify-self-end" disabled={sending} onClick={() => void submit()}>
            Submit order
          </Button>
        </Card>
      )}
    </PageBody>
  );
}
