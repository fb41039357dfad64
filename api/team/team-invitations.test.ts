/** Inviting by email, and joining a team by signing up with the link or by joining while signed in. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Team, TeamInvitation } from '../../sync/entities/team';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { linkInMailTo, mailTo } from '../mail/testing/outbox-reader';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
});
afterEach(() => t.close());

const newEmail = () => `rep-${randomUUID()}@test.example`;

async function invite(email: string, role = 'rep', token = owner.token) {
  return t.request<TeamInvitation & { message?: string; errors?: Record<string, string> }>('POST', '/api/team/invitations', { token, body: { email, role } });
}

async function invitationToken(email: string): Promise<string> {
  const link = await linkInMailTo(t.services, email, '/join');
  return link.searchParams.get('token')!;
}

async function registerWith(email: string, inviteToken: string) {
  return t.request<AuthResponse & { message?: string }>('POST', '/api/auth/register', {
    body: { email, password: TEST_PASSWORD, firstName: 'Rita', role: 'buyer', inviteToken },
  });
}

describe('an invitation by email', () => {
  it("mails a link to the app's join page, and the team lists it until it is answered", async () => {
    const email = newEmail();
    const sent = await invite(email);
    expect(sent.status).toBe(201);
    const [mail] = await mailTo(t.services, email);
    expect(mail!.subject).toBe('Sally invites you to Great Lakes Cannabis on Wholesale Menus');
    expect(mail!.text).toContain('as a rep');
    expect((await linkInMailTo(t.services, email, '/join')).searchParams.get('token')).toBeTruthy();

    const team = await t.request<Team>('GET', '/api/team', { token: owner.token });
    expect(team.body).toMatchObject({ id: owner.user.id, name: 'Great Lakes Cannabis', kind: 'seller' });
    expect(team.body.members).toEqual([{ userId: owner.user.id, email: owner.user.email, name: 'Sally', role: 'owner' }]);
    expect(team.body.invitations).toEqual([{ id: sent.body.id, email, role: 'rep', expiresAt: sent.body.expiresAt }]);
  });

  it('refuses a rep on a buyer team, with the reason on the role field', async () => {
    const buyer = await t.registerUser('buyer');
    const res = await invite(newEmail(), 'rep', buyer.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role: 'A buyer team has owners and managers only' });
  });

  it('a revoked invitation no longer works, and a resent one works only with its new link', async () => {
    const email = newEmail();
    const sent = await invite(email);
    const firstToken = await invitationToken(email);
    expect((await t.request('POST', `/api/team/invitations/${sent.body.id}/resend`, { token: owner.token })).status).toBe(200);
    const secondToken = await invitationToken(email);
    expect(secondToken).not.toBe(firstToken);
    expect((await registerWith(email, firstToken)).status).toBe(404);
    expect((await t.request('DELETE', `/api/team/invitations/${sent.body.id}`, { token: owner.token })).status).toBe(204);
    const refused = await registerWith(email, secondToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This invitation was revoked: ask for a new one');
  });

  it("another team's invitations and members answer not found", async () => {
    const sent = await invite(newEmail());
    const stranger = await t.registerUser('seller');
    const asStranger = { token: stranger.token };
    expect((await t.request('POST', `/api/team/invitations/${sent.body.id}/resend`, asStranger)).status).toBe(404);
    expect((await t.request('DELETE', `/api/team/invitations/${sent.body.id}`, asStranger)).status).toBe(404);
    expect((await t.request('PATCH', `/api/team/members/${owner.user.id}`, { ...asStranger, body: { role: 'manager' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/team/members/${owner.user.id}`, asStranger)).status).toBe(404);
    expect((await t.request<Team>('GET', '/api/team', { token: owner.token })).body.invitations).toHaveLength(1);
  });

  it('expires after 7 days', async () => {
    const email = newEmail();
    await invite(email);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const res = await registerWith(email, await invitationToken(email));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This invitation has expired: ask for a new one');
  });

  it('shows the join page, before anyone signs in, the team, the role and the address it is for, while its link works', async () => {
    const email = newEmail();
    await invite(email, 'manager');
    const token = await invitationToken(email);
    const preview = (asked: string) => t.request<{ message?: string }>('GET', `/api/team/invitations/preview?token=${encodeURIComponent(asked)}`);
    const offered = await preview(token);
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual({ teamName: 'Great Lakes Cannabis', kind: 'seller', role: 'manager', email });

    expect((await preview('made-up')).body.message).toBe('This invitation link is not valid: ask for a new one');
    expect((await t.request('GET', '/api/team/invitations/preview')).status).toBe(400);
    expect((await registerWith(email, token)).status).toBe(201);
    const used = await preview(token);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This invitation was already used');
  });
});

describe('joining', () => {
  it("by signing up with the link: the new member works in the team's catalogue at once, on every device", async () => {
    const product = await t.request<Product>('POST', '/api/products', { token: owner.token, body: { strainName: 'Blue Dream', pricePerUnit: '1200.00' } });
    const email = newEmail();
    await invite(email);
    const joined = await registerWith(email, await invitationToken(email));
    expect(joined.status).toBe(201);
    // The team's trial is the member's: their screens let them work as the owner's do.
    expect(joined.body.user).toMatchObject({ role: 'seller', subscriptionStatus: 'trial', trialEndsAt: owner.user.trialEndsAt });

    const catalogue = await t.request<Product[]>('GET', '/api/products', { token: joined.body.token });
    expect(catalogue.body.map((row) => row.id)).toEqual([product.body.id]);
    const pulled = await syncDevice(t, joined.body.token).pull();
    expect(pulled.products.map((row) => row.strainName)).toEqual(['Blue Dream']);
    expect(pulled.user).toMatchObject({ id: joined.body.user.id, trialEndsAt: owner.user.trialEndsAt });
    const team = await t.request<Team>('GET', '/api/team', { token: owner.token });
    expect(team.body.members.map((member) => [member.email, member.role])).toEqual([
      [owner.user.email, 'owner'],
      [email, 'rep'],
    ]);
    expect(team.body.invitations).toEqual([]);
  });

  it('proves the invited address: a member who signs up by the link or joins by it signed in is never asked to confirm it again', async () => {
    const email = newEmail();
    await invite(email);
    const joined = await registerWith(email, await invitationToken(email));
    expect(joined.status).toBe(201);
    expect(joined.body.user.emailConfirmedAt).not.toBeNull();
    // The invitation is the only mail: no welcome asking to confirm the address.
    expect((await mailTo(t.services, email)).map((mail) => mail.text.includes('/confirm-email'))).toEqual([false]);

    const person = await t.registerUser('buyer');
    expect(person.user.emailConfirmedAt).toBeNull();
    await invite(person.user.email, 'manager');
    const byLink = await t.request<Team>('POST', '/api/team/join', { token: person.token, body: { token: await invitationToken(person.user.email) } });
    expect(byLink.status).toBe(200);
    expect((await t.request<AuthResponse['user']>('GET', '/api/auth/me', { token: person.token })).body.emailConfirmedAt).not.toBeNull();
  });

  it('only with the invited address, and only once', async () => {
    const email = newEmail();
    await invite(email);
    const token = await invitationToken(email);
    const stranger = await registerWith(newEmail(), token);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(`This invitation is for ${email}: sign in with that address to join`);
    expect((await registerWith(email, token)).status).toBe(201);
    const again = await t.registerUser('buyer');
    const reused = await t.request<{ message: string }>('POST', '/api/team/join', { token: again.token, body: { token } });
    expect(reused.status).toBe(403);
  });

  it('by joining while signed in, when the account has no business data of its own', async () => {
    const person = await t.registerUser('seller');
    await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email: person.user.email, role: 'manager' } });
    const token = await invitationToken(person.user.email);
    const joined = await t.request<Team>('POST', '/api/team/join', { token: person.token, body: { token } });
    expect(joined.status).toBe(200);
    expect(joined.body.id).toBe(owner.user.id);
    expect((await t.request<Team>('GET', '/api/team', { token: person.token })).body.members.find((m) => m.userId === person.user.id)?.role).toBe('manager');
  });

  it('refuses a signed-in person whose account has business data of its own', async () => {
    const person = await t.registerUser('seller');
    await t.request('POST', '/api/products', { token: person.token, body: { strainName: 'Their own' } });
    await invite(person.user.email);
    const res = await t.request<{ message: string }>('POST', '/api/team/join', { token: person.token, body: { token: await invitationToken(person.user.email) } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your account has products, menus, saved menus or messages of its own: join with an account that has none');
    expect((await t.request<Product[]>('GET', '/api/products', { token: person.token })).body.map((p) => p.strainName)).toEqual(['Their own']);
  });
});
