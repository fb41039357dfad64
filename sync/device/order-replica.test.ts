/** The device's optimistic view of orders: a new one shows at once as submitted, priced as the device saw the menu; a move shows its new status, or nothing when it is not the device's side to make. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../entities/customer';
import type { PriceList } from '../entities/price-list';
import type { SavedMenuListItem } from '../entities/saved-menu';
import type { User } from '../entities/user';
import { mayReorder } from './order-replica';
import { applyMutation } from './replica';
import type { ReplicaState } from './replica-state';
import { productFixture, userFixture } from '../testing/entity-fixtures';

const now = '2025-02-01T12:00:00.000Z';
const context = { userId: randomUUID(), now };

function stateOf(user: User): ReplicaState {
  return { user, products: new Map(), menus: new Map(), savedMenus: new Map(), inquiries: new Map(), customers: new Map(), priceLists: new Map(), orders: new Map() };
}

describe('the order mutations on the device', () => {
  it("shows a seller's order for a customer at once, accepted as it is written, as the server accepts it", () => {
    const state = stateOf(userFixture({ role: 'seller', firstName: 'Sally', lastName: 'Seller' }));
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, customerId: randomUUID(), lines: [{ productId: randomUUID(), quantity: '3' }], accept: true } }, context);
    expect(state.orders.get(id)).toMatchObject({ status: 'accepted', number: '' });
    expect(state.orders.get(id)!.history.map((entry) => [entry.status, entry.byName])).toEqual([
      ['submitted', 'Sally Seller'],
      ['accepted', 'Sally Seller'],
    ]);
  });

  it("shows a seller's order left to accept later at once, submitted and priced, then accepted and fulfilled", () => {
    const state = stateOf(userFixture({ role: 'seller', firstName: 'Sally', lastName: 'Seller' }));
    const gelato = productFixture({ strainName: 'Gelato', pricePerUnit: '12.50' });
    state.products.set(gelato.id, gelato);
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, customerId: randomUUID(), lines: [{ productId: gelato.id, quantity: '3' }], accept: false } }, context);
    expect(state.orders.get(id)).toMatchObject({ status: 'submitted', number: '', total: '37.50', lines: [{ strainName: 'Gelato', unitPrice: '12.50', lineTotal: '37.50' }] });
    applyMutation(state, { name: 'order.accept', args: { id } }, context);
    applyMutation(state, { name: 'order.fulfil', args: { id } }, context);
    expect(state.orders.get(id)!.history.map((entry) => [entry.status, entry.byName])).toEqual([
      ['submitted', 'Sally Seller'],
      ['accepted', 'Sally Seller'],
      ['fulfilled', 'Sally Seller'],
    ]);
  });

  it("prices a seller's order waiting to send on the customer's list, as the form showed it and the server will write it", () => {
    const state = stateOf(userFixture({ role: 'seller' }));
    const gelato = productFixture({ id: randomUUID(), strainName: 'Gelato', pricePerUnit: '10.00' });
    const runtz = productFixture({ id: randomUUID(), strainName: 'Runtz', pricePerUnit: '20.00' });
    const list = {
      id: randomUUID(),
      startsAt: null,
      endsAt: null,
      entries: [gelato, runtz].map((product) => ({ productId: product.id, price: null, percentOff: '20', hidden: false, minQuantity: null, increment: null, breaks: [] })),
    };
    const customer = { id: randomUUID(), priceListId: list.id } as Customer;
    state.products.set(gelato.id, gelato).set(runtz.id, runtz);
    state.priceLists.set(list.id, list as unknown as PriceList);
    state.customers.set(customer.id, customer);
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, customerId: customer.id, lines: [{ productId: gelato.id, quantity: '3' }], accept: true } }, context);
    expect(state.orders.get(id)).toMatchObject({ total: '24.00', lines: [{ unitPrice: '8.00', listPrice: '10.00', lineTotal: '24.00' }] });

    // The list changes; the line already on the order keeps its price, and a new product takes today's.
    list.entries = [];
    const lines = [
      { productId: gelato.id, quantity: '2' },
      { productId: runtz.id, quantity: '1' },
    ];
    applyMutation(state, { name: 'order.updateLines', args: { id, lines } }, context);
    expect(state.orders.get(id)).toMatchObject({
      total: '36.00',
      lines: [
        { unitPrice: '8.00', lineTotal: '16.00' },
        { unitPrice: '20.00', lineTotal: '20.00' },
      ],
    });
  });

  it('shows nothing for a move that is not the side of the device to make', () => {
    const state = stateOf(userFixture({ role: 'buyer' }));
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, menuId: randomUUID(), lines: [{ productId: randomUUID(), quantity: '1' }] } }, context);
    applyMutation(state, { name: 'order.accept', args: { id } }, context);
    expect(state.orders.get(id)!.status).toBe('submitted');
    applyMutation(state, { name: 'order.cancel', args: { id } }, context);
    expect(state.orders.get(id)!.status).toBe('cancelled');
  });
});

/** A buyer's saved copy of a menu whose link died: the server sends it without its snapshot. */
function deadCopy(menuId: string): SavedMenuListItem {
  return {
    id: randomUUID(),
    buyerUserId: context.userId,
    menuId,
    notes: null,
    tags: [],
    isFavorite: false,
    lastSeenStamp: 0,
    createdAt: now,
    stamp: 1,
    menu: { name: '', description: null, publicLinkId: randomUUID(), sellerId: randomUUID(), sellerBusinessName: null, productCount: 0, updatedAt: now },
    snapshot: null,
  };
}

