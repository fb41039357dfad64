/**
 * Where a customer entry stands with the buyer's account, and the seller's way to invite them. Until the buyer
 * consents (accepts the invitation, or saves one of the seller's menus, writes or orders), what the seller writes for
 * the customer stays with the seller's team; nothing here says whether the address has an account.
 */
import { useState } from 'react';
import { CUSTOMER_LINK_LABELS, type Customer, type CustomerLink } from '../../../sync/entities/customer';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { copyInvitationLink, emailInvitation } from '../../lib/customer-invitation';

export const CUSTOMER_LINK_TONES: Record<CustomerLink, BadgeTone> = { linked: 'good', invited: 'waiting', unlinked: 'neutral' };

export function CustomerLinkBadge({ link }: { link: CustomerLink }) {
  return <Badge tone={CUSTOMER_LINK_TONES[link]}>{CUSTOMER_LINK_LABELS[link]}</Badge>;
}

function explanation(customer: Customer): string {
  if (customer.link === 'linked') return `${customer.name} deals with you on the platform: the orders you write for them reach their account.`;
  const waiting = 'Orders you write for this customer stay with your team until they link their account to your book';
  if (customer.link === 'invited') return `Invited on ${customer.invitedAt!.slice(0, 10)}. ${waiting}, by accepting your invitation.`;
  return `${waiting}: invite them, or they link it by saving one of your menus, writing to you or ordering.`;
}

export function CustomerLinkCard({ customer }: { customer: Customer }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };
  return (
    <Card className="grid gap-3 p-4" aria-label="Link with the customer's account">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">On the platform</h2>
        <CustomerLinkBadge link={customer.link} />
      </div>
      <p className="text-sm text-stone-700">{explanation(customer)}</p>
      {customer.link !== 'linked' && (
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy || !customer.email} onClick={() => void run(() => emailInvitation(customer))}>
            {customer.link === 'invited' ? 'Send the invitation again' : 'Send an invitation'}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => void run(() => copyInvitationLink(customer.id))}>
            Copy invitation link
          </Button>
          {!customer.email && <p className="basis-full text-sm text-stone-600">Add their email to send the invitation, or copy the link and send it yourself.</p>}
        </div>
      )}
    </Card>
  );
}
