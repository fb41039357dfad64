/**
 * A seller's invitation to its customer book (POST /api/customers/:id/invitations): emailed to the customer, or a link
 * the seller copies to send itself, showing a draft order when one is named. It needs a connection; the entry's new
 * state comes down with the sync it starts.
 */
import type { CustomerInviteAnswer } from '../../sync/entities/customer';
import { apiRequest, messageOf } from './api-client';
import { useSyncSession } from './replica/sync-session';
import { toast } from './toast-store';

function request(customerId: string, body: { delivery: 'email' | 'link'; orderId?: string }): Promise<CustomerInviteAnswer> {
  return apiRequest<CustomerInviteAnswer>('POST', `/api/customers/${encodeURIComponent(customerId)}/invitations`, body);
}

/** Emails the invitation to the customer's address; answers whether it went. */
export async function emailInvitation(customer: { id: string; email: string | null }): Promise<boolean> {
  try {
    await request(customer.id, { delivery: 'email' });
    void useSyncSession.getState().engine?.syncNow();
    toast({ title: 'Invitation sent', description: `${customer.email} gets a link to accept, valid for 30 days.`, variant: 'success' });
    return true;
  } catch (error) {
    toast({ title: 'Error', description: messageOf(error, 'The invitation could not be sent.'), variant: 'destructive' });
    return false;
  }
}

/** Copies an invitation link for the seller to send, showing `orderId` when given; the link is in the toast where copying fails. */
export async function copyInvitationLink(customerId: string, orderId?: string): Promise<void> {
  let link: string;
  try {
    link = (await request(customerId, { delivery: 'link', ...(orderId && { orderId }) })).link!;
  } catch (error) {
    toast({ title: 'Error', description: messageOf(error, 'The link could not be made.'), variant: 'destructive' });
    return;
  }
  void useSyncSession.getState().engine?.syncNow();
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Link copied!', description: 'Send it to your customer: it works for 30 days, for the first buyer account that accepts it.', variant: 'success' });
  } catch {
    toast({ title: 'Copy this link', description: link, variant: 'success' });
  }
}
