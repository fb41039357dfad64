/**
 * Orders created many at once (as a push applies a run of them) come to exactly what creating them one after another
 * does. The run checks and writes by a path of its own (`createOrders`), so the reference is the one-order path
 * (`createOrder`) on a twin seller with the same book, catalogue and list: the same outcome for each order, and the
 * same orders written under the same numbers. Random runs mix what refuses an order or makes one depend on another:
 * an id again or already sent, a customer unknown or another rep's, a product not the seller's, more than the stock
 * (less what the run's orders accepted as they are written hold), a price from the customer's list. Input that fails
 * its schema never reaches a run: the push refuses it first (`applyServerMutations`, api/sync/sync-push.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderCreateSchema } from '../../sync/entities/order';
import { priceListSaveSchema } from '../../sync/entities/price-list';
import { productCreateSchema } from '../../sync/entities/product';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { PushResponse } from '../../sync/contract/protocol';
import type { Member } from '../context';
import * as orderRepository from '../db/repositories/orders';
import { customers, orders, products } from '../db/schema';
import { savePriceList } from '../price-lists/price-list-service';
import { createProduct } from '../products/product-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { OrderActor } from './order-actor';
import { createOrders } from './order-runs';
import { createOrder } from './order-service';
import { propertyOptions } from '../../sync/testing/seeded-random';

let app: TestApp;
let stranger: User;
let strangersProduct: string;

beforeAll(async () => {
  app = createTestApp();
  stranger = (await app.registerUser('seller')).user;
  strangersProduct = (
    await createProduct(app.services, stranger, productCreateSchema.parse({ strainName: 'Not yours', pricePerUnit: '1.00', availableQuantity: '100' }), owner(stranger))
  ).id;
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const owner = (user: User): Member => ({ userId: user.id, role: 'owner' });

/** One seller's world, by the names the picks use: products p0 (5 in stock), p1 (1 in stock) and another seller's; customers c0, c1 (priced by a list), c2 (the rep's) and one unknown; an order already sent (accepted as written, so it holds one p0). */
type Twin = { seller: User; token: string; rep: User; products: string[]; customers: string[]; sent: string; names: Map<string, string> };

async function twin(): Promise<Twin> {
  const { user: seller, token } = await app.registerUser('seller');
  const rep = (await app.registerUser('seller')).user;
  const by = owner(seller);
  const p0 = (await createProduct(app.services, seller, productCreateSchema.parse({ strainName: 'Gelato', pricePerUnit: '10.00', availableQuantity: '5' }), by)).id;
  const p1 = (await createProduct(app.services, seller, productCreateSchema.parse({ strainName: 'Runtz', pricePerUnit: '20.00', availableQuantity: '1' }), by)).id;
  const listId = randomUUID();
  await savePriceList(app.services, seller, priceListSaveSchema.parse({ id: listId, name: 'Friends', entries: [{ productId: p0, price: '8.50' }] }), by, 'upsert');
  const book = [randomUUID(), randomUUID(), randomUUID()];
  await app.services.db.transaction(async (tx) => {
    const now = app.services.now();
    const entry = (id: string, name: string, priceListId: string | null, repUserId: string | null) => ({
      id,
      userId: seller.id,
      name,
      priceListId,
      repUserId,
      version: tx.version,
      createdAt: now,
      updatedAt: now,
    });
    await tx.db
      .insert(customers)
      .values([entry(book[0]!, 'Green Door', null, null), entry(book[1]!, 'Friends Co', listId, null), entry(book[2]!, 'Reps Own', null, rep.id)])
      .run();
  });
  const sent = randomUUID();
  await createOrder(app.services, actorFor(seller, seller, 'owner'), orderCreateSchema.parse({ id: sent, customerId: book[0], lines: [{ productId: p0, quantity: '1' }] }));
  const twin = { seller, token, rep, products: [p0, p1, strangersProduct], customers: [...book, randomUUID()], sent, names: new Map<string, string>() };
  twin.products.forEach((id, n) => twin.names.set(id, `p${n}`));
  twin.customers.forEach((id, n) => twin.names.set(id, `c${n}`));
  twin.names.set(sent, 'sent');
  return twin;
}

