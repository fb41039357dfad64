/**
 * The order's papers over HTTP: the invoice PDF for either party of the order (naming both, its lines and totals),
 * nobody else's; and the orders export, each party with its own orders only.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let stranger: AuthResponse;
let order: Order;
let strangersOrder: Order;

/** The response as the browser gets it, the body as bytes. */
async function fetchFile(path: string, token: string) {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = createTestApp({ now: () => new Date('2031-06-01T09:00:00.000Z') });
  seller = await t.registerUser('seller', {
    businessName: 'Emerald Valley Farms',
    licenseNumber: 'C11-0000123-LIC',
    address: '400 Farm Road',
    city: 'Eureka',
    state: 'CA',
    zipCode: '95501',
    phoneNumber: '(707) 555-0100',
  });
  buyer = await t.registerUser('buyer', { companyName: 'Green Leaf Dispensary', licenseNumber: 'C10-0000456-LIC' });
  stranger = await t.registerUser('buyer', { companyName: 'Nosy Buyers' });
  const product = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Blue Dream', pricePerUnit: '1200.00', unitType: 'lb', availableQuantity: '10' }, 201);
  const menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Wholesale', isPublic: true, productIds: [product.id] }, 201);
  const place = (as: AuthResponse) => t.ok<Order>('POST', '/api/orders', as.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '2.5' }] }, 201);
  order = await place(buyer);
  strangersOrder = await place(stranger);
  for (const step of ['accept', 'fulfil']) await t.ok<Order>('POST', `/api/orders/${order.id}/${step}`, seller.token);
  order = await t.ok<Order>('POST', `/api/orders/${order.id}/deliver`, seller.token, { lines: [{ productId: product.id, deliveredQuantity: '2' }] });
});
afterAll(() => t.close());

describe('the invoice PDF', () => {
  it('is a download naming the invoice, both parties, the delivered lines and the totals, for the seller and the buyer alike', async () => {
    for (const party of [seller, buyer]) {
      const file = await fetchFile(`/api/orders/${order.id}/invoice.pdf`, party.token);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="INV-${order.number}.pdf"`);
      const [page] = await pdfText(file.bytes);
      expect(page).toContain(`INV-${order.number}`);
      expect(page).toContain('FROM Emerald Valley Farms License C11-0000123-LIC 400 Farm Road Eureka, CA 95501 (707) 555-0100');
      expect(page).toContain('BILL TO Green Leaf Dispensary License C10-0000456-LIC');
      expect(page).toContain('Blue Dream 2.5 lb 2 lb $1,200.00 - $1,200.00 $2,400.00');
      expect(page).toContain('Total $2,400.00');
      expect(page).toContain('Amount due $2,400.00');
    }
  });

  it('is not found for anyone who is not a party to the order, nor for an order that does not exist', async () => {
    expect((await t.request('GET', `/api/orders/${order.id}/invoice.pdf`, { token: stranger.token })).status).toBe(404);
    expect((await t.request('GET', `/api/orders/${randomUUID()}/invoice.pdf`, { token: seller.token })).status).toBe(404);
  });
});

describe('the orders export', () => {
  it("lists each party's own orders only, as a CSV download", async () => {
    const rows = async (party: AuthResponse) => {
      const res = await t.request<string>('GET', '/api/orders.csv', { token: party.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="orders-2031-06-01.csv"');
      return Papa.parse<string[]>(res.body.trimEnd()).data.slice(1);
    };
    const sellers = await rows(seller);
    expect(sellers.map((row) => row[0]).sort()).toEqual([order.number, strangersOrder.number].sort());
    expect(sellers.find((row) => row[0] === order.number)).toEqual([
      order.number,
      '2031-06-01',
      'Green Leaf Dispensary',
      'Delivered',
      'Unpaid',
      '2400.00',
      '0.00',
      '2400.00',
      '2031-06-01',
      'No',
      'Green Leaf Dispensary',
      '',
      '',
      '',
      '',
      'C10-0000456-LIC',
      '',
    ]);
    expect((await rows(buyer)).map((row) => row[0])).toEqual([order.number]);
    expect((await rows(stranger)).map((row) => row[0])).toEqual([strangersOrder.number]);
  });
});
