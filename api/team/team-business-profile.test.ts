/** The business profile is the team's: owners and managers change it for every member and the public menus; a rep sees it; names stay each member's. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { Team } from '../../sync/entities/team';
import type { AuthResponse, User } from '../../sync/entities/user';
import { findTeam } from '../db/repositories/teams';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let manager: AuthResponse;
let rep: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
  manager = await member('manager', 'Max');
  rep = await member('rep', 'Rita');
});
afterEach(() => t.close());

const member = (role: 'manager' | 'rep', firstName: string) => t.joinTeam(owner, role, { firstName });

const me = async (who: AuthResponse) => (await t.request<User>('GET', '/api/auth/me', { token: who.token })).body;

it("a manager's change over REST is the team's: every member, the team's name and the public menu show it; names stay each one's", async () => {
  const saved = await t.request<User>('PUT', '/api/auth/user', { token: manager.token, body: { firstName: 'Maxine', businessName: 'Lakeside Cannabis', licenseNumber: 'LIC-9' } });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ id: manager.user.id, firstName: 'Maxine', businessName: 'Lakeside Cannabis', licenseNumber: 'LIC-9' });

  expect(await me(owner)).toMatchObject({ firstName: 'Sally', businessName: 'Lakeside Cannabis', licenseNumber: 'LIC-9' });
  expect(await me(rep)).toMatchObject({ firstName: 'Rita', businessName: 'Lakeside Cannabis' });
  expect((await t.request<Team>('GET', '/api/team', { token: rep.token })).body.name).toBe('Lakeside Cannabis');
  expect((await findTeam(t.services.db.read, owner.user.id))!.name).toBe('Lakeside Cannabis');
  const menu = (await t.request<Menu>('POST', '/api/menus', { token: rep.token, body: { name: 'Trade show', isPublic: true, productIds: [] } })).body;
  const shown = (await t.request<PublicMenu>('GET', `/api/public/menu/${menu.publicLinkId}`)).body;
  expect(shown.seller).toMatchObject({ businessName: 'Lakeside Cannabis', licenseNumber: 'LIC-9' });
});

it("a manager's change over sync reaches the other members' devices on their next pull", async () => {
  expect(await syncDevice(t, manager.token).push('profile.update', { lastName: 'Moss', accentColor: '#112233', city: 'Detroit' })).toMatchObject({ outcome: 'applied' });
  const pulled = (await syncDevice(t, rep.token).pull()).user;
  expect(pulled).toMatchObject({ id: rep.user.id, lastName: null, accentColor: '#112233', city: 'Detroit' });
  expect(await me(manager)).toMatchObject({ lastName: 'Moss', city: 'Detroit' });
});

it('a rep sees the business but cannot change it, over REST or sync, and still changes their own name', async () => {
  const refused = await t.request<{ message: string }>('PUT', '/api/auth/user', { token: rep.token, body: { licenseNumber: 'FAKE-1' } });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe("Only an owner or a manager can change the business's profile");
  expect(await syncDevice(t, rep.token).push('profile.update', { businessName: 'Rita Co' })).toMatchObject({
    outcome: 'refused',
    reason: 'forbidden',
    message: "Only an owner or a manager can change the business's profile",
  });
  // The profile form sends the business as it shows it: unchanged, it is no change.
  const own = await t.request<User>('PUT', '/api/auth/user', { token: rep.token, body: { firstName: 'Rosa', businessName: 'Great Lakes Cannabis', licenseNumber: null } });
  expect(own.status).toBe(200);
  expect(await me(owner)).toMatchObject({ firstName: 'Sally', businessName: 'Great Lakes Cannabis', licenseNumber: null });
  expect(await me(rep)).toMatchObject({ firstName: 'Rosa' });
});