function actorFor(seller: User, person: User, role: Member['role']): OrderActor {
  return { account: seller, member: { userId: person.id, role }, name: person.firstName ?? 'Someone' };
}

type Pick = { id: number; customer: number; lines: { product: number; quantity: number }[]; accept: boolean };

const orderPick = fc.record({
  id: fc.nat({ max: 3 }),
  customer: fc.nat({ max: 3 }),
  // Each product once an order, as its schema asks (a run never sees an order that fails it).
  lines: fc.uniqueArray(fc.record({ product: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 3 }) }), { selector: (line) => line.product, minLength: 1, maxLength: 3 }),
  accept: fc.boolean(),
});

/** The picks as inputs for one twin: id 0 is the order already sent, 1 to 3 new ids shared by the picks that name them. */
function inputsFor(world: Twin, picks: Pick[], newIds: string[]) {
  return picks.map((pick) =>
    orderCreateSchema.parse({
      id: pick.id === 0 ? world.sent : newIds[pick.id - 1],
      customerId: world.customers[pick.customer],
      lines: pick.lines.map((line) => ({ productId: world.products[line.product], quantity: String(line.quantity) })),
      accept: pick.accept,
    }),
  );
}

/** What the order came to, with the products a stock refusal names as the picks name them. */
const outcomeOf = (world: Twin) => (outcome: AppError | null) =>
  outcome
    ? {
        reason: outcome.reason,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        lines: outcome.lines?.map((line) => ({ ...line, productId: world.names.get(line.productId) })),
      }
    : 'written';

/** The seller's orders by number, with ids and product and customer ids as the picks name them, and what is left in stock. */
async function ordersOf(world: Twin, newIds: string[]) {
  const name = (id: string | null) => (id === null ? null : (world.names.get(id) ?? `new${newIds.indexOf(id) + 1}`));
  const rows = await app.services.db.read.select().from(orders).where(eq(orders.sellerId, world.seller.id)).orderBy(asc(orders.number)).all();
  const first = rows[0]?.number ?? 0;
  const stock = await app.services.db.read
    .select({ id: products.id, available: products.availableThousandths })
    .from(products)
    .where(eq(products.userId, world.seller.id))
    .orderBy(asc(products.strainName))
    .all();
  const written = rows.map((row) => ({
    id: name(row.id),
    number: row.number - first,
    status: row.status,
    stockHeld: row.stockHeld,
    customer: name(row.customerId),
    totalCents: row.totalCents,
    lines: row.lines.map((line) => ({ product: name(line.productId), quantity: line.quantity, unitPrice: line.unitPrice, lineTotal: line.lineTotal })),
    createdBy: row.createdBy === world.seller.id ? 'owner' : 'rep',
  }));
  return { written, stock: stock.map((product) => [name(product.id), product.available]) };
}

/** The seller's orders' ids and numbers, by number. */
function numberedOrders(sellerId: string) {
  return app.services.db.read.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.sellerId, sellerId)).orderBy(asc(orders.number)).all();
}

