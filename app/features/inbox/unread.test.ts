import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../../sync/entities/inquiry';
import { counterpartName, isUnread, unreadCount } from './unread';

const inquiry = (overrides: Partial<Inquiry>): Inquiry =>
  ({
    buyerId: 'buyer',
    sellerId: 'seller',
    buyerName: 'Northside',
    sellerName: 'Great Lakes',
    buyerReadAt: '2026-01-01T10:00:00.000Z',
    sellerReadAt: null,
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  }) as Inquiry;

describe('isUnread', () => {
  it('is news for the seller who never opened it, not for the buyer who sent it', () => {
    const sent = inquiry({});
    expect(isUnread(sent, 'seller')).toBe(true);
    expect(isUnread(sent, 'buyer')).toBe(false);
  });

  it('is news again after activity later than the last read', () => {
    const replied = inquiry({ updatedAt: '2026-01-01T11:00:00.000Z', sellerReadAt: '2026-01-01T11:00:00.000Z' });
    expect(isUnread(replied, 'buyer')).toBe(true);
    expect(isUnread(replied, 'seller')).toBe(false);
    expect(unreadCount([replied, inquiry({})], 'buyer')).toBe(1);
  });

  it('names the other party', () => {
    expect(counterpartName(inquiry({}), 'buyer')).toBe('Great Lakes');
    expect(counterpartName(inquiry({}), 'seller')).toBe('Northside');
  });
});
