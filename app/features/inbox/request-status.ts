import { messageTeamId, type Inquiry } from '../../../sync/entities/inquiry';

/**
 * What an order request's badge says. An open request awaits the seller's
 * reply only until the seller has written back after the buyer's last word;
 * a decision says itself.
 */
export function requestStatusLabel(inquiry: Inquiry): 'Awaiting reply' | 'Replied' | 'Accepted' | 'Declined' {
  if (inquiry.status === 'accepted') return 'Accepted';
  if (inquiry.status === 'declined') return 'Declined';
  const last = inquiry.messages.at(-1);
  return last && messageTeamId(last) === inquiry.sellerId ? 'Replied' : 'Awaiting reply';
}
