/**
 * A customer's phone, billing address and shipping address: over REST and sync, checked on each path. Through the book's
 * CSV, which the app reads and writes: api/tests/device/customer-book-csv.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { everyRow } from '../testing/database-tables';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

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

const book = async (by = owner) => (await t.request<Customer[]>('GET', '/api/customers', { token: by.token })).body;

async function addCustomer(body: Record<string, unknown>): Promise<Customer> {
  const res = await t.request<Customer>('POST', '/api/customers', { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe("a customer's addresses", () => {
  it('are kept as given on creation, ZIP+4 written with its hyphen, and changed field by field', async () => {
    const added = await addCustomer({ name: 'Green Door', ...ADDRESSES });
    expect(added).toMatchObject({ ...ADDRESSES, shippingLine2: null, shippingZipCode: '48197-1234' });
    expect(await book()).toEqual([added]);

    const edited = await t.request<Customer>('PATCH', `/api/customers/${added.id}`, { token: owner.token, body: { shippingSameAsBilling: true, billingLine2: '' } });
    expect(edited.status).toBe(200);
    // Only the fields named change: the shipping address stays kept, unused while deliveries go to the billing one.
    expect(edited.body).toMatchObject({ shippingSameAsBilling: true, billingLine2: null, billingCity: 'Ann Arbor', shippingLine1: '900 Dock Road' });
  });

  it('are all optional: a customer with a name alone has none', async () => {
    expect(await addCustomer({ name: 'Bare' })).toMatchObject({
      phoneNumber: null,
      billingLine1: null,
      billingZipCode: null,
      shippingSameAsBilling: false,
      shippingLine1: null,
      shippingZipCode: null,
    });
  });

  it('refuses a ZIP code that is not 5 or 9 digits, or a phone that is no number, at its field, writing nothing', async () => {
    const added = await addCustomer({ name: 'Green Door' });
    const before = await everyRow(t.services.db.read);
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['POST', { name: 'Green Door', billingZipCode: 'abcde' }, 'billingZipCode', 'Billing ZIP code must be 5 digits, or 9 digits like 48104-1234'],
      ['POST', { name: 'Green Door', shippingZipCode: '4810' }, 'shippingZipCode', 'Shipping ZIP code must be 5 digits, or 9 digits like 48104-1234'],
      ['POST', { name: 'Green Door', phoneNumber: 'call us' }, 'phoneNumber', 'Phone number must be a phone number, like (734) 555-0142'],
      ['PATCH', { shippingZipCode: '48104-12' }, 'shippingZipCode', 'Shipping ZIP code must be 5 digits, or 9 digits like 48104-1234'],
    ];
    for (const [method, body, field, message] of cases) {
      const res = await t.request<ErrorBody>(method, method === 'POST' ? '/api/customers' : `/api/customers/${added.id}`, { token: owner.token, body });
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ reason: 'validation', message, errors: { [field]: message } });
    }
    expect(await everyRow(t.services.db.read)).toEqual(before);
  });

  it('travel over sync both ways, and sync refuses a bad ZIP code as REST does', async () => {
    const device = syncDevice(t, owner.token);
    const id = randomUUID();
    expect(await device.push('customer.create', { id, name: 'Green Door', ...ADDRESSES })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('customer.update', { id, changes: { billingCity: 'Detroit', billingZipCode: '48201' } })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('customer.update', { id, changes: { billingZipCode: '4820' } })).toMatchObject({
      outcome: 'refused',
      reason: 'validation',
      message: 'Billing ZIP code must be 5 digits, or 9 digits like 48104-1234',
    });
    const pulled = await device.pull();
    expect(pulled.customers).toMatchObject([{ id, ...ADDRESSES, billingCity: 'Detroit', billingZipCode: '48201', shippingZipCode: '48197-1234' }]);
  });

  it('may be set by a rep, as the name and email may', async () => {
    const email = `rep-${randomUUID()}@test.example`;
    expect((await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role: 'rep' } })).status).toBe(201);
    const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
    const rep = await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Rita', role: 'seller', inviteToken } });
    expect(rep.status).toBe(201);
    const device = syncDevice(t, rep.body.token);
    const id = randomUUID();
    expect(await device.push('customer.create', { id, name: 'Corner Shop', billingLine1: '1 Corner', shippingSameAsBilling: true })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('customer.update', { id, changes: { phoneNumber: '734-555-0100', billingZipCode: '48104' } })).toMatchObject({ outcome: 'applied' });
    expect((await book()).find((customer) => customer.id === id)).toMatchObject({ billingLine1: '1 Corner', phoneNumber: '734-555-0100', billingZipCode: '48104' });
  });
});
