import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../../sync/entities/inquiry';
import { groupConversations, lastMessage } from './conversations';

let next = 0;
function inquiry(fields: Partial<Inquiry> & { createdAt: string }): Inquiry {
  next += 1;
  return {
    id: `inquiry-${next}`,
    buyerId: 'buyer',
    buyerName: 'Northside',
    sellerId: 'seller',
    sellerName: 'Riverbend',
    menuId: 'menu-fall',
    menuName: 'Fall',
    productId: null,
    kind: 'message',
    status: 'open',
    items: [],
    total: null,
    buyerReadAt: fields.createdAt,
    sellerReadAt: fields.createdAt,
    messages: [],
    updatedAt: fields.createdAt,
    ...fields,
  };
}

describe('groupConversations', () => {
  it('puts the messages and order requests of one buyer and one seller about one menu into one conversation, oldest first', () => {
    const question = inquiry({ createdAt: '2026-11-01T10:00:00.000Z' });
    const order = inquiry({ kind: 'order', createdAt: '2026-11-01T11:00:00.000Z' });
    const [conversation, ...others] = groupConversations([order, question], 'seller');
    expect(others).toEqual([]);
    expect(conversation!.inquiries.map((member) => member.id)).toEqual([question.id, order.id]);
    expect(conversation!.latest.id).toBe(order.id);
  });

  it('keeps other menus and other buyers apart, the most recently active first', () => {
    const fall = inquiry({ createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-03T10:00:00.000Z' });
    const spring = inquiry({ menuId: 'menu-spring', menuName: 'Spring', createdAt: '2026-11-02T10:00:00.000Z' });
    const otherBuyer = inquiry({ buyerId: 'buyer-2', createdAt: '2026-11-01T09:00:00.000Z' });
    expect(groupConversations([spring, otherBuyer, fall], 'seller').map((conversation) => conversation.latest.id)).toEqual([fall.id, spring.id, otherBuyer.id]);
  });

  it('is unread when any of its inquiries has news for the user', () => {
    const read = inquiry({ createdAt: '2026-11-01T10:00:00.000Z' });
    const news = inquiry({ kind: 'order', createdAt: '2026-11-01T11:00:00.000Z', sellerReadAt: null });
    expect(groupConversations([read, news], 'seller')[0]!.unread).toBe(true);
    expect(groupConversations([read, news], 'buyer')[0]!.unread).toBe(false);
  });
});

describe('lastMessage', () => {
  it('is the newest message across the conversation', () => {
    const question = inquiry({
      createdAt: '2026-11-01T10:00:00.000Z',
      messages: [{ id: 'a', authorId: 'buyer', body: 'Any Glacier left?', createdAt: '2026-11-01T10:00:00.000Z' }],
    });
    const order = inquiry({
      kind: 'order',
      createdAt: '2026-11-01T09:00:00.000Z',
      messages: [{ id: 'b', authorId: 'seller', body: 'Set aside for you.', createdAt: '2026-11-01T12:00:00.000Z' }],
    });
    expect(lastMessage(groupConversations([question, order], 'buyer')[0]!)?.body).toBe('Set aside for you.');
  });
});
