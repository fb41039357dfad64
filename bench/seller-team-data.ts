/**
 * A seller team's business at a chosen size, built through the product's own code paths: products in batches as a
 * catalogue import makes them, price lists and the customer book as their screens save them, and every order through
 * the seller's own order path (numbered, priced by the customer's list, stock held). Only the orders' pasts are then
 * written straight: moving tens of thousands of orders through accept, fulfil, deliver and payment one by one would take
 * the bench longer than what it measures, and their rows end as those moves would leave them (status, payment,
 * history, dates spread back over the span).
 */
import { eq } from 'drizzle-orm';
import { centsAsMoney } from '../sync/rules/decimal';
import { customerCreateSchema } from '../sync/entities/customer';
import { orderCreateSchema, type Order, type OrderHistoryEntry } from '../sync/entities/order';
import { priceListSaveSchema } from '../sync/entities/price-list';
import { productCreateSchema } from '../sync/entities/product';
import type { User } from '../sync/entities/user';
import type { Services } from '../api/context';
import { createCustomer } from '../api/customers/customer-service';
import { orders } from '../api/db/schema';
import { orderActor } from '../api/orders/order-actor';
import { createOrders } from '../api/orders/order-runs';
import { savePriceList } from '../api/price-lists/price-list-service';
import { createProducts } from '../api/products/product-service';

export type TeamSize = { products: number; customers: number; priceLists: number; orders: number; openOrders: number; spanDays: number };

/** The mid-size distributor bench/README.md describes, and the small seller beside it. */
export const DISTRIBUTOR: TeamSize = { products: 5_000, customers: 1_000, priceLists: 20, orders: 50_000, openOrders: 300, spanDays: 730 };
export const SMALL_SELLER: TeamSize = { products: 50, customers: 20, priceLists: 2, orders: 200, openOrders: 20, spanDays: 365 };

const BATCH = 500;
const LINES_PER_ORDER = 4;
const ENTRIES_PER_LIST = 250;
const DAY_MS = 86_400_000;
const NAMES = ['Greene', 'Reyes', 'Okafor', 'Lindqvist', 'Nakamura', 'Fitzgerald', 'Abernathy', 'Castellano', 'Haddad', 'Kowalski'];
const KINDS = ['Dispensary', 'Provisions', 'Wellness', 'Collective', 'Apothecary'];
const STRAINS = ['Gelato', 'Tangie', 'Blue Dream', 'Sour Diesel', 'Wedding Cake', 'Runtz', 'Zkittlez', 'Mac', 'Biscotti', 'Jack Herer'];

function inBatches<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / BATCH) }, (_, k) => items.slice(k * BATCH, (k + 1) * BATCH));
}

