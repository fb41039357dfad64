/**
 * The app badge: how many things wait on this team. Orders waiting on its move (a seller's new orders, a buyer's
 * changes to approve) and conversations with something it has not read, as the inbox groups them and marks them new.
 * One rule, counted by the device from its replica and by the server for the badge a push carries.
 */
import { conversationKey, unreadBy, type Inquiry, type InquiryReadMarks } from '../entities/inquiry';
import type { Order } from '../entities/order';

export type BadgeOrder = Pick<Order, 'sellerTeamId' | 'buyerTeamId' | 'status'>;
export type BadgeInquiry = InquiryReadMarks & Pick<Inquiry, 'menuId' | 'menuName'>;

export function orderWaitsOn(teamId: string, order: BadgeOrder): boolean {
  if (order.sellerTeamId === teamId) return order.status === 'submitted';
  if (order.buyerTeamId === teamId) return order.status === 'awaiting_buyer';
  return false;
}

export function badgeCount(teamId: string, orders: Iterable<BadgeOrder>, inquiries: Iterable<BadgeInquiry>): number {
  let count = 0;
  for (const order of orders) if (orderWaitsOn(teamId, order)) count += 1;
  const unreadConversations = new Set<string>();
  for (const inquiry of inquiries) if (unreadBy(teamId, inquiry)) unreadConversations.add(conversationKey(inquiry));
  return count + unreadConversations.size;
}
