/** Closing an account in a team: an owner hands ownership over first; a member's closing leaves the team's data with the team. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Product } from '../../sync/entities/product';
import type { Team } from '../../sync/entities/team';
import type { AuthResponse } from '../../sync/entities/user';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let manager: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
  await t.request('POST', '/api/products', { token: owner.token, body: { strainName: 'Blue Dream' } });
  const email = `manager-${randomUUID()}@test.example`;
  await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role: 'manager' } });
  const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
  manager = (await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Max', role: 'seller', inviteToken } })).body;
});
afterEach(() => t.close());

const close = (who: AuthResponse) => t.request<{ message: string }>('POST', '/api/account/delete', { token: who.token, body: { password: TEST_PASSWORD } });
const catalogue = async (who: AuthResponse) => (await t.request<Product[]>('GET', '/api/products', { token: who.token })).body.map((p) => p.strainName);

it('an owner with other members is asked to hand ownership over first', async () => {
  const res = await close(owner);
  expect(res.status).toBe(409);
  expect(res.body.message).toBe('Hand ownership to another member before closing your account');
  expect(await catalogue(manager)).toEqual(['Blue Dream']);
});

it('the founder, after handing ownership over, closes their account and the team keeps its data', async () => {
  await t.request('PATCH', `/api/team/members/${manager.user.id}`, { token: owner.token, body: { role: 'owner' } });
  await t.request('PATCH', `/api/team/members/${owner.user.id}`, { token: manager.token, body: { role: 'manager' } });
  expect((await close(owner)).status).toBe(204);
  expect(await catalogue(manager)).toEqual(['Blue Dream']);
  const team = await t.request<Team>('GET', '/api/team', { token: manager.token });
  expect(team.body.members.map((m) => m.userId)).toEqual([manager.user.id]);
  expect(team.body.name).toBe('Great Lakes Cannabis');
  expect((await t.request('POST', '/api/auth/login', { body: { email: owner.user.email, password: TEST_PASSWORD } })).status).toBe(401);
});

it("a member's closing leaves the team's data with the team", async () => {
  expect((await close(manager)).status).toBe(204);
  expect(await catalogue(owner)).toEqual(['Blue Dream']);
  const team = await t.request<Team>('GET', '/api/team', { token: owner.token });
  expect(team.body.members.map((m) => m.userId)).toEqual([owner.user.id]);
});

it('the founder, once ownership is handed over, may be removed: they sign in again into a fresh empty team, and the team keeps its data', async () => {
  await t.request('PATCH', `/api/team/members/${manager.user.id}`, { token: owner.token, body: { role: 'owner' } });
  await t.request('PATCH', `/api/team/members/${owner.user.id}`, { token: manager.token, body: { role: 'manager' } });
  expect((await t.request('DELETE', `/api/team/members/${owner.user.id}`, { token: manager.token })).status).toBe(204);

  expect((await t.request('GET', '/api/products', { token: owner.token })).status).toBe(401);
  const again = await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: owner.user.email, password: TEST_PASSWORD } });
  expect(again.status).toBe(200);
  expect(again.body.user).toMatchObject({ email: owner.user.email, firstName: 'Sally', role: 'seller' });
  expect(again.body.user.id).not.toBe(owner.user.id);
  expect(await catalogue(again.body)).toEqual([]);
  const fresh = (await t.request<Team>('GET', '/api/team', { token: again.body.token })).body;
  expect([fresh.id, fresh.kind, fresh.members.map((m) => [m.userId, m.role])]).toEqual([again.body.user.id, 'seller', [[again.body.user.id, 'owner']]]);

  expect(await catalogue(manager)).toEqual(['Blue Dream']);
  const team = (await t.request<Team>('GET', '/api/team', { token: manager.token })).body;
  expect([team.id, team.name, team.members.map((m) => m.userId)]).toEqual([owner.user.id, 'Great Lakes Cannabis', [manager.user.id]]);
});