describe('creating orders many at once', () => {
  it('comes to what creating them one after another does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderPick, { minLength: 1, maxLength: 8 }), fc.boolean(), async (picks: Pick[], byRep: boolean) => {
        const [together, apart] = [await twin(), await twin()];
        const idsTogether = [randomUUID(), randomUUID(), randomUUID()];
        const idsApart = [randomUUID(), randomUUID(), randomUUID()];
        const actor = (world: Twin) => actorFor(world.seller, byRep ? world.rep : world.seller, byRep ? 'rep' : 'owner');

        const batched = await createOrders(app.services, actor(together), inputsFor(together, picks, idsTogether));
        const oneByOne: (AppError | null)[] = [];
        for (const input of inputsFor(apart, picks, idsApart)) {
          oneByOne.push(
            await createOrder(app.services, actor(apart), input).then(
              () => null,
              (error: unknown) => {
                if (!(error instanceof AppError)) throw error;
                return error;
              },
            ),
          );
        }

        expect(batched.map(outcomeOf(together))).toEqual(oneByOne.map(outcomeOf(apart)));
        expect(await ordersOf(together, idsTogether)).toEqual(await ordersOf(apart, idsApart));
      }),
      propertyOptions(25),
    );
    // Two sellers with a book, a catalogue and a list each run: a loaded machine on PostgreSQL needs the time.
  }, 180_000);

  it('holds the stock of each order accepted as written in turn, refusing the one beyond what is left as it would alone', async () => {
    const [together, apart] = [await twin(), await twin()];
    // p0 has four left: the first accepted order holds three, the next wants three more, the one left submitted only asks.
    const picks: Pick[] = [
      { id: 1, customer: 0, lines: [{ product: 0, quantity: 3 }], accept: true },
      { id: 2, customer: 1, lines: [{ product: 0, quantity: 3 }], accept: true },
      { id: 3, customer: 0, lines: [{ product: 0, quantity: 1 }], accept: false },
    ];
    const idsTogether = [randomUUID(), randomUUID(), randomUUID()];
    const idsApart = [randomUUID(), randomUUID(), randomUUID()];
    const actor = (world: Twin) => actorFor(world.seller, world.seller, 'owner');

    const batched = await createOrders(app.services, actor(together), inputsFor(together, picks, idsTogether));
    const oneByOne: (AppError | null)[] = [];
    for (const input of inputsFor(apart, picks, idsApart))
      oneByOne.push(
        await createOrder(app.services, actor(apart), input).then(
          () => null,
          (error: AppError) => error,
        ),
      );

    expect(batched.map(outcomeOf(together))).toEqual([
      'written',
      {
        reason: 'insufficient_stock',
        message: 'Not enough in stock for Gelato (1 left)',
        fieldErrors: undefined,
        lines: [{ productId: 'p0', strainName: 'Gelato', requested: '3', available: '1' }],
      },
      'written',
    ]);
    expect(oneByOne.map(outcomeOf(apart))).toEqual(batched.map(outcomeOf(together)));
    const written = await ordersOf(together, idsTogether);
    expect(written.written.map((order) => [order.id, order.status, order.stockHeld])).toEqual([
      ['sent', 'accepted', true],
      ['new1', 'accepted', true],
      ['new3', 'submitted', false],
    ]);
    expect(written).toEqual(await ordersOf(apart, idsApart));
    expect(written.stock).toContainEqual(['p0', 1000]);
  });

  it('numbers a run after the orders before it, with no gap', async () => {
    const world = await twin();
    const actor = actorFor(world.seller, world.seller, 'owner');
    const ids = Array.from({ length: 30 }, () => randomUUID());
    // Left submitted, so that the five in stock are enough for each of the thirty.
    const inputs = ids.map((id, n) => orderCreateSchema.parse({ id, customerId: world.customers[n % 2], lines: [{ productId: world.products[0], quantity: '1' }], accept: false }));

    const outcomes = await createOrders(app.services, actor, inputs);

    expect(outcomes.every((outcome) => outcome === null)).toBe(true);
    const numbers = await numberedOrders(world.seller.id);
    expect(numbers.map((row) => row.number)).toEqual(Array.from({ length: 31 }, (_, n) => 1001 + n));
    expect(numbers.slice(1).map((row) => row.id)).toEqual(ids);
  });

  it('goes one order at a time when another writer sent one of its ids after the run looked', async () => {
    const world = await twin();
    const order = (id: string) => ({ id, customerId: world.customers[0], lines: [{ productId: world.products[0], quantity: '1' }] });
    // As if the other writer committed between the run's read of the ids and its insert.
    vi.spyOn(orderRepository, 'findOrderIds').mockResolvedValueOnce(new Set());
    const ids = [randomUUID(), world.sent, randomUUID()];

    const answer = await app.request<PushResponse>('POST', '/api/sync/push', {
      token: world.token,
      body: { clientId: randomUUID(), mutations: ids.map((id, k) => ({ seq: k + 1, name: 'order.create', args: order(id) })) },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result) => (result.outcome === 'refused' ? result.message : result.outcome))).toEqual(['applied', 'This order was already sent', 'applied']);
    const written = await numberedOrders(world.seller.id);
    expect(written).toEqual([
      { id: world.sent, number: 1001 },
      { id: ids[0], number: 1002 },
      { id: ids[2], number: 1003 },
    ]);
  });
});
