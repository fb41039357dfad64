import { unreadBy, type Inquiry } from '../../../sync/entities/inquiry';

/** Whether the conversation has news for this user: activity after they last read it. The app badge counts by the same rule. */
export function isUnread(inquiry: Inquiry, userId: string): boolean {
  return unreadBy(userId, inquiry);
}

export function unreadCount(inquiries: Iterable<Inquiry>, userId: string): number {
  let count = 0;
  for (const inquiry of inquiries) if (isUnread(inquiry, userId)) count++;
  return count;
}

/** The other party's name, as this user sees the conversation. */
export function counterpartName(inquiry: Inquiry, userId: string): string {
  return inquiry.buyerId === userId ? inquiry.sellerName : inquiry.buyerName;
}
