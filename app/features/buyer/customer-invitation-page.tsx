/**
 * /customer-invite?token=...: a seller's invitation to its customer book, signed in or not. The token leaves the
 * address bar as soon as it is read. The page shows who invites, under which name, and the order the seller shared
 * with the link, if any; a buyer accepts with a press of the button (signing in or creating a free buyer account
 * first), and only then does the seller's book link to their account.
 */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { PAYMENT_TERM_LABELS, type CustomerInvitationAccepted, type CustomerInvitationPreview } from '../../../sync/entities/customer';
import { lineQuantity } from '../../../sync/rules/order-changes';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { ApiError, apiRequest, messageOf } from '../../lib/api-client';
import { openAuthDialog } from '../../lib/auth-dialog-events';
import { useDocumentTitle } from '../../lib/document-title';
import { formatPrice } from '../../lib/format-price';
import { useLinkToken } from '../../lib/link-token';
import { useSyncSession } from '../../lib/replica/sync-session';
import { Link } from '../../lib/router';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { useSession } from '../../lib/session-store';
import { toast } from '../../lib/toast-store';

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

export function CustomerInvitationPage() {
  useDocumentTitle('Invitation');
  const token = useLinkToken();
  const user = useSession((state) => state.user);
  const sessionLoading = useSession((state) => state.loading);
  const previewRead = useServerRead(apiReads.customerInvitationPreview(token), { skip: !token });
  const preview = previewRead.data ?? null;
  const deadLink = previewRead.error instanceof ApiError && previewRead.error.status < 500 ? messageOf(previewRead.error, '') : null;

  return (
    <div className="min-h-dvh bg-stone-50 px-4 py-12 text-stone-800">
      <main id="main-content" className="mx-auto grid max-w-xl gap-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <Link to="/" className="text-base font-semibold text-stone-900">
          Wholesale Menus
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">
          {preview ? `${preview.sellerName} invites ${preview.customerName} to order on Wholesale Menus` : 'An invitation from a seller'}
        </h1>
        {!token ? (
          <Alert>The invitation link is incomplete. Open it again from the message, or ask the seller for a new one.</Alert>
        ) : sessionLoading || previewRead.loading ? (
          <Spinner label="Loading the invitation" />
        ) : deadLink ? (
          <Alert>{deadLink}</Alert>
        ) : !preview ? (
          <Alert>{messageOf(previewRead.error, 'The invitation could not be loaded. Please try again in a moment.')}</Alert>
        ) : (
          <Invitation token={token} preview={preview} role={user?.role ?? null} />
        )}
      </main>
    </div>
  );
}

function Invitation({ token, preview, role }: { token: string; preview: CustomerInvitationPreview; role: string | null }) {
  const [accepting, setAccepting] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function accept() {
    setRefusal(null);
    setAccepting(true);
    try {
      const answer = await apiRequest<CustomerInvitationAccepted>('POST', '/api/customer-invitations/accept', { token });
      void useSyncSession.getState().engine?.syncNow();
      setAccepted(answer.message);
    } catch (error) {
      setRefusal(messageOf(error, 'The invitation could not be accepted.'));
    } finally {
      setAccepting(false);
    }
  }

  function signIn() {
    openAuthDialog({
      guest: {
        purpose: 'accept the invitation',
        onSignedIn: (user) => {
          if (user.role !== 'buyer')
            toast({ title: `Signed in as ${user.role === 'admin' ? 'an admin' : 'a seller'}`, description: 'Only a buyer account can accept the invitation.' });
        },
        onDismissed: () => undefined,
      },
    });
  }

  if (accepted) {
    return (
      <div className="grid gap-3">
        <p role="status">{accepted}</p>
        <Link to="/orders" className="text-sm font-medium text-brand-800 underline">
          Open your orders
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-stone-600">
        Accept with your buyer account to see the prices {preview.sellerName} gives you on its menus, and the orders it writes for you. Nothing of your account is shared with{' '}
        {preview.sellerName} until you accept.
      </p>
      {preview.order && <SharedOrder order={preview.order} />}
      {refusal && <Alert>{refusal}</Alert>}
      {role === 'buyer' ? (
        <Button size="lg" disabled={accepting} onClick={() => void accept()}>
          {accepting ? 'Please wait…' : 'Accept the invitation'}
        </Button>
      ) : role ? (
        <p className="text-sm text-stone-700">Sign in with a buyer account to accept the invitation.</p>
      ) : (
        <Button size="lg" onClick={signIn}>
          Sign in or create a buyer account to accept
        </Button>
      )}
    </div>
  );
}

function SharedOrder({ order }: { order: NonNullable<CustomerInvitationPreview['order']> }) {
  return (
    <section aria-label={`Order ${order.number}`} className="grid gap-2 rounded-lg border border-stone-200 p-4">
      <h2 className="font-semibold">
        Order {order.number} · {order.createdAt.slice(0, 10)}
      </h2>
      <ul className="grid gap-1 text-sm">
        {order.lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-4">
            <span>
              {line.strainName} · {lineQuantity(line.quantity, line.unitType)} at {formatPrice(line.unitPrice)}
            </span>
            <span className="tabular-nums">{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between font-semibold">
        <span>Total · {PAYMENT_TERM_LABELS[order.paymentTerms]}</span>
        <span className="tabular-nums">{formatPrice(order.total)}</span>
      </p>
      {order.note && <p className="text-sm whitespace-pre-wrap text-stone-700">Note: {order.note}</p>}
    </section>
  );
}
