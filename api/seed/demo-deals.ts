/**
 * The demo seller's book and the deals in it: the demo buyer's dispensary as a customer on its own price list, and a
 * few of its orders at each step from submitted to paid. Every step goes through the services a person's request
 * goes through, so the demo holds only what the product's rules allow.
 */
import { parseOrThrow } from '../../sync/contract/validation';
import { customerCreateSchema } from '../../sync/entities/customer';
import { priceListSaveSchema } from '../../sync/entities/price-list';
import { randomUUID } from 'node:crypto';
import type { Order } from '../../sync/entities/order';
import type { User } from '../../sync/entities/user';
import type { Services } from '../context';
import { createCustomer } from '../customers/customer-service';
import { acceptOrder, deliverOrder, fulfilOrder, recordPayment } from '../orders/order-moves';
import type { OrderActor } from '../orders/order-actor';
import { createOrder } from '../orders/order-service';
import { savePriceList } from '../price-lists/price-list-service';
import { DEMO_CUSTOMER, DEMO_ORDERS, DEMO_PRICE_LIST, type DemoOrder } from './demo-data';

export type DemoParties = {
  seller: User;
  buyer: User;
  menuId: string;
  /** The demo catalogue's product ids by name. */
  productIds: ReadonlyMap<string, string>;
};

const actorOf = (account: User): OrderActor => ({
  account,
  member: { userId: account.id, role: 'owner' },
  name: [account.firstName, account.lastName].filter(Boolean).join(' '),
});

function productId(parties: DemoParties, strainName: string): string {
  const id = parties.productIds.get(strainName);
  if (!id) throw new Error(`The demo catalogue has no product named ${strainName}`);
  return id;
}

/**
 * The price list, then the customer entry on it (by the buyer's confirmed address, so it prices them), then the
 * buyer's orders from the sample menu (ordering is the buyer's consent to the book) moved on by the seller.
 */
export async function seedDemoDeals(services: Services, parties: DemoParties): Promise<void> {
  const owner = { userId: parties.seller.id, role: 'owner' } as const;
  const priceList = await savePriceList(
    services,
    parties.seller,
    parseOrThrow(priceListSaveSchema, {
      ...DEMO_PRICE_LIST,
      id: randomUUID(),
      entries: DEMO_PRICE_LIST.entries.map(({ strainName, ...terms }) => ({ ...terms, productId: productId(parties, strainName) })),
    }),
    owner,
    'create',
  );
  await createCustomer(services, parties.seller, parseOrThrow(customerCreateSchema, { ...DEMO_CUSTOMER, id: randomUUID(), priceListId: priceList.id }), owner);
  for (const order of DEMO_ORDERS) await seedOrder(services, parties, order);
}

async function seedOrder(services: Services, parties: DemoParties, demo: DemoOrder): Promise<Order> {
  const seller = actorOf(parties.seller);
  const lines = demo.lines.map(({ strainName, quantity }) => ({ productId: productId(parties, strainName), quantity }));
  let order = await createOrder(services, actorOf(parties.buyer), { id: randomUUID(), menuId: parties.menuId, lines, note: demo.note });
  if (demo.reaches === 'submitted') return order;
  order = await acceptOrder(services, seller, { id: order.id });
  if (demo.reaches === 'accepted') return order;
  order = await fulfilOrder(services, seller, { id: order.id });
  if (demo.reaches === 'fulfilled') return order;
  order = await deliverOrder(services, seller, { id: order.id, lines: order.lines.map((line) => ({ productId: line.productId, deliveredQuantity: line.quantity })) });
  const receivedAt = services.now().toISOString().slice(0, 10);
  const amount = demo.paid === 'in full' ? order.total : demo.paid;
  if (amount) order = await recordPayment(services, seller, { id: order.id, amount, method: 'ach', receivedAt });
  return order;
}
