/**
 * The invoice a customer of the book gets, over HTTP: billed to the name, billing address and licence the seller's
 * book keeps for them, shipped to their shipping address, each line with the list price, the discount their price
 * list gave and the net price, and their name in whatever script it is written; the orders export names the same.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let customer: Customer;
let order: Order;

async function invoiceText(by: AuthResponse): Promise<string> {
  const res = await t.app.request(`/api/orders/${order.id}/invoice.pdf`, { headers: { authorization: `Bearer ${by.token}` } });
  expect(res.status).toBe(200);
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).join(' ');
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
  });
  buyer = await t.registerUser('buyer');
  await t.confirmEmail(buyer);
  const product = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Blue Dream', pricePerUnit: '1200.00', unitType: 'lb', availableQuantity: '10' }, 201);
  const other = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Λευκή Χήρα', pricePerUnit: '900.00', unitType: 'lb', availableQuantity: '10' }, 201);
  // The customer's list: 10% off Blue Dream, and Λευκή Χήρα at its list price.
  const list = await t.ok<{ id: string }>('POST', '/api/price-lists', seller.token, { name: 'Tier A', entries: [{ productId: product.id, percentOff: '10' }] }, 201);
  customer = await t.ok<Customer>(
    'POST',
    '/api/customers',
    seller.token,
    {
      name: 'Ωμέγα Дмитрий Łódź Café',
      email: buyer.user.email,
      licenseNumber: 'C10-0000456-LIC',
      priceListId: list.id,
      phoneNumber: '(510) 555-0199',
      billingLine1: '12 Telegraph Avenue',
      billingLine2: 'Suite 4',
      billingCity: 'Oakland',
      billingState: 'CA',
      billingZipCode: '94612',
      shippingLine1: '900 Dock Road',
      shippingCity: 'Oakland',
      shippingState: 'CA',
      shippingZipCode: '946071234',
    },
    201,
  );
  const menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Wholesale', isPublic: true, productIds: [product.id, other.id] }, 201);
  order = await t.ok<Order>(
    'POST',
    '/api/orders',
    buyer.token,
    {
      id: randomUUID(),
      menuId: menu.id,
      lines: [
        { productId: product.id, quantity: '2' },
        { productId: other.id, quantity: '1' },
      ],
    },
    201,
  );
});
afterAll(() => t.close());

describe("a customer's invoice", () => {
  it('bills the name, billing address and licence of the book, ships to the shipping address, and shows each discount, for both parties', async () => {
    expect(order.lines.map((line) => [line.listPrice, line.unitPrice])).toEqual([
      ['1200.00', '1080.00'],
      ['900.00', '900.00'],
    ]);
    for (const party of [seller, buyer]) {
      const text = await invoiceText(party);
      expect(text).toContain('FROM Emerald Valley Farms License C11-0000123-LIC 400 Farm Road Eureka, CA 95501');
      expect(text).toContain('BILL TO Ωμέγα Дмитрий Łódź Café 12 Telegraph Avenue Suite 4 Oakland, CA 94612 License C10-0000456-LIC (510) 555-0199');
      expect(text).toContain('SHIP TO Ωμέγα Дмитрий Łódź Café 900 Dock Road Oakland, CA 94607-1234');
      expect(text).toContain('Blue Dream 2 lb - $1,200.00 $120.00 $1,080.00 $2,160.00');
      expect(text).toContain('Λευκή Χήρα 1 lb - $900.00 - $900.00 $900.00');
      expect(text).toContain('Total $3,060.00');
    }
  });

  it('follows the book: a changed address is on the next download, and "same as billing" ships to the billing address', async () => {
    await t.ok<Customer>('PATCH', `/api/customers/${customer.id}`, seller.token, { shippingSameAsBilling: true, billingLine2: null });
    const text = await invoiceText(buyer);
    expect(text).toContain('BILL TO Ωμέγα Дмитрий Łódź Café 12 Telegraph Avenue Oakland, CA 94612');
    expect(text).toContain('SHIP TO Ωμέγα Дмитрий Łódź Café 12 Telegraph Avenue Oakland, CA 94612');
    expect(text).not.toContain('900 Dock Road');
  });

  it('is named the same way in the orders export', async () => {
    const res = await t.request<string>('GET', '/api/orders.csv', { token: seller.token });
    expect(res.status).toBe(200);
    const [header, row] = Papa.parse<string[]>(res.body.trimEnd()).data;
    const billTo = Object.fromEntries(header!.map((column, index) => [column, row![index]]));
    expect(billTo).toMatchObject({
      'Bill to': 'Ωμέγα Дмитрий Łódź Café',
      'Bill to street': expect.stringMatching(/^12 Telegraph Avenue/),
      'Bill to city': 'Oakland',
      'Bill to state': 'CA',
      'Bill to ZIP': '94612',
      'Bill to license': 'C10-0000456-LIC',
      'Bill to phone': '(510) 555-0199',
    });
  });
});