/** Builds the seller team's business; returns how many orders it holds. */
export async function buildSellerTeam(services: Services, seller: User, size: TeamSize): Promise<number> {
  const owner = { userId: seller.id, role: 'owner' as const };
  const productInputs = Array.from({ length: size.products }, (_, n) =>
    productCreateSchema.parse({
      strainName: `${STRAINS[n % STRAINS.length]} ${n}`,
      category: 'flower',
      pricePerUnit: `${(20 + (n % 80)).toFixed(2)}`,
      unitType: 'unit',
      availableQuantity: '9000000',
    }),
  );
  const productIds: string[] = [];
  for (const batch of inBatches(productInputs)) {
    for (const created of await createProducts(services, seller, batch, owner)) {
      if ('refused' in created) throw new Error(`A product was refused: ${created.refused.message}`);
      productIds.push(created.product.id);
    }
  }

  const listIds: string[] = [];
  for (let n = 0; n < size.priceLists; n++) {
    const entries = Array.from({ length: Math.min(ENTRIES_PER_LIST, productIds.length) }, (_, k) => ({
      productId: productIds[(n * 37 + k) % productIds.length]!,
      percentOff: String(5 + (k % 20)),
    }));
    const list = await savePriceList(services, seller, priceListSaveSchema.parse({ id: crypto.randomUUID(), name: `Tier ${n + 1}`, entries }), owner, 'upsert');
    listIds.push(list.id);
  }

  const customerIds: string[] = [];
  for (let n = 0; n < size.customers; n++) {
    const name = `${NAMES[n % NAMES.length]} ${KINDS[n % KINDS.length]} ${n}`;
    const input = customerCreateSchema.parse({
      id: crypto.randomUUID(),
      name,
      paymentTerms: 'net30',
      priceListId: listIds.length > 0 && n % 2 === 0 ? listIds[n % listIds.length] : null,
    });
    customerIds.push((await createCustomer(services, seller, input, owner)).id);
  }

  const actor = orderActor({ user: seller, team: { id: seller.id, role: 'owner', account: seller, sinceVersion: 0 } });
  const orderInputs = Array.from({ length: size.orders }, (_, n) =>
    orderCreateSchema.parse({
      id: crypto.randomUUID(),
      customerId: customerIds[n % customerIds.length],
      lines: Array.from({ length: LINES_PER_ORDER }, (_, k) => ({ productId: productIds[(n * 7 + k * 13) % productIds.length], quantity: String(1 + ((n + k) % 12)) })),
      note: n % 10 === 0 ? 'Deliver to the back door' : '',
    }),
  );
  for (const batch of inBatches(orderInputs)) {
    const refused = (await createOrders(services, actor, batch)).find((outcome) => outcome !== null);
    if (refused) throw new Error(`An order was refused: ${refused.message}`);
  }
  await closeThePast(
    services,
    orderInputs.slice(0, size.orders - size.openOrders).map((input) => input.id),
    size.spanDays,
  );
  return size.orders;
}

/** Gives the oldest orders their pasts: most delivered and paid, some cancelled, spread back over `spanDays`. */
async function closeThePast(services: Services, ids: string[], spanDays: number): Promise<void> {
  const now = services.now().getTime();
  const spacing = (spanDays * DAY_MS) / Math.max(ids.length, 1);
  for (const [batchIndex, batch] of inBatches(ids).entries()) {
    await services.db.transaction(async (tx) => {
      for (const [offset, id] of batch.entries()) {
        const n = batchIndex * BATCH + offset;
        const createdAt = new Date(now - spanDays * DAY_MS + n * spacing);
        const closedAt = new Date(createdAt.getTime() + 3 * DAY_MS);
        const cancelled = n % 12 === 0;
        const row = await tx.db.select({ totalCents: orders.totalCents, history: orders.history }).from(orders).where(eq(orders.id, id)).get();
        if (!row) throw new Error(`Order ${id} was not written`);
        const [submitted] = row.history;
        const step = (status: Order['status'], at: Date): OrderHistoryEntry => ({ status, at: at.toISOString(), byName: 'Bench' });
        const history = cancelled
          ? [{ ...submitted!, at: createdAt.toISOString() }, step('cancelled', closedAt)]
          : [{ ...submitted!, at: createdAt.toISOString() }, step('fulfilled', new Date(createdAt.getTime() + DAY_MS)), step('delivered', closedAt)];
        await tx.db
          .update(orders)
          .set(
            cancelled
              ? { status: 'cancelled', stockHeld: false, history, createdAt, updatedAt: closedAt }
              : {
                  status: 'delivered',
                  paymentStatus: 'paid',
                  amountPaidCents: row.totalCents,
                  payments: [{ id: crypto.randomUUID(), amount: centsAsMoney(row.totalCents), method: 'ach', receivedAt: closedAt.toISOString(), byName: 'Bench' }],
                  deliveredAt: closedAt,
                  dueAt: closedAt,
                  history,
                  createdAt,
                  updatedAt: closedAt,
                },
          )
          .where(eq(orders.id, id))
          .run();
      }
    });
  }
}
