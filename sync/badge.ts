/**
 * The app badge: how many things wait on this team. Orders waiting on its move (a seller's new orders, a buyer's
 * changes to approve) and conversations whose last word came from the other side. One rule, counted by the device
 * from its replica and by the server for the badge a push carries.
 */
import { messageTeamId, type Inquiry, type InquiryMessage } from './entities/inquiry';
import type { Order } from './entities/order';

export type BadgeOrder = Pick<Order, 'sellerTeamId' | 'buyerTeamId' | 'status'>;
/** Only who wrote each message counts (the server reads just the last one's author). */
export type BadgeInquiry = Pick<Inquiry, 'sellerId' | 'buyerId'> & { messages: ReadonlyArray<Pick<InquiryMessage, 'authorId' | 'authorTeamId'>> };

export function orderWaitsOn(teamId: string, order: BadgeOrder): boolean {
  if (order.sellerTeamId === teamId) return order.status === 'submitted';
  if (order.buyerTeamId === teamId) return order.status === 'awaiting_buyer';
  return false;
}

/** A conversation waits on the team when the other side wrote last (a thread with no message yet waits on the seller). */
export function inquiryWaitsOn(teamId: string, inquiry: BadgeInquiry): boolean {
  const last = inquiry.messages.at(-1);
  if (!last) return inquiry.sellerId === teamId;
  return (inquiry.sellerId === teamId || inquiry.buyerId === teamId) && messageTeamId(last) !== teamId;
}

export function badgeCount(teamId: string, orders: Iterable<BadgeOrder>, inquiries: Iterable<BadgeInquiry>): number {
  let count = 0;
  for (const order of orders) if (orderWaitsOn(teamId, order)) count += 1;
  for (const inquiry of inquiries) if (inquiryWaitsOn(teamId, inquiry)) count += 1;
  return count;
}
