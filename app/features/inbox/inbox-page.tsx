/**
 * Conversations, for buyers and sellers alike: everything one buyer and one
 * seller said about one menu is one conversation, its messages and order
 * requests (with their lines at the prices fixed when sent, and Accept and
 * Decline for the seller of an open one) in one timeline, with a reply box
 * (for a buyer, a note instead once the menu is no longer available).
 * Everything works offline and syncs later.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { messageTeamId, type Inquiry, type InquiryMessage } from '../../../sync/entities/inquiry';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { AppError } from '../../../sync/contract/errors';
import { sentWhenBackOnline, writtenTime } from '../../../sync/rules/written-at';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Field, Textarea } from '../../components/ui/form-controls';
import { cn } from '../../lib/cn';
import { formatPrice, formatQuantity } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { useSession } from '../../lib/session-store';
import { useMemberNames, useTeamId } from '../../lib/team-read';
import { toast } from '../../lib/toast-store';
import { groupConversations, lastMessage, type Conversation } from './conversations';
import { requestStatusLabel } from './request-status';
import { MenuActivity } from './menu-activity';
import { MENU_GONE_NOTE, replyClosed } from './reply-closed';
import { counterpartName, isUnread } from './unread';
import { useDocumentTitle } from '../../lib/document-title';

const STATUS_TONES: Record<ReturnType<typeof requestStatusLabel>, BadgeTone> = {
  'Awaiting reply': 'waiting',
  Replied: 'info',
  Accepted: 'good',
  Declined: 'bad',
};

export function InboxPage() {
  useDocumentTitle('Inbox');
  const user = useSession((state) => state.user);
  return (
    <PageBody>
      <PageHeader title="Inbox" subtitle="Messages and order requests between buyers and sellers." />
      {user?.role === 'seller' && <MenuActivity />}
      <ReplicaGate>
        {(view) => <Inbox inquiries={[...view.inquiries.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))} savedCopies={[...view.savedMenus.values()]} />}
      </ReplicaGate>
    </PageBody>
  );
}

function Inbox({ inquiries, savedCopies }: { inquiries: Inquiry[]; savedCopies: SavedMenuListItem[] }) {
  // The team is the party of a conversation: every member sees and answers it.
  const userId = useTeamId();
  const [params, setParams] = useSearchParams();
  const conversations = groupConversations(inquiries, userId);
  // Links name one inquiry (a notification, an order just sent): open the conversation that holds it.
  const wanted = params.get('id');
  const selected = wanted ? (conversations.find((conversation) => conversation.inquiries.some((inquiry) => inquiry.id === wanted)) ?? null) : null;

  if (inquiries.length === 0) {
    return <Card className="p-6 text-center text-stone-600">No messages yet. Buyers write to sellers from a menu with Contact Seller.</Card>;
  }

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_1fr]">
      <ul aria-label="Conversations" className={cn('grid content-start gap-2', selected && 'hidden lg:grid')}>
        {conversations.map((conversation) => {
          const last = lastMessage(conversation);
          const orders = conversation.inquiries.filter((inquiry) => inquiry.kind === 'order');
          const latestOrder = orders.at(-1);
          const current = selected?.key === conversation.key;
          return (
            <li key={conversation.key}>
              <button
                type="button"
                onClick={() => setParams({ id: conversation.latest.id })}
                aria-current={current ? 'true' : undefined}
                className={cn('grid w-full gap-1 rounded-lg border p-3 text-left hover:bg-stone-50', current ? 'border-brand-700 bg-brand-50' : 'border-stone-200 bg-white')}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate', conversation.unread ? 'font-bold' : 'font-medium')}>{counterpartName(conversation.latest, userId)}</span>
                  {conversation.unread && <Badge tone="new">New</Badge>}
                </span>
                <span className="truncate text-sm text-stone-600">
                  {conversation.latest.menuName}
                  {orders.length > 0 && ` · ${orders.length === 1 ? 'Order request' : `${orders.length} order requests`}`}
                </span>
                {last && <span className="truncate text-sm text-stone-500">{last.body}</span>}
                {latestOrder && <StatusBadge inquiry={latestOrder} className="justify-self-start" />}
              </button>
            </li>
          );
        })}
      </ul>
      {selected ? (
        <ConversationView key={selected.key} conversation={selected} userId={userId} closed={replyClosed(selected, userId, savedCopies, new Date())} onBack={() => setParams({})} />
      ) : (
        <Card className="hidden p-6 text-center text-stone-500 lg:block">Choose a conversation.</Card>
      )}
    </div>
  );
}

function StatusBadge({ inquiry, className, ...props }: { inquiry: Inquiry; className?: string; 'data-testid'?: string }) {
  const label = requestStatusLabel(inquiry);
  return (
    <Badge tone={STATUS_TONES[label]} className={className} {...props}>
      {label}
    </Badge>
  );
}

type TimelineEntry = { at: string; order: 0 | 1; key: string } & ({ kind: 'request'; inquiry: Inquiry } | { kind: 'message'; message: Inquiry['messages'][number] });

/** The conversation in the order it happened: each order request where it was sent, then what was said. */
function timelineOf(conversation: Conversation): TimelineEntry[] {
  return conversation.inquiries
    .flatMap((inquiry): TimelineEntry[] => [
      ...(inquiry.kind === 'order' ? [{ at: inquiry.createdAt, order: 0 as const, key: `request-${inquiry.id}`, kind: 'request' as const, inquiry }] : []),
      ...inquiry.messages.map((message) => ({ at: message.createdAt, order: 1 as const, key: message.id, kind: 'message' as const, message })),
    ])
    .sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
}

