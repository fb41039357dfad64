/** Making someone an admin asks for the acting admin's own password again. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../sync/entities/admin';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { PASSWORD_CHECKS_PER_HOUR } from '../limits/quotas';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

async function roleChangesOf(admin: AuthResponse, targetId: string) {
  const res = await t.request<AuditPage>('GET', '/api/admin/audit', { token: admin.token });
  return res.body.items.filter((entry) => entry.action === 'customer.role' && entry.targetId === targetId);
}

describe('making someone an admin', () => {
  const promote = (token: string, id: string, body: unknown) => t.request<User & ErrorBody>('PATCH', `/api/admin/customers/${id}`, { token, body });
  const roleOf = async (auth: AuthResponse) => (await t.request<User>('GET', '/api/auth/me', { token: auth.token })).body.role;

  it("is refused without the acting admin's password, or with a wrong one, with the message on the password", async () => {
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    const missing = await promote(admin.token, buyer.user.id, { role: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ password: 'Enter your password to make someone an admin' });
    const empty = await promote(admin.token, buyer.user.id, { role: 'admin', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.password).toBe('Enter your password to make someone an admin');
    // The customer's password is not the acting admin's.
    const wrong = await promote(admin.token, buyer.user.id, { role: 'admin', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: 'Your current password is not correct' });
    expect(await roleOf(buyer)).toBe('buyer');
    expect(await roleChangesOf(admin, buyer.user.id)).toEqual([]);
  });

  it('is done with the right password, and goes into the log', async () => {
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    const res = await promote(admin.token, buyer.user.id, { role: 'admin', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect(await roleOf(buyer)).toBe('admin');
    expect(await roleChangesOf(admin, buyer.user.id)).toEqual([expect.objectContaining({ actorId: admin.user.id, targetEmail: buyer.user.email, detail: 'buyer → admin' })]);
  });

  it('is refused to a seller or a buyer, even with their own password', async () => {
    const seller = await t.registerUser('seller');
    const buyer = await t.registerUser('buyer');
    for (const [caller, target] of [
      [seller, buyer],
      [buyer, seller],
    ] as const) {
      const res = await promote(caller.token, target.user.id, { role: 'admin', password: TEST_PASSWORD });
      expect(res.status).toBe(403);
      expect(await roleOf(target)).toBe(target.user.role);
    }
  });

  it('stops answering password guesses after a handful an hour, even the right password', async () => {
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    for (let guess = 0; guess < PASSWORD_CHECKS_PER_HOUR; guess++) {
      expect((await promote(admin.token, buyer.user.id, { role: 'admin', password: `guess-${guess}` })).status).toBe(400);
    }
    const refused = await promote(admin.token, buyer.user.id, { role: 'admin', password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many password checks: try again in \d+ minutes\.$/);
    expect(await roleOf(buyer)).toBe('buyer');
  });

  it('asks no password for other changes', async () => {
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    expect((await promote(admin.token, buyer.user.id, { role: 'seller' })).status).toBe(200);
    expect((await promote(admin.token, buyer.user.id, { disabled: true })).status).toBe(200);
  });
});
