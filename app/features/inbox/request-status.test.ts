import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../../sync/entities/inquiry';
import { requestStatusLabel } from './request-status';

const at = '2026-11-01T10:00:00.000Z';
const request = (status: Inquiry['status'], authors: string[]): Inquiry => ({
  id: 'inquiry',
  buyerId: 'buyer',
  buyerName: 'Northside',
  sellerId: 'seller',
  sellerName: 'Riverbend',
  menuId: 'menu',
  menuName: 'Fall',
  productId: null,
  kind: 'order',
  status,
  items: [],
  total: null,
  buyerReadAt: null,
  sellerReadAt: null,
  messages: authors.map((authorId, index) => ({ id: `m${index}`, authorId, body: 'text', createdAt: at })),
  createdAt: at,
  updatedAt: at,
});

describe('requestStatusLabel', () => {
  it('awaits a reply while the buyer had the last word', () => {
    expect(requestStatusLabel(request('open', ['buyer']))).toBe('Awaiting reply');
    expect(requestStatusLabel(request('open', ['buyer', 'seller', 'buyer']))).toBe('Awaiting reply');
    expect(requestStatusLabel(request('open', []))).toBe('Awaiting reply');
  });

  it('stops awaiting once the seller replied', () => {
    expect(requestStatusLabel(request('open', ['buyer', 'seller']))).toBe('Replied');
  });

  it('says the decision once there is one', () => {
    expect(requestStatusLabel(request('accepted', ['buyer']))).toBe('Accepted');
    expect(requestStatusLabel(request('declined', ['buyer', 'seller']))).toBe('Declined');
  });
});
