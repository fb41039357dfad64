/**
 * The audit log's whole story: failed admin sign-ins, an admin's own password
 * and email changes and closing, opening a customer's details, each naming
 * its target by the email it had then.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntry, AuditPage } from '../../sync/entities/admin';
import type { PushResponse } from '../../sync/contract/protocol';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

const FROM = '203.0.113.9';

let t: TestApp;
/** An admin who only reads the log, so the admins under test can change and close their accounts. */
let reader: AuthResponse;
beforeAll(async () => {
  t = createTestApp();
  reader = await t.makeAdmin();
});
afterAll(() => t.close());

/** The newest entry of `action` about `targetId`, as the dashboard's audit list gives it. */
async function latestEntry(action: AuditAction, targetId: string): Promise<AuditEntry | undefined> {
  const res = await t.request<AuditPage>('GET', '/api/admin/audit', { token: reader.token });
  expect(res.status).toBe(200);
  return res.body.items.find((entry) => entry.action === action && entry.targetId === targetId);
}

async function countOf(action: AuditAction): Promise<number> {
  const res = await t.request<AuditPage>('GET', '/api/admin/audit?page=1', { token: reader.token });
  let total = 0;
  for (let page = 1; page <= Math.ceil(res.body.total / res.body.pageSize); page++) {
    const items = page === 1 ? res.body.items : (await t.request<AuditPage>('GET', `/api/admin/audit?page=${page}`, { token: reader.token })).body.items;
    total += items.filter((entry) => entry.action === action).length;
  }
  return total;
}

/** Follows the link mailed to `email` from the owner's own device, as the confirmation page does. */
async function confirmNewAddress(auth: AuthResponse, email: string): Promise<void> {
  const link = await linkInMailTo(t.services, email, '/confirm-email');
  const res = await t.request<{ email: string }>('POST', '/api/account/confirm-email', { token: auth.token, body: { token: link.searchParams.get('token') }, remoteAddress: FROM });
  expect(res.body.email).toBe(email);
}

/** The account takes a new address, as a person does from their profile: the password, then the mailed link. */
async function changeEmail(auth: AuthResponse, currentPassword = TEST_PASSWORD): Promise<string> {
  const email = `renamed-${randomUUID()}@test.example`;
  const res = await t.request<User>('PUT', '/api/auth/user', { token: auth.token, body: { email, currentPassword }, remoteAddress: FROM });
  expect(res.status).toBe(200);
  await confirmNewAddress(auth, email);
  return email;
}

const signIn = (email: string, password: string) => t.request<AuthResponse & ErrorBody>('POST', '/api/auth/login', { body: { email, password }, remoteAddress: FROM });

