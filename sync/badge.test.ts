import { describe, expect, it } from 'vitest';
import { badgeCount, inquiryWaitsOn, orderWaitsOn, type BadgeInquiry, type BadgeOrder } from './badge';

const SELLER = 'seller-team';
const BUYER = 'buyer-team';
const order = (status: BadgeOrder['status'], buyerTeamId: string | null = BUYER): BadgeOrder => ({ sellerTeamId: SELLER, buyerTeamId, status });
const thread = (...authors: Array<{ authorId: string; authorTeamId?: string }>): BadgeInquiry => ({ sellerId: SELLER, buyerId: BUYER, messages: authors });

describe('the badge', () => {
  it("counts a seller's new orders and a buyer's changes to approve, nothing else", () => {
    expect(orderWaitsOn(SELLER, order('submitted'))).toBe(true);
    expect(orderWaitsOn(BUYER, order('submitted'))).toBe(false);
    expect(orderWaitsOn(BUYER, order('awaiting_buyer'))).toBe(true);
    expect(orderWaitsOn(SELLER, order('awaiting_buyer'))).toBe(false);
    for (const status of ['accepted', 'rejected', 'fulfilled', 'delivered', 'cancelled'] as const) {
      expect(orderWaitsOn(SELLER, order(status)), status).toBe(false);
      expect(orderWaitsOn(BUYER, order(status)), status).toBe(false);
    }
    expect(orderWaitsOn('someone-else', order('submitted'))).toBe(false);
    // An order a seller keeps for a customer with no account waits on the seller alone.
    expect(orderWaitsOn(SELLER, order('submitted', null))).toBe(true);
  });

  it('counts a conversation whose last word came from the other side, by the team a member wrote for', () => {
    expect(inquiryWaitsOn(SELLER, thread())).toBe(true);
    expect(inquiryWaitsOn(BUYER, thread())).toBe(false);
    const fromBuyer = thread({ authorId: 'buyer-member', authorTeamId: BUYER });
    expect(inquiryWaitsOn(SELLER, fromBuyer)).toBe(true);
    expect(inquiryWaitsOn(BUYER, fromBuyer)).toBe(false);
    const answered = thread({ authorId: 'buyer-member', authorTeamId: BUYER }, { authorId: 'rep', authorTeamId: SELLER });
    expect(inquiryWaitsOn(SELLER, answered)).toBe(false);
    expect(inquiryWaitsOn(BUYER, answered)).toBe(true);
    // A message from before authors' teams were kept was written by the team's own account.
    expect(inquiryWaitsOn(SELLER, thread({ authorId: BUYER }))).toBe(true);
    expect(inquiryWaitsOn('someone-else', fromBuyer)).toBe(false);
  });

  it('adds up what waits on the team', () => {
    const orders = [order('submitted'), order('submitted'), order('awaiting_buyer'), order('delivered')];
    const inquiries = [thread(), thread({ authorId: 'b', authorTeamId: BUYER }), thread({ authorId: 's', authorTeamId: SELLER })];
    expect(badgeCount(SELLER, orders, inquiries)).toBe(4);
    expect(badgeCount(BUYER, orders, inquiries)).toBe(2);
    expect(badgeCount('someone-else', orders, inquiries)).toBe(0);
    expect(badgeCount(SELLER, [], [])).toBe(0);
  });
});
