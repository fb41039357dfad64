/**
 * The customers a member looks after when they are removed, made a rep or leave: left unassigned by default, or handed
 * to the member the owner names, in the same change; the rest of the book is untouched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Team } from '../../sync/entities/team';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { everyRow } from '../testing/database-tables';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
});
afterEach(() => t.close());

const member = (role: 'manager' | 'rep') => t.joinTeam(owner, role);

async function addCustomer(name: string, rep: AuthResponse | null): Promise<Customer> {
  const res = await t.request<Customer>('POST', '/api/customers', { token: owner.token, body: { name, repUserId: rep?.user.id ?? null } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Each customer's name with the member who looks after it (null: nobody). */
async function reps(): Promise<Record<string, string | null>> {
  const book = (await t.request<Customer[]>('GET', '/api/customers', { token: owner.token })).body;
  return Object.fromEntries(book.map((customer) => [customer.name, customer.repUserId]));
}

const members = async () => (await t.request<Team>('GET', '/api/team', { token: owner.token })).body.members.map((m) => [m.userId, m.role]);

describe('removing a member', () => {
  it('with no body leaves the customers they looked after unassigned, and no other', async () => {
    const rep = await member('rep');
    const other = await member('rep');
    await addCustomer('Corner Shop', rep);
    await addCustomer('Green Door', rep);
    await addCustomer('Hilltop', other);
    expect((await t.request('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token })).status).toBe(204);
    expect(await reps()).toEqual({ 'Corner Shop': null, 'Green Door': null, Hilltop: other.user.id });
  });

  it('hands the customers to the member the owner names', async () => {
    const rep = await member('rep');
    const other = await member('rep');
    await addCustomer('Corner Shop', rep);
    const removed = await t.request('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token, body: { reassignTo: other.user.id } });
    expect(removed.status).toBe(204);
    expect(await reps()).toEqual({ 'Corner Shop': other.user.id });
  });

  it('refuses a successor who is not a member, or is the member removed, and changes nothing', async () => {
    const rep = await member('rep');
    const stranger = await t.registerUser('seller');
    await addCustomer('Corner Shop', rep);
    const before = await everyRow(t.services.db.read);
    for (const reassignTo of [stranger.user.id, rep.user.id, 'not an id']) {
      const res = await t.request<ErrorBody>('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token, body: { reassignTo } });
      expect(res.status, reassignTo).toBe(400);
      expect(res.body.errors?.reassignTo, reassignTo).toBe('Choose another member of the team to look after their customers');
    }
    expect((await t.request<ErrorBody>('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token, body: '{not json' })).status).toBe(400);
    expect(await everyRow(t.services.db.read)).toEqual(before);
    expect(await members()).toContainEqual([rep.user.id, 'rep']);
  });
});

describe('making a member a rep', () => {
  it("leaves a manager's customers unassigned by default, or with whom the owner names, themselves included", async () => {
    const manager = await member('manager');
    const other = await member('manager');
    await addCustomer('Corner Shop', manager);
    await addCustomer('Hilltop', other);
    expect((await t.request('PATCH', `/api/team/members/${manager.user.id}`, { token: owner.token, body: { role: 'rep' } })).status).toBe(200);
    expect(await reps()).toEqual({ 'Corner Shop': null, Hilltop: other.user.id });

    await addCustomer('Green Door', other);
    expect((await t.request('PATCH', `/api/team/members/${other.user.id}`, { token: owner.token, body: { role: 'rep', reassignTo: other.user.id } })).status).toBe(200);
    expect((await t.request('PATCH', `/api/team/members/${manager.user.id}`, { token: owner.token, body: { role: 'manager' } })).status).toBe(200);
    await addCustomer('Riverside', manager);
    expect((await t.request('PATCH', `/api/team/members/${manager.user.id}`, { token: owner.token, body: { role: 'rep', reassignTo: other.user.id } })).status).toBe(200);
    expect(await reps()).toEqual({ 'Corner Shop': null, 'Green Door': other.user.id, Hilltop: other.user.id, Riverside: other.user.id });
  });

  it('refuses to hand customers over on a change that takes nothing away from the member', async () => {
    const rep = await member('rep');
    const other = await member('rep');
    await addCustomer('Corner Shop', rep);
    const res = await t.request<ErrorBody>('PATCH', `/api/team/members/${rep.user.id}`, { token: owner.token, body: { role: 'manager', reassignTo: other.user.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Customers are handed over only when a member is removed or made a rep');
    expect(await reps()).toEqual({ 'Corner Shop': rep.user.id });
    expect(await members()).toContainEqual([rep.user.id, 'rep']);
  });
});

describe('a member closing their account', () => {
  it('leaves the customers they looked after unassigned', async () => {
    const rep = await member('rep');
    await addCustomer('Corner Shop', rep);
    const closed = await t.request('POST', '/api/account/delete', { token: rep.token, body: { password: TEST_PASSWORD } });
    expect(closed.status).toBe(204);
    expect(await reps()).toEqual({ 'Corner Shop': null });
  });
});