describe('the audit log records', () => {
  it('a wrong password typed for an admin account, and keeps naming the account after its email changes', async () => {
    const admin = await t.makeAdmin();
    const email = admin.user.email;
    expect((await signIn(email.toUpperCase(), 'not-the-password')).status).toBe(401);
    await changeEmail(admin);
    expect(await latestEntry('admin.sign_in_failed', admin.user.id)).toMatchObject({
      actorId: null,
      actorEmail: email,
      targetEmail: email,
      clientAddress: FROM,
      detail: null,
    });
  });

  it('no failed sign-in of a seller, of an unknown address, nor an admin signing in right', async () => {
    const before = await countOf('admin.sign_in_failed');
    const seller = await t.registerUser('seller');
    expect((await signIn(seller.user.email, 'not-the-password')).status).toBe(401);
    expect((await signIn(`nobody-${randomUUID()}@test.example`, 'not-the-password')).status).toBe(401);
    expect((await signIn(reader.user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await countOf('admin.sign_in_failed')).toBe(before);
  });

  it("an admin's own password change, by the settings and by a reset link", async () => {
    const admin = await t.makeAdmin();
    const email = admin.user.email;
    const changed = await t.request('POST', '/api/account/password', {
      token: admin.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another-password-1' },
      remoteAddress: FROM,
    });
    expect(changed.status).toBe(204);
    expect(await latestEntry('admin.password_change', admin.user.id)).toMatchObject({
      actorId: admin.user.id,
      actorEmail: email,
      targetEmail: email,
      detail: null,
      clientAddress: FROM,
    });

    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    await t.services.resetRequests.answerWaiting();
    const token = (await linkInMailTo(t.services, email, '/reset-password')).searchParams.get('token');
    const reset = await t.request<AuthResponse>('POST', '/api/auth/reset-password', { body: { token, password: 'third-password-1' }, remoteAddress: FROM });
    expect(reset.status).toBe(200);
    expect(await latestEntry('admin.password_change', admin.user.id)).toMatchObject({ targetEmail: email, detail: 'by reset link', clientAddress: FROM });

    // The reset ended every session; the one it started goes on.
    await changeEmail(reset.body, 'third-password-1');
    expect(await latestEntry('admin.password_change', admin.user.id)).toMatchObject({ actorEmail: email, targetEmail: email });
  });

  it('no password change of a seller', async () => {
    const before = await countOf('admin.password_change');
    const seller = await t.registerUser('seller');
    const changed = await t.request('POST', '/api/account/password', { token: seller.token, body: { currentPassword: TEST_PASSWORD, newPassword: 'another-password-1' } });
    expect(changed.status).toBe(204);
    expect(await countOf('admin.password_change')).toBe(before);
  });

  it("an admin's own email change, started from the profile, by sync or from account settings, when its link is confirmed, naming the old address", async () => {
    const admin = await t.makeAdmin();
    const first = admin.user.email;
    const second = await changeEmail(admin);
    expect(await latestEntry('admin.email_change', admin.user.id)).toMatchObject({
      actorEmail: first,
      targetEmail: first,
      detail: `${first} → ${second}`,
      clientAddress: FROM,
    });

    const third = `synced-${randomUUID()}@test.example`;
    const pushed = await t.request<PushResponse>('POST', '/api/sync/push', {
      token: admin.token,
      body: { clientId: randomUUID(), mutations: [{ seq: 1, name: 'profile.update', args: { email: third, currentPassword: TEST_PASSWORD } }] },
      remoteAddress: FROM,
    });
    expect(pushed.body.results).toEqual([{ seq: 1, outcome: 'applied' }]);
    await confirmNewAddress(admin, third);
    expect(await latestEntry('admin.email_change', admin.user.id)).toMatchObject({ targetEmail: second, detail: `${second} → ${third}` });

    const fourth = `confirmed-${randomUUID()}@test.example`;
    expect((await t.request('POST', '/api/account/email', { token: admin.token, body: { email: fourth, currentPassword: TEST_PASSWORD } })).status).toBe(200);
    await confirmNewAddress(admin, fourth);
    expect(await latestEntry('admin.email_change', admin.user.id)).toMatchObject({ actorEmail: third, targetEmail: third, detail: `${third} → ${fourth}` });
  });

  it('no email change of a buyer', async () => {
    const before = await countOf('admin.email_change');
    await changeEmail(await t.registerUser('buyer'));
    expect(await countOf('admin.email_change')).toBe(before);
  });

  it('an admin closing their own account, by the email it had before it closed', async () => {
    const admin = await t.makeAdmin();
    const closed = await t.request('POST', '/api/account/delete', { token: admin.token, body: { password: TEST_PASSWORD }, remoteAddress: FROM });
    expect(closed.status).toBe(204);
    expect(await latestEntry('admin.account_close', admin.user.id)).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetEmail: admin.user.email,
      clientAddress: FROM,
    });
  });

  it("an admin opening a customer's details, still by the customer's old email after it changes", async () => {
    const admin = await t.makeAdmin();
    const seller = await t.registerUser('seller');
    const opened = await t.request('GET', `/api/admin/customers/${seller.user.id}`, { token: admin.token, remoteAddress: FROM });
    expect(opened.status).toBe(200);
    await changeEmail(seller);
    expect(await latestEntry('customer.view', seller.user.id)).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetEmail: seller.user.email,
      clientAddress: FROM,
    });
  });

  it("an action on a customer, by the customer's email when it was taken", async () => {
    const admin = await t.makeAdmin();
    const seller = await t.registerUser('seller');
    expect((await t.request('POST', `/api/admin/customers/${seller.user.id}/extend-trial`, { token: admin.token, body: { days: 3 } })).status).toBe(200);
    await changeEmail(seller);
    expect(await latestEntry('customer.extend_trial', seller.user.id)).toMatchObject({ targetEmail: seller.user.email });
  });
});
