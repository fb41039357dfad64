/**
 * The admin sees businesses, not logins: a team is one row with its members and their roles, counted once in the
 * figures, its trial extended on its owner's account only; a dispensary is found by name or licence number.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGrowth, AdminStats, AccountDetail, AccountPage } from '../../sync/entities/admin';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { MEMBER_TRIAL_MESSAGE } from './admin-service';

describe('the admin list groups accounts by team', () => {
  let t: TestApp;
  let admin: AuthResponse;
  let owner: AuthResponse;
  let rep: User;
  let dispensary: AuthResponse;

  /** A person invited to the owner's team by email, signed up from the link as the given role. */
  async function join(role: 'rep' | 'manager', firstName: string): Promise<User> {
    const email = `${role}-${randomUUID()}@test.example`;
    await t.request('POST', '/api/team/invitations', { token: owner.token, body: { email, role } });
    const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName, role: 'seller', inviteToken } });
    expect(res.status).toBe(201);
    return res.body.user;
  }

  beforeAll(async () => {
    t = createTestApp();
    owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis', licenseNumber: 'PR-GLC-77' });
    t.clock.advance(1000);
    rep = await join('rep', 'Rita');
    t.clock.advance(1000);
    await join('manager', 'Mona');
    t.clock.advance(1000);
    await t.registerUser('seller', { businessName: 'Solo Farms' });
    t.clock.advance(1000);
    dispensary = await t.registerUser('buyer', { companyName: 'Green Door Dispensary', licenseNumber: 'C10-0000123-LIC' });
    t.clock.advance(1000);
    await t.registerUser('buyer', { companyName: 'Harbor Wellness', licenseNumber: 'C10-0000999-LIC' });
    admin = await t.makeAdmin();
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.request<AccountPage>('GET', `/api/admin/customers?page=1&${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const businesses = (page: AccountPage) => page.items.map((row) => row.businessName ?? row.companyName);

  it('lists a team once, under its owner, with every member and their role', async () => {
    const page = await list('sort=joined');
    expect(businesses(page)).toEqual(['Great Lakes Cannabis', 'Solo Farms', 'Green Door Dispensary', 'Harbor Wellness']);
    expect(page.total).toBe(4);
    const team = page.items[0]!;
    expect(team.id).toBe(owner.user.id);
    expect([team.teamName, team.memberCount]).toEqual(['Great Lakes Cannabis', 3]);
    expect(team.members.map((member) => [member.firstName, member.teamRole])).toEqual([
      ['Sally', 'owner'],
      ['Rita', 'rep'],
      ['Mona', 'manager'],
    ]);
    expect(page.items.some((row) => row.id === rep.id)).toBe(false);
    // The whole list (the CSV's source) holds the team once too.
    const whole = await t.request<User[]>('GET', '/api/admin/customers', { token: admin.token });
    expect(whole.body.map((account) => account.id)).not.toContain(rep.id);
    expect(whole.body).toHaveLength(4);
  });

  it("finds a team by a member's email or name, and counts it once", async () => {
    for (const search of [rep.email, 'Rita', rep.email.slice(0, 2)]) {
      const page = await list(`search=${encodeURIComponent(search)}&role=seller`);
      expect(page.items.map((row) => row.id)).toContain(owner.user.id);
      expect(page.items.map((row) => row.id)).not.toContain(rep.id);
      expect(page.total).toBe(page.items.length);
    }
  });

  it('finds a dispensary by its name or its licence number, whole or in part', async () => {
    for (const search of ['Green Door', 'C10-0000123-LIC', '0000123', 'c10-0000123']) {
      expect(businesses(await list(`search=${encodeURIComponent(search)}&role=buyer`))).toEqual(['Green Door Dispensary']);
    }
    expect(businesses(await list('search=C10-0000&role=buyer&sort=business'))).toEqual(['Green Door Dispensary', 'Harbor Wellness']);
    // A changed number is found by its new value, and no longer by the old one.
    expect((await t.request('PUT', '/api/auth/user', { token: dispensary.token, body: { licenseNumber: 'C11-4444' } })).status).toBe(200);
    expect(businesses(await list('search=C11-4444'))).toEqual(['Green Door Dispensary']);
    expect(businesses(await list('search=0000123'))).toEqual([]);
  });

  it('counts sellers, trials and paying sellers by business, a team once', async () => {
    const stats = await t.request<AdminStats>('GET', '/api/admin/stats', { token: admin.token });
    expect(stats.body).toMatchObject({ trialUsers: 2, activeSellers: 0 });
    const growth = await t.request<AdminGrowth>('GET', '/api/admin/growth', { token: admin.token });
    expect(growth.body.trialConversion).toEqual({ converted: 0, decided: 0 });
  });

  it("extends a team's trial on its owner only: a rep has none of their own", async () => {
    const refused = await t.request<ErrorBody>('POST', `/api/admin/customers/${rep.id}/extend-trial`, { token: admin.token, body: { days: 7 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MEMBER_TRIAL_MESSAGE);
    const extended = await t.request<User>('POST', `/api/admin/customers/${owner.user.id}/extend-trial`, { token: admin.token, body: { days: 7 } });
    expect(extended.status).toBe(200);

    const detail = await t.request<AccountDetail>('GET', `/api/admin/customers/${rep.id}`, { token: admin.token });
    expect(detail.body.team).toEqual({ id: owner.user.id, name: 'Great Lakes Cannabis', role: 'rep' });
    const ownerDetail = await t.request<AccountDetail>('GET', `/api/admin/customers/${owner.user.id}`, { token: admin.token });
    expect(ownerDetail.body.team).toEqual({ id: owner.user.id, name: 'Great Lakes Cannabis', role: 'owner' });
  });
});