function ConversationView({ conversation, userId, closed, onBack }: { conversation: Conversation; userId: string; closed: boolean; onBack: () => void }) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const { latest } = conversation;
  const isSeller = latest.sellerId === userId;
  const unreadIds = conversation.inquiries.filter((inquiry) => isUnread(inquiry, userId)).map((inquiry) => inquiry.id);
  const unreadKey = unreadIds.join();

  // Opening a conversation reads it.
  useEffect(() => {
    for (const id of unreadKey ? unreadKey.split(',') : []) void mutate({ name: 'inquiry.markRead', args: { id } }).catch(() => undefined);
  }, [unreadKey]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reply.trim()) return setError('Write a message');
    try {
      await mutate({ name: 'inquiry.reply', args: { id: crypto.randomUUID(), inquiryId: latest.id, body: reply, writtenAt: new Date().toISOString() } });
      setReply('');
      setError(undefined);
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to send message', variant: 'destructive' });
    }
  }

  return (
    <Card className="grid content-start gap-4 p-4">
      <button type="button" onClick={onBack} className="justify-self-start text-sm font-medium text-brand-800 lg:hidden">
        ← All conversations
      </button>
      <div>
        <h2 className="text-lg font-semibold">{counterpartName(latest, userId)}</h2>
        <p className="text-sm text-stone-600">
          About {latest.menuId ? <span className="font-medium">{latest.menuName}</span> : latest.menuName} · since {new Date(conversation.inquiries[0]!.createdAt).toLocaleString()}
        </p>
      </div>
      <ol aria-label="Messages" className="grid gap-2">
        {timelineOf(conversation).map((entry) =>
          entry.kind === 'request' ? (
            <li key={entry.key} className="grid gap-3 rounded-lg border border-stone-200 p-3">
              <OrderRequest inquiry={entry.inquiry} isSeller={isSeller} />
            </li>
          ) : (
            <li
              key={entry.key}
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                messageTeamId(entry.message) === userId ? 'justify-self-end bg-brand-700 text-white' : 'justify-self-start bg-stone-100',
              )}
            >
              <p className="whitespace-pre-line">{entry.message.body}</p>
              <p className={cn('mt-1 text-xs', messageTeamId(entry.message) === userId ? 'text-brand-100' : 'text-stone-600')}>
                <AuthorName message={entry.message} teamId={userId} />
                <WrittenTime entry={entry.message} />
              </p>
            </li>
          ),
        )}
      </ol>
      {closed ? (
        <p className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">{MENU_GONE_NOTE}</p>
      ) : (
        <form noValidate onSubmit={send} className="grid gap-2">
          <Field id="inquiry-reply" label="Reply" error={error}>
            <Textarea id="inquiry-reply" value={reply} onChange={(event) => setReply(event.target.value)} rows={3} />
          </Field>
          <Button type="submit" className="justify-self-end">
            Send
          </Button>
        </form>
      )}
      {!isSeller && latest.menuId && (
        <Link to="/saved-menus" className="text-sm text-brand-800 underline">
          Back to saved menus
        </Link>
      )}
    </Card>
  );
}

/** Who wrote it: "You", a member of one's own team by the team's list, or the person of the other team as the message names them. */
function AuthorName({ message, teamId }: { message: InquiryMessage; teamId: string }) {
  const names = useMemberNames();
  const selfId = useSession((state) => state.user?.id);
  const name = message.authorId === selfId ? 'You' : messageTeamId(message) === teamId ? names?.get(message.authorId) : message.authorName;
  return name ? <span className="font-medium">{name} · </span> : null;
}

/** When it was written, and whether it waited on its author's device for a connection. */
function WrittenTime({ entry }: { entry: { createdAt: string; writtenAt?: string } }) {
  const written = writtenTime(entry);
  return (
    <>
      <time dateTime={written}>{new Date(written).toLocaleString()}</time>
      {sentWhenBackOnline(written, entry.createdAt) && ' · sent when back online'}
    </>
  );
}

function OrderRequest({ inquiry, isSeller }: { inquiry: Inquiry; isSeller: boolean }) {
  async function decide(status: 'accepted' | 'declined') {
    try {
      await mutate({ name: 'inquiry.setStatus', args: { id: inquiry.id, status } });
      toast({ title: status === 'accepted' ? 'Order request accepted' : 'Order request declined', variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to update the request', variant: 'destructive' });
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          Order request · <WrittenTime entry={inquiry} />
        </h3>
        <StatusBadge inquiry={inquiry} data-testid="inquiry-status" />
      </div>
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
                <td className="py-1.5 pr-3">
                  {formatPrice(item.pricePerUnit)} / {item.unitType}
                </td>
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
      {isSeller && inquiry.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void decide('accepted')}>Accept</Button>
          <Button variant="outline" onClick={() => void decide('declined')}>
            Decline
          </Button>
        </div>
      )}
    </>
  );
}
