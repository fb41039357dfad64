/** A seller's customer book and price lists are theirs: the data export carries them, and closing the account removes them. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customers, priceLists } from '../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

it("exports a seller's customers and price lists, and closing the account leaves none of the dispensaries' names, emails or licences behind", async () => {
  const seller = await t.registerUser('seller', { businessName: 'Closing Farms' });
  const list = await t.request<{ id: string }>('POST', '/api/price-lists', { token: seller.token, body: { name: 'Tier A', entries: [] } });
  expect(list.status).toBe(201);
  const entry = { name: 'Corner Dispensary', email: 'buyer@corner.example', licenseNumber: 'C10-0000001-LIC', priceListId: list.body.id, paymentTerms: 'net30' };
  expect((await t.request('POST', '/api/customers', { token: seller.token, body: entry })).status).toBe(201);

  const exported = await t.request<{ customers: Array<{ name: string; email: string; licenseNumber: string }>; priceLists: Array<{ name: string }> }>(
    'GET',
    '/api/account/export',
    {
      token: seller.token,
    },
  );
  expect(exported.body.customers).toEqual([expect.objectContaining({ name: entry.name, email: entry.email, licenseNumber: entry.licenseNumber })]);
  expect(exported.body.priceLists.map((priceList) => priceList.name)).toEqual(['Tier A']);

  expect((await t.request('POST', '/api/account/delete', { token: seller.token, body: { password: TEST_PASSWORD } })).status).toBe(204);
  expect(await t.services.db.read.select().from(customers).where(eq(customers.userId, seller.user.id)).all()).toEqual([]);
  expect(await t.services.db.read.select().from(priceLists).where(eq(priceLists.userId, seller.user.id)).all()).toEqual([]);
});
