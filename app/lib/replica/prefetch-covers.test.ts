import { describe, expect, it } from 'vitest';
import type { Menu } from '../../../sync/entities/menu';
import { FIXTURE_TIME, productFixture, userFixture } from '../../../sync/testing/entity-fixtures';
import { ownMenuCoverKey } from './prefetch-covers';

const upload = (letter: string) => `/uploads/${letter.repeat(64)}.jpg`;
const seller = userFixture({ profileImageUrl: upload('a'), menuCoverUrl: upload('b') });
const onMenu = productFixture({ id: 'aaaaaaaa-0000-4000-8000-000000000001', photoUrl: upload('d') });
const offMenu = productFixture({ id: 'aaaaaaaa-0000-4000-8000-000000000002', photoUrl: upload('e') });
const elsewhere = productFixture({ id: 'aaaaaaaa-0000-4000-8000-000000000003', photoUrl: 'https://example.com/pixel.jpg' });
const products = new Map([onMenu, offMenu, elsewhere].map((product) => [product.id, product]));
const menu: Menu = {
  id: '22222222-2222-4222-8222-222222222222',
  userId: seller.id,
  name: 'Booth',
  description: null,
  publicLinkId: '11111111-1111-4111-8111-111111111111',
  isPublic: false,
  linkExpiresAt: null,
  productIds: [onMenu.id, elsewhere.id],
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
};

describe("the photos a seller's own menus need at the booth", () => {
  it("are the covers of the products on their menus and the brand's images, uploads only", () => {
    expect(ownMenuCoverKey(seller, [menu], products).split('\n')).toEqual([upload('a'), upload('b'), upload('d')]);
  });

  it('are none without a menu, or for anyone but a seller', () => {
    expect(ownMenuCoverKey(seller, [], products)).toBe('');
    expect(ownMenuCoverKey(userFixture({ role: 'buyer' }), [menu], products)).toBe('');
    expect(ownMenuCoverKey(null, [menu], products)).toBe('');
  });
});
