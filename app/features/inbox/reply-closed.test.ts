import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../../sync/entities/inquiry';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { groupConversations } from './conversations';
import { replyClosed } from './reply-closed';

const NOW = new Date('2031-06-02T09:00:00.000Z');

function conversationAbout(menuId: string | null) {
  const at = '2031-06-01T10:00:00.000Z';
  const inquiry: Inquiry = {
    id: 'inquiry-1',
    buyerId: 'buyer',
    buyerName: 'Northside',
    sellerId: 'seller',
    sellerName: 'Riverbend',
    menuId,
    menuName: 'Fall',
    productId: null,
    kind: 'message',
    status: 'open',
    items: [],
    total: null,
    buyerReadAt: at,
    sellerReadAt: at,
    messages: [],
    createdAt: at,
    updatedAt: at,
  };
  return groupConversations([inquiry], 'buyer')[0]!;
}

const live = { menuId: 'menu-fall', stamp: 7, withdrawnAt: null, snapshot: { menu: { linkExpiresAt: null } } as PublicMenu };

describe('replyClosed', () => {
  it("leaves the buyer's reply box while their saved copy of the menu is live, or when they never saved it", () => {
    expect(replyClosed(conversationAbout('menu-fall'), 'buyer', [live], NOW)).toBe(false);
    expect(replyClosed(conversationAbout('menu-fall'), 'buyer', [{ ...live, menuId: 'menu-other', snapshot: null }], NOW)).toBe(false);
  });

  it('closes it once the link died (regenerated or expired), the seller closed, or the menu was deleted', () => {
    expect(replyClosed(conversationAbout('menu-fall'), 'buyer', [{ ...live, snapshot: null }], NOW)).toBe(true);
    const expired = { ...live, snapshot: { menu: { linkExpiresAt: '2031-06-02T08:59:59.000Z' } } as PublicMenu };
    expect(replyClosed(conversationAbout('menu-fall'), 'buyer', [expired], NOW)).toBe(true);
    expect(replyClosed(conversationAbout('menu-fall'), 'buyer', [{ ...live, snapshot: null, stamp: 0, withdrawnAt: '2031-06-01T00:00:00.000Z' }], NOW)).toBe(true);
    expect(replyClosed(conversationAbout(null), 'buyer', [], NOW)).toBe(true);
  });

  it('trusts no copy saved on the device that the server has not sent yet', () => {
    expect(replyClosed(conversationAbout('menu-fall'), 'buyer', [{ ...live, stamp: 0, snapshot: null }], NOW)).toBe(false);
  });

  it("never closes the seller's: they answer about their own menu", () => {
    expect(replyClosed(conversationAbout(null), 'seller', [], NOW)).toBe(false);
    expect(replyClosed(conversationAbout('menu-fall'), 'seller', [{ ...live, snapshot: null }], NOW)).toBe(false);
  });
});
