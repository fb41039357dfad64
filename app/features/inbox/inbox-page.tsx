/**
 * Conversations and order requests, for buyers and sellers alike: the list,
 * and the open conversation with its messages, its order lines at the prices
 * fixed when it was sent, a reply box, and (for the seller of an open order
 * request) Accept and Decline. Everything works offline and syncs later.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Inquiry } from '../../../sync/entities/inquiry';
import { AppError } from '../../../sync/errors';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { Field, Textarea } from '../../components/ui/form-controls';
import { cn } from '../../lib/cn';
import { formatPrice, formatQuantity } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { useSession } from '../../lib/session-store';
import { toast } from '../../lib/toast-store';
import { counterpartName, isUnread } from './unread';

const STATUS_CLASSES: Record<Inquiry['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  accepted: 'bg-brand-100 text-brand-900',
  declined: 'bg-red-100 text-red-800',
};

const STATUS_LABELS: Record<Inquiry['status'], string> = { open: 'Awaiting reply', accepted: 'Accepted', declined: 'Declined' };

export function InboxPage() {
  return (
    <PageBody>
      <PageHeader title="Inbox" subtitle="Messages and order requests between buyers and sellers." />
      <ReplicaGate>{(view) => <Inbox inquiries={[...view.inquiries.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))} />}</ReplicaGate>
    </PageBody>
  );
}

function Inbox({ inquiries }: { inquiries: Inquiry[] }) {
  const userId = useSession((state) => state.user?.id ?? '');
  const [params, setParams] = useSearchParams();
  const selected = inquiries.find((inquiry) => inquiry.id === params.get('id')) ?? null;

  if (inquiries.length === 0) {
    return <Card className="p-6 text-center text-stone-600">No messages yet. Buyers write to sellers from a menu: Contact Seller or Request Order.</Card>;
  }

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_1fr]">
      <ul aria-label="Conversations" className={cn('grid content-start gap-2', selected && 'hidden lg:grid')}>
        {inquiries.map((inquiry) => {
          const unread = isUnread(inquiry, userId);
          const last = inquiry.messages[inquiry.messages.length - 1];
          return (
            <li key={inquiry.id}>
              <button
                type="button"
                onClick={() => setParams({ id: inquiry.id })}
                aria-current={selected?.id === inquiry.id ? 'true' : undefined}
                className={cn(
                  'grid w-full gap-1 rounded-lg border p-3 text-left hover:bg-stone-50',
                  selected?.id === inquiry.id ? 'border-brand-700 bg-brand-50' : 'border-stone-200 bg-white',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate', unread ? 'font-bold' : 'font-medium')}>{counterpartName(inquiry, userId)}</span>
                  {unread && <Badge className="bg-brand-700 text-white">New</Badge>}
                </span>
                <span className="truncate text-sm text-stone-600">
                  {inquiry.kind === 'order' ? 'Order request' : 'Message'} · {inquiry.menuName}
                </span>
                {last && <span className="truncate text-sm text-stone-500">{last.body}</span>}
                {inquiry.kind === 'order' && <Badge className={cn('justify-self-start', STATUS_CLASSES[inquiry.status])}>{STATUS_LABELS[inquiry.status]}</Badge>}
              </button>
            </li>
          );
        })}
      </ul>
      {selected ? (
        <Conversation key={selected.id} inquiry={selected} userId={userId} onBack={() => setParams({})} />
      ) : (
        <Card className="hidden p-6 text-center text-stone-500 lg:block">Choose a conversation.</Card>
      )}
    </div>
  );
}

function Conversation({ inquiry, userId, onBack }: { inquiry: Inquiry; userId: string; onBack: () => void }) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const isSeller = inquiry.sellerId === userId;
  const unread = isUnread(inquiry, userId);

  // Opening a conversation reads it.
  useEffect(() => {
    if (unread) void mutate({ name: 'inquiry.markRead', args: { id: inquiry.id } }).catch(() => undefined);
  }, [unread, inquiry.id]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reply.trim()) return setError('Write a message');
    try {
      await mutate({ name: 'inquiry.reply', args: { id: crypto.randomUUID(), inquiryId: inquiry.id, body: reply } });
      setReply('');
      setError(undefined);
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to send message', variant: 'destructive' });
    }
  }

  async function decide(status: 'accepted' | 'declined') {
    try {
      await mutate({ name: 'inquiry.setStatus', args: { id: inquiry.id, status } });
      toast({ title: status === 'accepted' ? 'Order request accepted' : 'Order request declined', variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to update the request', variant: 'destructive' });
    }
  }

  return (
    <Card className="grid content-start gap-4 p-4">
      <button type="button" onClick={onBack} className="justify-self-start text-sm font-medium text-brand-800 lg:hidden">
        ← All conversations
      </button>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{counterpartName(inquiry, userId)}</h2>
          <p className="text-sm text-stone-600">
            {inquiry.kind === 'order' ? 'Order request' : 'Message'} about{' '}
            {inquiry.menuId ? <span className="font-medium">{inquiry.menuName}</span> : inquiry.menuName} · {new Date(inquiry.createdAt).toLocaleString()}
          </p>
        </div>
        {inquiry.kind === 'order' && (
          <Badge data-testid="inquiry-status" className={STATUS_CLASSES[inquiry.status]}>
            {STATUS_LABELS[inquiry.status]}
          </Badge>
        )}
      </div>
      {inquiry.kind === 'order' && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Requested products</caption>
            <thead className="text-left text-stone-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Product</th>
                <th className="py-1 pr-3 font-medium">Quantity</th>
                <th className="py-1 pr-3 font-medium">Price</th>
                <th className="py-1 text-right font-medium">Line</th>
              </tr>
            </thead>
            <tbody>
              {inquiry.items.map((item) => (
                <tr key={item.productId} className="border-t border-stone-100">
                  <td className="py-1.5 pr-3">{item.strainName}</td>
                  <td className="py-1.5 pr-3">{formatQuantity(item.quantity, item.unitType as never)}</td>
                  <td className="py-1.5 pr-3">{formatPrice(item.pricePerUnit)} / {item.unitType}</td>
                  <td className="py-1.5 text-right">{item.lineTotal ? formatPrice(item.lineTotal) : '—'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-stone-200 font-semibold">
                <td colSpan={3} className="py-1.5">
                  Total (prices when sent)
                </td>
                <td className="py-1.5 text-right">{inquiry.total ? formatPrice(inquiry.total) : 'Priced by the seller'}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {isSeller && inquiry.kind === 'order' && inquiry.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void decide('accepted')}>Accept</Button>
          <Button variant="outline" onClick={() => void decide('declined')}>
            Decline
          </Button>
        </div>
      )}
      <ol aria-label="Messages" className="grid gap-2">
        {inquiry.messages.map((message) => (
          <li
            key={message.id}
            className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm', message.authorId === userId ? 'justify-self-end bg-brand-700 text-white' : 'justify-self-start bg-stone-100')}
          >
            <p className="whitespace-pre-line">{message.body}</p>
            <p className={cn('mt-1 text-xs', message.authorId === userId ? 'text-brand-100' : 'text-stone-500')}>{new Date(message.createdAt).toLocaleString()}</p>
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={send} className="grid gap-2">
        <Field id="inquiry-reply" label="Reply" error={error}>
          <Textarea id="inquiry-reply" value={reply} onChange={(event) => setReply(event.target.value)} rows={3} />
        </Field>
        <Button type="submit" className="justify-self-end">
          Send
        </Button>
      </form>
      {!isSeller && inquiry.menuId && (
        <Link to="/saved-menus" className="text-sm text-brand-800 underline">
          Back to saved menus
        </Link>
      )}
    </Card>
  );
}
