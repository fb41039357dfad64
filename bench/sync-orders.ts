/**
 * The sync figures with orders and prices in them: a seller's push of 1,000 mutations of which 100 write orders for
 * customers, and a buyer's first pull of a saved menu of 500 products priced by a 500-entry list of their own, beside
 * the same pull for a buyer with no list.
 */
import { menuCreateSchema } from '../sync/entities/menu';
import { createUser, startSession } from '../api/auth/auth-service';
import { customers, priceLists } from '../api/db/schema';
import { createMenu } from '../api/menus/menu-service';
import type { PriceListEntry } from '../sync/entities/price-list';
import type { PullResponse, PushRequest, PushResponse } from '../sync/contract/protocol';
import type { BenchServer } from './bench-server';
import { medianOf } from './median-of';
import { call, type WireResult } from './wire';

const ENGINE_BATCH = 200;
const ORDERS_PER_BATCH = 20;
const LIST_ENTRIES = 500;
const PULLS = 3;

type Mutation = PushRequest['mutations'][number];
type Timed = { ms: number; bytes: number };

async function push(server: BenchServer, token: string, body: PushRequest): Promise<WireResult> {
  const result = await call(`${server.url}/api/sync/push`, token, 'POST', body);
  const refused = result.status === 200 ? (JSON.parse(result.text) as PushResponse).results.filter((r) => r.outcome !== 'applied') : [];
  if (result.status !== 200 || refused.length > 0) throw new Error(`push answered ${result.status}: ${result.text.slice(0, 400)}`);
  return result;
}

/**
 * 1,000 mutations in the engine's batches: in each, 180 new products, then 20 orders written by the seller for customers
 * of the book, each for two of the products just made (so the orders are priced, numbered and checked for stock).
 */
export async function pushWithOrders(server: BenchServer, clientId: string, fromSeq: number, product: (seq: number) => Mutation): Promise<Timed> {
  const customerIds = await customerBook(server, 100);
  let bytes = 0;
  const started = performance.now();
  for (let batch = 0; batch < 1_000 / ENGINE_BATCH; batch++) {
    const seq = fromSeq + batch * ENGINE_BATCH;
    const products = Array.from({ length: ENGINE_BATCH - ORDERS_PER_BATCH }, (_, i) => product(seq + i));
    // Products with something in stock (the bench's quantities run 0 to 49).
    const stocked = products.filter((made) => Number((made.args as { availableQuantity: string }).availableQuantity) >= 2);
    const orders: Mutation[] = Array.from({ length: ORDERS_PER_BATCH }, (_, i) => ({
      seq: seq + products.length + i,
      name: 'order.create',
      args: {
        id: crypto.randomUUID(),
        customerId: customerIds[(batch * ORDERS_PER_BATCH + i) % customerIds.length],
        lines: [2 * i, 2 * i + 1].map((k) => ({ productId: (stocked[k]!.args as { id: string }).id, quantity: '1' })),
      },
    }));
    bytes += (await push(server, server.token, { clientId, mutations: [...products, ...orders] })).bytes;
  }
  return { ms: performance.now() - started, bytes };
}

async function customerBook(server: BenchServer, count: number): Promise<string[]> {
  const { services, seller } = server;
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await services.db.transaction(async (tx) => {
    const now = services.now();
    await tx.db
      .insert(customers)
      .values(ids.map((id, n) => ({ id, userId: seller.id, name: `Bench Dispensary ${n}`, version: tx.version, createdAt: now, updatedAt: now })))
      .run();
  });
  return ids;
}

export type BuyerPulls = { priced: Timed; unpriced: Timed; products: number };

/** A public menu of 500 of the seller's products, saved by two buyers: one priced by a 500-entry list, one at list prices; each one's first pull (the median of a few). */
export async function buyerPulls(server: BenchServer, productIds: string[]): Promise<BuyerPulls> {
  const { services, seller } = server;
  const offered = productIds.slice(0, LIST_ENTRIES);
  const menu = await createMenu(services, seller, menuCreateSchema.parse({ name: 'Bench menu', isPublic: true, productIds: offered }), { userId: seller.id, role: 'owner' });
  const entries: PriceListEntry[] = offered.map((productId, i) => ({
    productId,
    price: i % 2 === 0 ? `${450 + i}.00` : null,
    percentOff: i % 2 === 1 ? '7.50' : null,
    hidden: i % 50 === 0,
    minQuantity: i % 3 === 0 ? '2' : null,
    increment: i % 5 === 0 ? '0.5' : null,
    breaks: i % 4 === 0 ? [{ minQuantity: '10', price: `${400 + i}.00` }] : [],
  }));
  const pricedBuyer = await savedBy(server, menu.id, 'priced@buyer.test', entries);
  const unpricedBuyer = await savedBy(server, menu.id, 'unpriced@buyer.test', null);
  const priced = await medianOf(PULLS, () => pull(server, pricedBuyer));
  const unpriced = await medianOf(PULLS, () => pull(server, unpricedBuyer));
  return { priced, unpriced, products: offered.length };
}

/** A buyer in the seller's book (priced by `entries` when given) who saved the menu on their device. */
async function savedBy(server: BenchServer, menuId: string, email: string, entries: PriceListEntry[] | null): Promise<{ token: string; clientId: string }> {
  const { services, seller } = server;
  const account = await createUser(services, { id: crypto.randomUUID(), email, passwordHash: 'not-used', firstName: 'Bench', role: 'buyer' });
  const { token } = await startSession(services, account);
  await services.db.transaction(async (tx) => {
    const now = services.now();
    const stamps = { version: tx.version, createdAt: now, updatedAt: now };
    const listId = entries ? crypto.randomUUID() : null;
    if (listId && entries)
      await tx.db
        .insert(priceLists)
        .values({ id: listId, userId: seller.id, name: `List for ${email}`, entries, ...stamps })
        .run();
    await tx.db
      .insert(customers)
      .values({ id: crypto.randomUUID(), userId: seller.id, name: email, buyerTeamId: account.id, priceListId: listId, ...stamps })
      .run();
  });
  const clientId = crypto.randomUUID();
  await push(server, token, { clientId, mutations: [{ seq: 1, name: 'savedMenu.save', args: { id: crypto.randomUUID(), menuId } }] });
  return { token, clientId };
}

async function pull(server: BenchServer, buyer: { token: string; clientId: string }): Promise<Timed> {
  const result = await call(`${server.url}/api/sync/pull?cursor=0&clientId=${buyer.clientId}`, buyer.token, 'GET');
  if (result.status !== 200) throw new Error(`buyer's pull answered ${result.status}: ${result.text.slice(0, 400)}`);
  const saved = (JSON.parse(result.text) as PullResponse).savedMenus.length;
  if (saved !== 1) throw new Error(`buyer's pull held ${saved} saved menus`);
  return { ms: result.ms, bytes: result.bytes };
}
