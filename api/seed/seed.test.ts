import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { User } from '../../sync/entities/user';
import { UPLOADED_IMAGE_PATH } from '../../sync/fields';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
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
});
