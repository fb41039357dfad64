/** A buyer's order request waiting to send shows the figures the server will store for it: quantity breaks and the buyer's list applied. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PriceListEntry } from '../entities/price-list';
import type { Product } from '../entities/product';
import type { PublicMenu } from '../entities/public-menu';
import type { SavedMenuListItem } from '../entities/saved-menu';
import { pricedMenu, pricedOrderLine } from '../rules/priced-menu';
import { entriesByProduct, productTerms } from '../rules/pricing';
import { menuFixture, productFixture, userFixture } from '../testing/entity-fixtures';
import { withPending } from './replica';
import type { ReplicaState } from './replica-state';

const now = '2025-02-01T12:00:00.000Z';
const context = { userId: randomUUID(), now };

const gelato = productFixture({ id: randomUUID(), strainName: 'Gelato', pricePerUnit: '10.00', unitType: 'oz', lotSize: 1, availableQuantity: '100' });
const runtz = productFixture({ id: randomUUID(), strainName: 'Runtz', pricePerUnit: '20.00', unitType: 'oz', lotSize: 1, availableQuantity: '100' });
const tangie = productFixture({ id: randomUUID(), strainName: 'Tangie', pricePerUnit: '5.00', unitType: 'oz', lotSize: 1, availableQuantity: '100' });
const products = [gelato, runtz, tangie];
const entry = (product: Product, changes: Partial<PriceListEntry>): PriceListEntry => ({
  productId: product.id,
  price: null,
  percentOff: null,
  hidden: false,
  minQuantity: null,
  increment: null,
  breaks: [],
  ...changes,
});
/** The buyer's list: Gelato at 9.00, 8.00 from 10 oz on; Runtz 25% off, 12.00 from 10 oz on; Tangie at its list price. */
const list = {
  entries: [entry(gelato, { price: '9.00', breaks: [{ minQuantity: '10', price: '8.00' }] }), entry(runtz, { percentOff: '25', breaks: [{ minQuantity: '10', price: '12.00' }] })],
};

/** The buyer's saved copy of the menu, priced by their list as the server prices the copy it sends. */
function savedCopy(products: Product[]): SavedMenuListItem {
  const { userId: _seller, ...menu } = menuFixture({ id: randomUUID(), productIds: products.map((product) => product.id) });
  const publicMenu: PublicMenu = {
    menu,
    products: products.map(({ userId: _owner, ...product }) => ({ ...product, photos: [], labResultUrl: null })),
    seller: { businessName: 'Great Lakes', logoUrl: null, licenseNumber: null, contactInfo: null, phoneNumber: null, menuCoverUrl: null, accentColor: null },
  };
  return {
    id: randomUUID(),
    buyerUserId: context.userId,
    menuId: menu.id,
    notes: null,
    tags: [],
    isFavorite: false,
    lastSeenStamp: 0,
    createdAt: now,
    stamp: 1,
    menu: {
      name: menu.name,
      description: null,
      publicLinkId: menu.publicLinkId,
      sellerId: randomUUID(),
      sellerBusinessName: 'Great Lakes',
      productCount: products.length,
      updatedAt: now,
    },
    snapshot: pricedMenu(publicMenu, list),
  };
}

function buyerState(saved: SavedMenuListItem): ReplicaState {
  return {
    user: userFixture({ id: context.userId, role: 'buyer' }),
    products: new Map(),
    menus: new Map(),
    savedMenus: new Map([[saved.id, saved]]),
    inquiries: new Map(),
    customers: new Map(),
    priceLists: new Map(),
    orders: new Map(),
  };
}

describe('an order request waiting to send', () => {
  it("prices a quantity that reaches a break, and one that does not, on the buyer's list as the server will store them", () => {
    const saved = savedCopy(products);
    const id = randomUUID();
    const items = [
      { productId: gelato.id, quantity: '12' },
      { productId: runtz.id, quantity: '2.5' },
      { productId: tangie.id, quantity: '4' },
    ];
    const view = withPending(buyerState(saved), [{ name: 'inquiry.create', args: { id, menuId: saved.menuId, kind: 'order', items } }], context);
    const request = view.inquiries.get(id)!;

    expect(request.items.map(({ quantity, pricePerUnit, lineTotal }) => ({ quantity, pricePerUnit, lineTotal }))).toEqual([
      { quantity: '12.000', pricePerUnit: '8.00', lineTotal: '96.00' },
      { quantity: '2.500', pricePerUnit: '15.00', lineTotal: '37.50' },
      { quantity: '4.000', pricePerUnit: '5.00', lineTotal: '20.00' },
    ]);
    expect(request.total).toBe('153.50');

    // The server prices each line from the product and the buyer's list entry (api/inquiries/inquiry-service.ts).
    const entries = entriesByProduct(list);
    const server = items.map((item) => {
      const product = products.find((candidate) => candidate.id === item.productId)!;
      const { quantity, pricePerUnit, lineTotal } = pricedOrderLine(product, productTerms(product, entries.get(product.id)), item.quantity);
      return { quantity, pricePerUnit, lineTotal };
    });
    expect(request.items.map(({ quantity, pricePerUnit, lineTotal }) => ({ quantity, pricePerUnit, lineTotal }))).toEqual(server);
  });
});
