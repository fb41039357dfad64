/** What each role of a team may do, over REST and sync push alike; the seats of the Pro plan; removal ending access. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuInsights, SellerDashboard } from '../../sync/entities/insights';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { Team } from '../../sync/entities/team';
import type { AuthResponse } from '../../sync/entities/user';
import { hashLinkToken } from '../auth/account-tokens';
import { insertInvitation } from '../db/repositories/teams';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let product: Product;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
  product = (await t.request<Product>('POST', '/api/products', { token: owner.token, body: { strainName: 'Blue Dream', pricePerUnit: '1200.00', availableQuantity: '10' } })).body;
});
afterEach(() => t.close());

/** Invites a new address with `role` and signs it up with the mailed link. */
const member = (role: 'owner' | 'manager' | 'rep', by = owner) => t.joinTeam(by, role);

describe('a rep', () => {
  it('cannot change a price or the stock: 403 over REST, refused with the reason over sync', async () => {
    const rep = await member('rep');
    const rest = await t.request<{ message: string }>('PUT', `/api/products/${product.id}`, { token: rep.token, body: { pricePerUnit: '900.00' } });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe('A rep cannot change prices or stock: ask an owner or a manager');
    const pushed = await syncDevice(t, rep.token).push('product.update', { id: product.id, changes: { availableQuantity: '2' } });
    expect(pushed).toMatchObject({ outcome: 'refused', reason: 'forbidden', message: 'A rep cannot change prices or stock: ask an owner or a manager' });
    const stored = (await t.request<Product[]>('GET', '/api/products', { token: owner.token })).body[0]!;
    expect([stored.pricePerUnit, stored.availableQuantity]).toEqual(['1200.00', '10.000']);
  });

  it('may change the description, and the product records who changed it', async () => {
    const rep = await member('rep');
    const res = await t.request<Product>('PUT', `/api/products/${product.id}`, { token: rep.token, body: { description: 'Sweet and earthy', pricePerUnit: '1200.00' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Sweet and earthy', createdBy: owner.user.id, updatedBy: rep.user.id });
  });

  it('cannot delete what others made, over REST or sync, and may delete what they made', async () => {
    const rep = await member('rep');
    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: rep.token })).status).toBe(403);
    const device = syncDevice(t, rep.token);
    expect(await device.push('product.delete', { id: product.id })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message: 'A rep can delete only what they added themselves',
    });
    const menuId = randomUUID();
    expect(await device.push('menu.create', { id: menuId, publicLinkId: randomUUID(), name: 'Trade show', productIds: [product.id] })).toMatchObject({ outcome: 'applied' });
    expect(await device.push('menu.delete', { id: menuId })).toMatchObject({ outcome: 'applied' });
  });

  it('sees no billing and manages no members', async () => {
    const rep = await member('rep');
    expect((await t.request('GET', '/api/subscription-status', { token: rep.token })).status).toBe(403);
    expect((await t.request('POST', '/api/create-subscription', { token: rep.token })).status).toBe(403);
    expect((await t.request('POST', '/api/team/invitations', { token: rep.token, body: { email: 'x@test.example', role: 'rep' } })).status).toBe(403);
    expect((await t.request('DELETE', `/api/team/members/${owner.user.id}`, { token: rep.token })).status).toBe(403);
  });

  it('is refused for the role before anything about the body is checked', async () => {
    const rep = await member('rep');
    const invite = await t.request<{ message: string }>('POST', '/api/team/invitations', { token: rep.token, body: { email: 'not an address', role: 'wizard' } });
    expect([invite.status, invite.body.message]).toEqual([403, 'Only an owner or a manager of the team can do this']);
    const promote = await t.request<{ message: string }>('PATCH', `/api/team/members/${owner.user.id}`, { token: rep.token, body: { role: 'wizard' } });
    expect([promote.status, promote.body.message]).toEqual([403, 'Only an owner of the team can do this']);
    const remove = await t.request('DELETE', `/api/team/members/${owner.user.id}`, { token: rep.token, body: { reassignTo: 42 } });
    expect(remove.status).toBe(403);
  });
});

describe("a rep's insights", () => {
  const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
  const open = (menu: Menu, remoteAddress: string) => t.request('GET', `/api/public/menu/${menu.publicLinkId}`, { remoteAddress, headers: { 'user-agent': BROWSER } });
  const newMenu = async (by: AuthResponse, name: string) =>
    (await t.request<Menu>('POST', '/api/menus', { token: by.token, body: { name, isPublic: true, productIds: [product.id] } })).body;

  it("cover the menus they made: another member's menu is not found, and their dashboard counts only theirs", async () => {
    const rep = await member('rep');
    const ownersMenu = await newMenu(owner, 'Owner list');
    const repsMenu = await newMenu(rep, 'Trade show');
    await open(ownersMenu, '198.51.100.1');
    await open(ownersMenu, '198.51.100.2');
    await open(repsMenu, '198.51.100.3');
    const buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
    await t.request('POST', '/api/inquiries', { token: buyer.token, body: { id: randomUUID(), menuId: ownersMenu.id, kind: 'message', message: 'Hello' } });

    expect((await t.request('GET', `/api/menus/${ownersMenu.id}/insights`, { token: rep.token })).status).toBe(404);
    expect((await t.request<MenuInsights>('GET', `/api/menus/${repsMenu.id}/insights`, { token: rep.token })).body.totalViews).toBe(1);
    const mine = (await t.request<SellerDashboard>('GET', '/api/analytics/dashboard', { token: rep.token })).body;
    expect([mine.totalViews, mine.week.views, mine.week.inquiries]).toEqual([1, 1, 0]);
    const team = (await t.request<SellerDashboard>('GET', '/api/analytics/dashboard', { token: owner.token })).body;
    expect([team.totalViews, team.week.views, team.week.inquiries]).toEqual([3, 3, 1]);
    expect((await t.request<MenuInsights>('GET', `/api/menus/${repsMenu.id}/insights`, { token: owner.token })).body.totalViews).toBe(1);
  });
});

