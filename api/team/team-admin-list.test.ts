/** The admin's customer list shows each account's team and how many members it has. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CustomerPage } from '../../sync/entities/admin';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

it('lists every member with their team and its member count', async () => {
  const owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
  const loner = await t.registerUser('buyer', { companyName: 'Green Door Dispensary' });
  const email = `rep-${randomUUID()}@test.example`;
  await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role: 'rep' } });
  const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
  await t.request('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Rita', role: 'seller', inviteToken } });
  const admin = await t.makeAdmin();

  const res = await t.request<CustomerPage>('GET', '/api/admin/customers?page=1&sort=email', { token: admin.token });
  expect(res.status).toBe(200);
  const teams = Object.fromEntries(res.body.items.map((row) => [row.email, [row.teamName, row.memberCount]]));
  expect(teams).toEqual({
    [owner.user.email]: ['Great Lakes Cannabis', 2],
    [email]: ['Great Lakes Cannabis', 2],
    [loner.user.email]: ['Green Door Dispensary', 1],
  });
});
