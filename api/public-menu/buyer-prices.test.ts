/**
 * Each buyer's own prices: the public menu answer, the order request and the saved copy all price a buyer by their
 * customer list while in effect, else by the menu's bound list, else at list prices; a hidden product is theirs to
 * neither see nor order. Lists and customers are written straight to the tables, as the customer book would.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { PriceListEntry } from '../../sync/entities/price-list';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { calendarDay } from '../../sync/rules/pricing';
import type { PullResponse } from '../../sync/contract/protocol';
import { customers, menus, priceLists } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gelato: Product;
let tangie: Product;
let gummies: Product;
let menu: Menu;
let buyerList: string;
let buyerCustomer: string;

const entry = (product: Product, terms: Partial<PriceListEntry>): PriceListEntry => ({
  productId: product.id,
  price: null,
  percentOff: null,
  hidden: false,
  minQuantity: null,
  increment: null,
  breaks: [],
  ...terms,
});

const dayOffset = (days: number) => calendarDay(new Date(t.clock.now().getTime() + days * 86_400_000));

async function addList(entries: PriceListEntry[], dates: { startsAt?: string; endsAt?: string } = {}): Promise<string> {
  const id = randomUUID();
  await t.services.db.transaction(async (tx) => {
    const now = t.clock.now();
    await tx.db
      .insert(priceLists)
      .values({
        id,
        userId: seller.user.id,
        name: 'List',
        startsAt: dates.startsAt ?? null,
        endsAt: dates.endsAt ?? null,
        entries,
        version: tx.version,
        createdAt: now,
        updatedAt: now,
      })
      .run();
  });
  return id;
}

async function addCustomer(buyerTeamId: string, priceListId: string): Promise<string> {
  const id = randomUUID();
  await t.services.db.transaction(async (tx) => {
    const now = t.clock.now();
    await tx.db.insert(customers).values({ id, userId: seller.user.id, name: 'Dispensary', buyerTeamId, priceListId, version: tx.version, createdAt: now, updatedAt: now }).run();
  });
  return id;
}

async function product(body: Record<string, unknown>): Promise<Product> {
  const res = await t.request<Product>('POST', '/api/products', { token: seller.token, body });
  expect(res.status).toBe(201);
  return res.body;
}

const prices = (menu: PublicMenu) => menu.products.map((p) => [p.strainName, p.pricePerUnit, p.listPrice]);

async function publicMenu(linkId: string, account?: AuthResponse): Promise<PublicMenu> {
  const res = await t.request<PublicMenu>('GET', `/api/public/menu/${linkId}`, account ? { token: account.token } : {});
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Lakeside Farms' });
  buyer = await t.registerUser('buyer');
  gelato = await product({ strainName: 'Gelato', pricePerUnit: '30', unitType: 'oz', availableQuantity: '100' });
  tangie = await product({ strainName: 'Tangie', pricePerUnit: '20', unitType: 'oz', availableQuantity: '100' });
  gummies = await product({ strainName: 'Gummies', pricePerUnit: '10', unitType: 'unit', availableQuantity: '100' });
  const res = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Wholesale', productIds: [gelato.id, tangie.id, gummies.id] } });
  menu = res.body;
  buyerList = await addList([
    entry(gelato, { price: '25.00' }),
    entry(tangie, { hidden: true }),
    entry(gummies, { percentOff: '12.50', increment: '5', breaks: [{ minQuantity: '10', price: '8.00' }] }),
  ]);
  buyerCustomer = await addCustomer(buyer.user.id, buyerList);
});
afterAll(() => t.close());

describe('the public menu at each buyer’s prices', () => {
  it('shows a buyer with a list their prices beside the list price, and not a hidden product; a guest sees list prices and every product', async () => {
    const theirs = await publicMenu(menu.publicLinkId, buyer);
    expect(prices(theirs)).toEqual([
      ['Gelato', '25.00', '30.00'],
      // 10.00 less 12.5% is 8.75.
      ['Gummies', '8.75', '10.00'],
    ]);
    expect(theirs.products[1]).toMatchObject({ minimumQuantity: '1', quantityIncrement: '5', priceBreaks: [{ minQuantity: '10', price: '8.00' }] });

    const guests = await publicMenu(menu.publicLinkId);
    expect(prices(guests)).toEqual([
      ['Gelato', '30.00', undefined],
      ['Tangie', '20.00', undefined],
      ['Gummies', '10.00', undefined],
    ]);
    const otherBuyer = await t.registerUser('buyer');
    expect(await publicMenu(menu.publicLinkId, otherBuyer)).toEqual(guests);
  });

  it('prices everyone who opens a menu bound to a list by it, and a buyer with a list of their own by theirs', async () => {
    const bound = await addList([entry(gelato, { price: '28.00' }), entry(gummies, { hidden: true })]);
    const res = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Partners', productIds: [gelato.id, tangie.id, gummies.id] } });
    await t.services.db.transaction(async (tx) => {
      await tx.db.update(menus).set({ priceListId: bound, version: tx.version }).where(eq(menus.id, res.body.id)).run();
    });
    const expected = [
      ['Gelato', '28.00', '30.00'],
      ['Tangie', '20.00', undefined],
    ];
    expect(prices(await publicMenu(res.body.publicLinkId))).toEqual(expected);
    expect(prices(await publicMenu(res.body.publicLinkId, await t.registerUser('buyer')))).toEqual(expected);
    expect(prices(await publicMenu(res.body.publicLinkId, buyer))).toEqual([
      ['Gelato', '25.00', '30.00'],
      ['Gummies', '8.75', '10.00'],
    ]);
  });

  it('ignores a buyer’s list outside its dates', async () => {
    const lapsed = await t.registerUser('buyer');
    await addCustomer(lapsed.user.id, await addList([entry(gelato, { price: '1.00' })], { endsAt: dayOffset(-1) }));
    const early = await t.registerUser('buyer');
    await addCustomer(early.user.id, await addList([entry(gelato, { price: '2.00' })], { startsAt: dayOffset(1) }));
    for (const account of [lapsed, early]) expect(prices(await publicMenu(menu.publicLinkId, account))[0]).toEqual(['Gelato', '30.00', undefined]);
  });
});

describe('an order request at the buyer’s prices', () => {
  const order = (items: Array<[Product, string]>) => ({
    id: randomUUID(),
    menuId: menu.id,
    publicLinkId: menu.publicLinkId,
    kind: 'order',
    items: items.map(([item, quantity]) => ({ productId: item.id, quantity })),
  });

  it('is priced by the list, with the quantity break, and exact totals', async () => {
    const res = await t.request<Inquiry>('POST', '/api/inquiries', {
      token: buyer.token,
      body: order([
        [gelato, '2'],
        [gummies, '10'],
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items.map((line) => [line.strainName, line.pricePerUnit, line.lineTotal])).toEqual([
      ['Gelato', '25.00', '50.00'],
      ['Gummies', '8.00', '80.00'],
    ]);
    expect(res.body.total).toBe('130.00');
  });

  it('refuses a hidden product and a quantity off the increment, with what is wrong', async () => {
    const hidden = await t.request<ErrorBody>('POST', '/api/inquiries', { token: buyer.token, body: order([[tangie, '1']]) });
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe('Tangie is not offered to you');
    const offStep = await t.request<ErrorBody>('POST', '/api/inquiries', { token: buyer.token, body: order([[gummies, '7']]) });
    expect(offStep.status).toBe(400);
    expect(offStep.body.message).toBe('Gummies: order in steps of 5 units');
  });
});

describe('the buyer’s saved copy', () => {
  const pull = (cursor: number) => t.request<PullResponse>('GET', `/api/sync/pull?cursor=${cursor}&clientId=${randomUUID()}`, { token: buyer.token });
  const pulledPrices = (response: PullResponse) => response.savedMenus.map((copy) => prices(copy.snapshot!));

  it('carries their prices, and their new prices on the next pull after the seller changed their list', async () => {
    const saved = await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menu.id, publicLinkId: menu.publicLinkId } });
    expect(saved.status).toBe(201);
    const listed = await t.request<SavedMenuListItem[]>('GET', '/api/saved-menus', { token: buyer.token });
    expect(prices(listed.body[0]!.snapshot!)).toEqual([
      ['Gelato', '25.00', '30.00'],
      ['Gummies', '8.75', '10.00'],
    ]);
    // The card counts what the buyer sees: the product their list hides is not one of theirs.
    expect(listed.body[0]!.menu.productCount).toBe(2);

    const first = await pull(0);
    expect(first.body.savedMenus[0]!.menu.productCount).toBe(2);
    const changed = await t.request('PUT', `/api/price-lists/${buyerList}`, {
      token: seller.token,
      body: { name: 'List', entries: [entry(gelato, { price: '24.00' }), entry(gummies, { price: '9.00' })] },
    });
    expect(changed.status).toBe(200);
    const next = await pull(first.body.cursor);
    expect(pulledPrices(next.body)).toEqual([
      [
        ['Gelato', '24.00', '30.00'],
        ['Tangie', '20.00', undefined],
        ['Gummies', '9.00', '10.00'],
      ],
    ]);
    // The menu answer follows the list at once too, and is the pulled copy exactly: one door prices both.
    expect(prices(await publicMenu(menu.publicLinkId, buyer))[0]).toEqual(['Gelato', '24.00', '30.00']);
    expect(next.body.savedMenus[0]!.snapshot).toEqual(await publicMenu(menu.publicLinkId, buyer));
  });

  it('carries the prices of another list on the next pull after the seller gave the buyer that list', async () => {
    const otherList = await addList([entry(gelato, { price: '21.50' })]);
    const first = await pull(0);
    const assigned = await t.request('PATCH', `/api/customers/${buyerCustomer}`, { token: seller.token, body: { priceListId: otherList } });
    expect(assigned.status).toBe(200);
    const next = await pull(first.body.cursor);
    expect(pulledPrices(next.body)).toEqual([
      [
        ['Gelato', '21.50', '30.00'],
        ['Tangie', '20.00', undefined],
        ['Gummies', '10.00', undefined],
      ],
    ]);
  });

  it('carries their payment terms with the seller, and the new terms on the next pull after the seller changed them', async () => {
    const first = await pull(0);
    expect(first.body.savedMenus.map((copy) => copy.paymentTerms)).toEqual(['cod']);
    const changed = await t.request('PATCH', `/api/customers/${buyerCustomer}`, { token: seller.token, body: { paymentTerms: 'net15' } });
    expect(changed.status).toBe(200);
    const next = await pull(first.body.cursor);
    expect(next.body.savedMenus.map((copy) => copy.paymentTerms)).toEqual(['net15']);
    const listed = await t.request<SavedMenuListItem[]>('GET', '/api/saved-menus', { token: buyer.token });
    expect(listed.body.map((copy) => copy.paymentTerms)).toEqual(['net15']);
  });

  it('carries cash on delivery from a seller whose book has no entry for the buyer', async () => {
    const stranger = await t.registerUser('buyer');
    const saved = await t.request('POST', '/api/saved-menus', { token: stranger.token, body: { menuId: menu.id, publicLinkId: menu.publicLinkId } });
    expect(saved.status).toBe(201);
    const listed = await t.request<SavedMenuListItem[]>('GET', '/api/saved-menus', { token: stranger.token });
    expect(listed.body.map((copy) => copy.paymentTerms)).toEqual(['cod']);
  });
});