describe('a manager', () => {
  it('changes prices and invites, but sees no billing and changes no roles', async () => {
    const manager = await member('manager');
    expect((await t.request('PUT', `/api/products/${product.id}`, { token: manager.token, body: { pricePerUnit: '900.00' } })).status).toBe(200);
    await member('rep', manager);
    expect((await t.request('GET', '/api/subscription-status', { token: manager.token })).status).toBe(403);
    const promote = await t.request<{ message: string }>('PATCH', `/api/team/members/${manager.user.id}`, { token: manager.token, body: { role: 'owner' } });
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe('Only an owner of the team can do this');
    expect((await t.request('DELETE', `/api/team/members/${owner.user.id}`, { token: manager.token })).status).toBe(403);
  });
});

describe('the owners', () => {
  it('the last owner cannot step down or be removed; after handing ownership over they may', async () => {
    const manager = await member('manager');
    const stepDown = await t.request<{ message: string }>('PATCH', `/api/team/members/${owner.user.id}`, { token: owner.token, body: { role: 'manager' } });
    expect(stepDown.status).toBe(409);
    expect(stepDown.body.message).toBe('A team needs an owner: make another member owner first');
    expect((await t.request('PATCH', `/api/team/members/${manager.user.id}`, { token: owner.token, body: { role: 'owner' } })).status).toBe(200);
    expect((await t.request('PATCH', `/api/team/members/${owner.user.id}`, { token: owner.token, body: { role: 'manager' } })).status).toBe(200);
    const team = await t.request<Team>('GET', '/api/team', { token: manager.token });
    expect(team.body.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'manager'],
      [manager.user.id, 'owner'],
    ]);
    const removeLast = await t.request('DELETE', `/api/team/members/${manager.user.id}`, { token: manager.token });
    expect(removeLast.status).toBe(409);
  });
});

describe('removing a member', () => {
  it("ends their access on their next request, and their device drops the team's rows on its next pull", async () => {
    const rep = await member('rep');
    const device = syncDevice(t, rep.token);
    const first = await device.pull();
    expect(first.products.map((row) => row.id)).toEqual([product.id]);
    expect((await t.request('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token })).status).toBe(204);

    expect((await t.request<Product[]>('GET', '/api/products', { token: rep.token })).body).toEqual([]);
    const next = await device.pull(first.cursor);
    expect(next.full).toBe(true);
    expect(next.products).toEqual([]);
    const theirTeam = await t.request<Team>('GET', '/api/team', { token: rep.token });
    expect(theirTeam.body.members.map((m) => [m.userId, m.role])).toEqual([[rep.user.id, 'owner']]);
    expect((await device.pull(next.cursor)).full).toBe(false);
  });
});

describe('the seats of the Pro plan', () => {
  it('refuses a sixth member with 402, invitations waiting for an answer counted', async () => {
    await member('manager');
    await member('rep');
    await member('rep');
    expect((await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email: `last-${randomUUID()}@test.example`, role: 'rep' } })).status).toBe(201);
    const sixth = await t.request<{ message: string }>('POST', '/api/team/invitations', { token: owner.token, body: { email: `sixth-${randomUUID()}@test.example`, role: 'rep' } });
    expect(sixth.status).toBe(402);
    expect(sixth.body.message).toBe('Pro includes up to 5 members, invitations waiting for an answer counted: remove a member or revoke an invitation first');
  });

  it('two invitations accepted at once for the last seat: only one joins', async () => {
    await member('manager');
    await member('rep');
    await member('rep');
    // Two invitations out for the one seat left (the second resent after the first was sent, say).
    const now = t.clock.now();
    const emails = [`a-${randomUUID()}@test.example`, `b-${randomUUID()}@test.example`];
    await t.services.db.transaction(async (tx) => {
      for (const email of emails) {
        const expiresAt = new Date(now.getTime() + 86_400_000);
        await insertInvitation(tx.db, {
          id: randomUUID(),
          teamId: owner.user.id,
          email,
          role: 'rep',
          tokenHash: hashLinkToken(email),
          expiresAt,
          createdBy: owner.user.id,
          createdAt: now,
        });
      }
    });
    const answers = await Promise.all(
      emails.map((email) => t.request('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Rita', role: 'seller', inviteToken: email } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402]);
    expect((await t.request<Team>('GET', '/api/team', { token: owner.token })).body.members).toHaveLength(5);
  });
});
