/** A team's kind follows its members' role: a one-member team switches with its person, a shared one keeps its members' role. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Team } from '../../sync/entities/team';
import type { AuthResponse } from '../../sync/entities/user';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { SHARED_TEAM_ROLE_MESSAGE } from './team-kind';

let t: TestApp;
let owner: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
});
afterEach(() => t.close());

const teamOf = async (who: AuthResponse) => (await t.request<Team>('GET', '/api/team', { token: who.token })).body;

it('a person alone in their team switches it with them, by their own change or an admin’s', async () => {
  expect((await t.request('PUT', '/api/auth/user', { token: owner.token, body: { role: 'buyer', companyName: 'Great Lakes Retail' } })).status).toBe(200);
  expect(await teamOf(owner)).toMatchObject({ id: owner.user.id, kind: 'buyer' });
  const admin = await t.makeAdmin();
  expect((await t.request('PATCH', `/api/admin/customers/${owner.user.id}`, { token: admin.token, body: { role: 'seller' } })).status).toBe(200);
  expect(await teamOf(owner)).toMatchObject({ id: owner.user.id, kind: 'seller' });
});

it('a member of a team with others cannot switch: 409 over REST, sync and the admin tools, and nothing changes', async () => {
  const email = `rep-${randomUUID()}@test.example`;
  await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role: 'rep' } });
  const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
  const rep = (await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Rita', role: 'seller', inviteToken } })).body;

  const own = await t.request<{ message: string }>('PUT', '/api/auth/user', { token: rep.token, body: { role: 'buyer' } });
  expect([own.status, own.body.message]).toEqual([409, SHARED_TEAM_ROLE_MESSAGE]);
  expect(await syncDevice(t, owner.token).push('profile.update', { role: 'buyer' })).toMatchObject({ outcome: 'refused', reason: 'conflict', message: SHARED_TEAM_ROLE_MESSAGE });
  const admin = await t.makeAdmin();
  const byAdmin = await t.request<{ message: string }>('PATCH', `/api/admin/customers/${rep.user.id}`, { token: admin.token, body: { role: 'buyer' } });
  expect([byAdmin.status, byAdmin.body.message]).toEqual([409, SHARED_TEAM_ROLE_MESSAGE]);

  expect((await teamOf(rep)).kind).toBe('seller');
  expect((await t.request<{ role: string }>('GET', '/api/auth/me', { token: rep.token })).body.role).toBe('seller');
});
