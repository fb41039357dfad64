import { describe, expect, it } from 'vitest';
import { badgeCount, orderWaitsOn, type BadgeInquiry, type BadgeOrder } from './badge';

const SELLER = 'seller-team';
const BUYER = 'buyer-team';
const SENT = '2026-03-02T09:00:00.000Z';
const LATER = '2026-03-02T09:30:00.000Z';
const order = (status: BadgeOrder['status'], buyerTeamId: string | null = BUYER): BadgeOrder => ({ sellerTeamId: SELLER, buyerTeamId, status });
/** A thread the buyer sent at SENT: read by the buyer as it wrote, never opened by the seller. */
const thread = (changes: Partial<BadgeInquiry> = {}): BadgeInquiry => ({
  sellerId: SELLER,
  buyerId: BUYER,
  menuId: 'spring-menu',
  menuName: 'Spring',
  buyerReadAt: SENT,
  sellerReadAt: null,
  updatedAt: SENT,
  ...changes,
});
const badge = (teamId: string, inquiries: BadgeInquiry[]) => badgeCount(teamId, [], inquiries);

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

  it('counts a conversation the team has not opened, not the one its other side just sent', () => {
    expect(badge(SELLER, [thread()])).toBe(1);
    expect(badge(BUYER, [thread()])).toBe(0);
    expect(badge('someone-else', [thread()])).toBe(0);
  });

  it('stops counting a conversation once the team has read it, even though the other side wrote last', () => {
    expect(badge(SELLER, [thread({ sellerReadAt: LATER })])).toBe(0);
  });

  it('counts it again when something happens after the read', () => {
    const repliedAfterRead = thread({ sellerReadAt: LATER, buyerReadAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' });
    expect(badge(SELLER, [repliedAfterRead])).toBe(1);
    expect(badge(BUYER, [repliedAfterRead])).toBe(0);
  });

  it('does not count a conversation the team answered, and counts the answer for the other side', () => {
    // Writing is reading: the reply marks the conversation read up to its own moment.
    const answered = thread({ sellerReadAt: LATER, updatedAt: LATER });
    expect(badge(SELLER, [answered])).toBe(0);
    expect(badge(BUYER, [answered])).toBe(1);
  });

  it('counts the requests one buyer sent about one menu as one conversation, as the inbox shows them', () => {
    const aboutSpring = [thread(), thread({ updatedAt: LATER })];
    expect(badge(SELLER, aboutSpring)).toBe(1);
    expect(badge(SELLER, [...aboutSpring, thread({ menuId: 'summer-menu' })])).toBe(2);
    // A deleted menu's conversation goes by its name.
    expect(badge(SELLER, [thread({ menuId: null }), thread({ menuId: null, menuName: 'Winter' })])).toBe(2);
  });

  it('adds up what waits on the team', () => {
    const orders = [order('submitted'), order('submitted'), order('awaiting_buyer'), order('delivered')];
    const inquiries = [thread(), thread({ menuId: 'summer-menu', sellerReadAt: LATER }), thread({ menuId: 'autumn-menu', sellerReadAt: LATER, updatedAt: LATER })];
    expect(badgeCount(SELLER, orders, inquiries)).toBe(3);
    expect(badgeCount(BUYER, orders, inquiries)).toBe(2);
    expect(badgeCount('someone-else', orders, inquiries)).toBe(0);
    expect(badgeCount(SELLER, [], [])).toBe(0);
  });
});
