import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { User } from '../../sync/entities/user';
import { UPLOADED_IMAGE_PATH } from '../../sync/contract/fields';
import type { Customer } from '../../sync/entities/customer';
import type { OrderList } from '../../sync/entities/order';
import type { PriceList } from '../../sync/entities/price-list';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
import { DEMO_BUYER, DEMO_SELLER } from './demo-data';
import { seedDemoData } from './seed';

describe('seedDemoData', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = createTestApp();
    await seedDemoData(t.services);
    admin = (await t.makeAdmin()).token;
  });
  afterAll(() => t.close());

  it('gives no account a trial that ends before the account began', async () => {
    const customers = (await t.request<User[]>('GET', '/api/admin/customers', { token: admin })).body;
    expect(customers).toHaveLength(2);
    for (const customer of customers) {
      if (customer.trialEndsAt) expect(new Date(customer.trialEndsAt).getTime()).toBeGreaterThan(new Date(customer.createdAt).getTime());
    }
  });

  it('has the demo seller paying since a 14-day trial that ended, and the buyer without a trial', async () => {
    const customers = (await t.request<User[]>('GET', '/api/admin/customers', { token: admin })).body;
    const seller = customers.find((customer) => customer.role === 'seller')!;
    expect(seller.subscriptionStatus).toBe('active');
    expect(new Date(seller.trialEndsAt!).getTime() - new Date(seller.createdAt).getTime()).toBe(14 * DAY_MS);
    expect(new Date(seller.trialEndsAt!).getTime()).toBeLessThan(Date.now());
    expect(customers.find((customer) => customer.role === 'buyer')?.trialEndsAt).toBeNull();
  });

  it("shows the demo seller's logo from the server's own uploads on the sample menu", async () => {
    const sample = (await t.request<PublicMenu>('GET', '/api/public/menu/sample')).body;
    expect(sample.seller.logoUrl).toMatch(UPLOADED_IMAGE_PATH);
    const logo = await t.app.request(sample.seller.logoUrl!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });

  describe("the demo seller's book", () => {
    const signIn = async (account: { email: string; password: string }) =>
      (await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })).body.token;
    const get = async <T>(path: string, token: string) => {
      const res = await t.request<T>('GET', path, { token });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };

    it("lists the demo buyer's dispensary as a linked customer on Net 30, with an address, on a price list that lowers a price", async () => {
      const seller = await signIn(DEMO_SELLER);
      const [customer] = await get<Customer[]>('/api/customers', seller);
      expect(customer).toMatchObject({ name: 'Northside Provisions', email: DEMO_BUYER.email, link: 'linked', paymentTerms: 'net30', billingZipCode: '48226' });
      const lists = await get<PriceList[]>('/api/price-lists', seller);
      expect(lists.map((list) => list.id)).toEqual([customer!.priceListId]);
      expect(lists[0]!.entries.find((entry) => entry.price !== null)).toMatchObject({ price: '1350.00' });
    });

    it('has orders at every step, the delivered ones invoiced, one paid in full and one in part, the same for both parties', async () => {
      const seller = await signIn(DEMO_SELLER);
      const { orders } = await get<OrderList>('/api/orders', seller);
      const steps = orders.map((order) => `${order.status}${order.status === 'delivered' ? (order.amountPaid === order.total ? ', paid' : ', part paid') : ''}`);
      expect(steps.sort()).toEqual(['accepted', 'delivered, paid', 'delivered, part paid', 'fulfilled', 'submitted']);
      // The buyer's prices: the list's lower price for Blue Dream rather than the $1,450.00 of the menu.
      const blueDream = orders.flatMap((order) => order.lines).find((line) => line.strainName === 'Blue Dream');
      expect(blueDream).toMatchObject({ unitPrice: '1350.00', listPrice: '1450.00' });
      const partPaid = orders.find((order) => order.status === 'delivered' && order.amountPaid !== order.total)!;
      expect(partPaid.amountPaid).toBe('1000.00');
      const invoice = await t.app.request(`/api/orders/${partPaid.id}/invoice.pdf`, { headers: { authorization: `Bearer ${seller}` } });
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get('content-type')).toBe('application/pdf');
      const buyer = await signIn(DEMO_BUYER);
      expect((await get<OrderList>('/api/orders', buyer)).orders.map((order) => order.id).sort()).toEqual(orders.map((order) => order.id).sort());
    });
  });

  it("seeds the demo deal under a deployment's tightest order quota, and leaves the demo buyer's quota unused", async () => {
    const tight = createTestApp({ env: { ORDERS_PER_PAIR_PER_HOUR: '1' } });
    try {
      await seedDemoData(tight.services);
      const buyer = (await tight.request<AuthResponse>('POST', '/api/auth/login', { body: { email: DEMO_BUYER.email, password: DEMO_BUYER.password } })).body.token;
      expect((await tight.request<OrderList>('GET', '/api/orders', { token: buyer })).body.orders).toHaveLength(5);
      const sample = (await tight.request<PublicMenu>('GET', '/api/public/menu/sample')).body;
      const product = sample.products.find((candidate) => Number(candidate.availableQuantity) >= 1)!;
      const placed = await tight.request('POST', '/api/orders', {
        token: buyer,
        body: { id: crypto.randomUUID(), menuId: sample.menu.id, lines: [{ productId: product.id, quantity: String(product.lotSize ?? 1) }] },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    } finally {
      await tight.close();
    }
  });
});
