/**
 * An order the seller's team wrote for a customer who has not linked their account to the seller's book: it stays
 * with the team (no email, no push, nothing in the buyer's account) until the customer consents. The seller sends it
 * as a PDF, or as a link that shows it and invites the customer to take it into their account.
 */
import { useState } from 'react';
import type { Order } from '../../../sync/entities/order';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { copyInvitationLink } from '../../lib/customer-invitation';

export function DraftOrderNotice({ order, onDownloadPdf }: { order: Order; onDownloadPdf: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };
  return (
    <Card className="mb-4 grid gap-3 border-amber-200 bg-amber-50 p-4" aria-label="Not shared with the customer">
      <p className="text-sm text-stone-800">
        Only your team sees this order: {order.customerName} has not linked an account to your book. Send it to them as a PDF, or as a link that shows it; it becomes theirs once
        they accept.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={busy} onClick={() => void run(onDownloadPdf)}>
          Download as PDF
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => void run(() => copyInvitationLink(order.customerId, order.id))}>
          Copy link to this order
        </Button>
      </div>
    </Card>
  );
}