describe('reordering on the device', () => {
  it("shows no new order once the buyer's saved copy says the menu's link died, as the server will refuse it", () => {
    const state = stateOf(userFixture({ role: 'buyer' }));
    const menuId = randomUUID();
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, menuId, lines: [{ productId: randomUUID(), quantity: '1' }], note: 'Back door' } }, context);
    const again = randomUUID();
    applyMutation(state, { name: 'order.reorder', args: { id, newOrderId: again } }, context);
    expect(state.orders.get(again)).toMatchObject({ status: 'submitted', menuId, note: '' });

    const copy = deadCopy(menuId);
    state.savedMenus.set(copy.id, copy);
    expect(mayReorder(state.orders.get(id)!, 'buyer', state.savedMenus.values(), new Date(now))).toBe(false);
    const refused = randomUUID();
    applyMutation(state, { name: 'order.reorder', args: { id, newOrderId: refused } }, context);
    expect(state.orders.has(refused)).toBe(false);
  });

  it('lets the seller reorder for the customer whatever became of the menu, and a buyer only from a menu', () => {
    const copy = deadCopy(randomUUID());
    expect(mayReorder({ menuId: copy.menuId }, 'seller', [copy], new Date(now))).toBe(true);
    expect(mayReorder({ menuId: null }, 'buyer', [], new Date(now))).toBe(false);
  });
});

describe('money on the device', () => {
  it('shows what was paid beyond a total lowered after payment as a credit at once', () => {
    const state = stateOf(userFixture({ role: 'seller' }));
    const gelato = productFixture({ id: randomUUID(), strainName: 'Gelato', pricePerUnit: '10.00' });
    state.products.set(gelato.id, gelato);
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, customerId: randomUUID(), lines: [{ productId: gelato.id, quantity: '3' }] } }, context);
    applyMutation(state, { name: 'order.accept', args: { id } }, context);
    applyMutation(state, { name: 'order.recordPayment', args: { id, paymentId: randomUUID(), amount: '30.00', method: 'cash', receivedAt: '2025-02-01' } }, context);
    expect(state.orders.get(id)).toMatchObject({ amountPaid: '30.00', credit: '0.00', paymentStatus: 'paid' });
    applyMutation(state, { name: 'order.updateLines', args: { id, lines: [{ productId: gelato.id, quantity: '2' }] } }, context);
    expect(state.orders.get(id)).toMatchObject({ total: '20.00', amountPaid: '30.00', credit: '10.00' });
    applyMutation(state, { name: 'order.cancel', args: { id } }, context);
    expect(state.orders.get(id)).toMatchObject({ status: 'cancelled', credit: '30.00' });
  });
});

describe('the timeline on the device', () => {
  it('records each line an edit changed, with who and when, and the wait for the buyer an edit that raises the total begins', () => {
    const state = stateOf(userFixture({ role: 'seller', firstName: 'Sally', lastName: 'Seller' }));
    const gelato = productFixture({ id: randomUUID(), strainName: 'Gelato', pricePerUnit: '10.00', unitType: 'oz' });
    const runtz = productFixture({ id: randomUUID(), strainName: 'Runtz', pricePerUnit: '5.00', unitType: 'g' });
    state.products.set(gelato.id, gelato);
    state.products.set(runtz.id, runtz);
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, customerId: randomUUID(), lines: [{ productId: gelato.id, quantity: '3' }] } }, context);
    const later = { ...context, now: '2025-02-02T09:30:00.000Z' };
    applyMutation(state, { name: 'order.updateLines', args: { id, lines: [{ productId: gelato.id, quantity: '2' }] } }, later);
    applyMutation(state, { name: 'order.updateLines', args: { id, lines: [{ productId: runtz.id, quantity: '4' }] } }, later);
    const by = { at: later.now, byName: 'Sally Seller' };
    expect(state.orders.get(id)!.history.slice(2)).toEqual([
      { status: 'accepted', ...by, lineChanges: [{ productId: gelato.id, strainName: 'Gelato', unitType: 'oz', from: '3.000', to: '2.000' }] },
      {
        status: 'awaiting_buyer',
        ...by,
        lineChanges: [
          { productId: gelato.id, strainName: 'Gelato', unitType: 'oz', from: '2.000', to: null },
          { productId: runtz.id, strainName: 'Runtz', unitType: 'g', from: null, to: '4.000' },
        ],
      },
      { status: 'awaiting_buyer', ...by },
    ]);
  });

  it('records a payment with its amount and how it was paid', () => {
    const state = stateOf(userFixture({ role: 'seller', firstName: 'Sally', lastName: 'Seller' }));
    const gelato = productFixture({ id: randomUUID(), strainName: 'Gelato', pricePerUnit: '10.00' });
    state.products.set(gelato.id, gelato);
    const id = randomUUID();
    applyMutation(state, { name: 'order.create', args: { id, customerId: randomUUID(), lines: [{ productId: gelato.id, quantity: '3' }] } }, context);
    applyMutation(state, { name: 'order.recordPayment', args: { id, paymentId: randomUUID(), amount: '12.5', method: 'check', receivedAt: '2025-02-01' } }, context);
    expect(state.orders.get(id)!.history.at(-1)).toEqual({ status: 'accepted', at: now, byName: 'Sally Seller', payment: { amount: '12.50', method: 'check' } });
  });
});
