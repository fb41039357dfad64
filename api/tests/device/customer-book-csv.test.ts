/**
 * A customer's addresses go out in the book's CSV (which the app writes and reads: app/lib/csv/customer-csv.ts) and
 * come back from it through the real API as the same customers, or as the changes made in the file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customersToCsv, parseCustomersCsv } from '../../../app/lib/csv/customer-csv';
import type { Customer } from '../../../sync/entities/customer';
import type { AuthResponse } from '../../../sync/entities/user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
});
afterEach(() => t.close());

const ADDRESSES = {
  phoneNumber: '(734) 555-0142',
  billingLine1: '12 Main Street',
  billingLine2: 'Suite 4',
  billingCity: 'Ann Arbor',
  billingState: 'MI',
  billingZipCode: '48104',
  shippingSameAsBilling: false,
  shippingLine1: '900 Dock Road',
  shippingCity: 'Ypsilanti',
  shippingState: 'MI',
  shippingZipCode: '481971234',
};

const book = async () => (await t.request<Customer[]>('GET', '/api/customers', { token: owner.token })).body;

async function addCustomer(body: Record<string, unknown>): Promise<Customer> {
  const res = await t.request<Customer>('POST', '/api/customers', { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe("a customer's addresses", () => {
  it('go out in the book CSV and come back from it as the same customers, or as the changes made in the file', async () => {
    const list = (await t.request<{ id: string; name: string }>('POST', '/api/price-lists', { token: owner.token, body: { name: 'Tier A' } })).body;
    await addCustomer({ name: 'Green Door', email: 'buy@greendoor.example', priceListId: list.id, tags: ['north'], ...ADDRESSES });
    await addCustomer({ name: 'Corner Shop', billingLine1: '1 Corner', shippingSameAsBilling: true });
    const context = { priceLists: [list], members: [] };
    const exported = await book();
    const file = customersToCsv(exported, context);

    // Read back against the book, every row names its customer; saving each row leaves the book as it was.
    const unchanged = parseCustomersCsv(file, exported, context);
    expect(unchanged.rows.map((row) => [row.error, row.customerId])).toEqual(exported.map((customer) => [undefined, customer.id]));
    for (const row of unchanged.rows) expect((await t.request('PATCH', `/api/customers/${row.customerId}`, { token: owner.token, body: row.values })).status).toBe(200);
    const afterSave = await book();
    const withoutTimes = (customers: Customer[]) => customers.map(({ updatedAt: _updatedAt, updatedBy: _updatedBy, ...customer }) => customer);
    expect(withoutTimes(afterSave)).toEqual(withoutTimes(exported));

    // A city and a ZIP code changed in the file change those fields; a bad ZIP code is refused on its row.
    const edited = file.replace('Ypsilanti', 'Saline').replace('48197-1234', '48176');
    const changes = parseCustomersCsv(edited, afterSave, context);
    for (const row of changes.rows) expect((await t.request('PATCH', `/api/customers/${row.customerId}`, { token: owner.token, body: row.values })).status).toBe(200);
    expect((await book()).find((customer) => customer.name === 'Green Door')).toMatchObject({ ...ADDRESSES, shippingCity: 'Saline', shippingZipCode: '48176' });
    expect(parseCustomersCsv(file.replace('48104', '4810x'), afterSave, context).rows.map((row) => row.error)).toContain(
      'Billing ZIP code must be 5 digits, or 9 digits like 48104-1234',
    );
  });
});
