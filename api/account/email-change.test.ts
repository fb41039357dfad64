/**
 * Changing an account's email: a borrowed session cannot do it (by REST, by a
 * sync push, for a seller or an admin), and the owner's change waits for the
 * link sent to the new address, which a page confirms with a POST.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIRM_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_PASSWORD_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  type PendingEmailChange,
} from '../../sync/entities/account';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PushResponse } from '../../sync/contract/protocol';
import { WRONG_PASSWORD_MESSAGE } from '../auth/current-password';
import { EMAIL_CHANGES_PER_HOUR } from '../limits/quotas';
import { linkInMailTo, mailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const newAddress = () => `new-${randomUUID()}@test.example`;
const signIn = (email: string, password = TEST_PASSWORD) => t.request<AuthResponse>('POST', '/api/auth/login', { body: { email, password } });
const me = async (token: string) => (await t.request<User>('GET', '/api/auth/me', { token })).body;
const putProfile = (token: string, body: unknown) => t.request<User & ErrorBody>('PUT', '/api/auth/user', { token, body });
const askForChange = (token: string, email: string, currentPassword = TEST_PASSWORD) =>
  t.request<{ message: string } & ErrorBody>('POST', '/api/account/email', { token, body: { email, currentPassword } });
const pending = async (token: string) => (await t.request<{ pending: PendingEmailChange | null }>('GET', '/api/account/email-change', { token })).body.pending;
const push = (token: string, args: unknown) =>
  t.request<PushResponse & ErrorBody>('POST', '/api/sync/push', { token, body: { clientId: randomUUID(), mutations: [{ seq: 1, name: 'profile.update', args }] } });
const changeLink = (address: string) => linkInMailTo(t.services, address, '/confirm-email');
const confirm = (link: URL, token?: string) =>
  t.request<{ email: string; message: string } & ErrorBody>('POST', '/api/account/confirm-email', { token, body: { token: link.searchParams.get('token') } });
let client = 0;
/** Each from its own address, so the per-client reset limit stays out of these tests; answered, as the server does off the request. */
async function forgot(email: string) {
  const res = await t.request('POST', '/api/auth/forgot-password', { body: { email }, remoteAddress: `10.9.0.${++client}` });
  await t.services.resetRequests.answerWaiting();
  return res;
}
const resetTokenFor = async (email: string) => (await linkInMailTo(t.services, email, '/reset-password')).searchParams.get('token');
const resetWith = (token: string | null, password: string) => t.request<ErrorBody>('POST', '/api/auth/reset-password', { body: { token, password } });

describe('a session without the password', () => {
  it.each(['seller', 'admin'] as const)('cannot move an account (%s) to another address, by PUT or by a sync push, and no mail reaches that address', async (role) => {
    const owner = role === 'admin' ? await t.makeAdmin() : await t.registerUser('seller', { businessName: 'Kept Farms' });
    const before = await me(owner.token);
    const attacker = newAddress();

    const withoutPassword = await putProfile(owner.token, { email: attacker, firstName: 'Mallory' });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.errors).toEqual({ currentPassword: EMAIL_CHANGE_PASSWORD_MESSAGE });
    const wrongPassword = await putProfile(owner.token, { email: attacker, currentPassword: 'a-guess', firstName: 'Mallory' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ currentPassword: WRONG_PASSWORD_MESSAGE });

    const pushed = await push(owner.token, { email: attacker, city: 'Elsewhere' });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results).toEqual([{ seq: 1, outcome: 'refused', reason: 'validation', message: EMAIL_CHANGE_PASSWORD_MESSAGE }]);
    const guessed = await push(owner.token, { email: attacker, currentPassword: 'another-guess', city: 'Elsewhere' });
    expect(guessed.body.results).toEqual([{ seq: 1, outcome: 'refused', reason: 'validation', message: WRONG_PASSWORD_MESSAGE }]);

    // Nothing of those calls was kept: not the address, nor the other fields sent with it.
    const after = await me(owner.token);
    expect(after).toEqual(before);
    expect(await pending(owner.token)).toBeNull();
    expect(await forgot(attacker)).toMatchObject({ status: 200 });
    expect(await mailTo(t.services, attacker)).toEqual([]);
    expect((await signIn(before.email)).status).toBe(200);
  });

  it('still saves the profile when the email sent is the current one', async () => {
    const buyer = await t.registerUser('buyer');
    const saved = await putProfile(buyer.token, { email: buyer.user.email.toUpperCase(), companyName: 'Northside' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: buyer.user.email, companyName: 'Northside' });
  });
});

describe('a change with the current password', () => {
  it('waits for the link; following it changes nothing, and its page confirms with a POST that ends the other sessions and tells the old address', async () => {
    const seller = await t.registerUser('seller', { firstName: 'Sally' });
    const otherDevice = (await signIn(seller.user.email)).body.token;
    const moved = newAddress();

    const saved = await putProfile(seller.token, { email: moved, currentPassword: TEST_PASSWORD, businessName: 'Moving Farms' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: seller.user.email, businessName: 'Moving Farms' });
    expect(await pending(seller.token)).toMatchObject({ email: moved });
    const notice = (await mailTo(t.services, seller.user.email)).at(-1)!;
    expect(notice.subject).toBe('Your Wholesale Menus email address is changing');
    expect(notice.text).toContain(moved);
    expect((await mailTo(t.services, moved)).map((mail) => mail.subject)).toEqual(['Confirm your new Wholesale Menus email address']);

    const link = await changeLink(moved);
    expect(link.pathname).toBe('/confirm-email');
    const followed = await t.request('GET', `/api/account/confirm-email${link.search}`);
    expect(followed.status).toBe(302);
    expect((await me(seller.token)).email).toBe(seller.user.email);
    expect(await pending(seller.token)).toMatchObject({ email: moved });

    const confirmed = await confirm(link, seller.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: moved, message: `Your email is now ${moved}. Every other device was signed out.` });
    const now = await me(seller.token);
    expect(now.email).toBe(moved);
    expect(now.emailConfirmedAt).not.toBeNull();
    expect((await t.request('GET', '/api/auth/me', { token: otherDevice })).status).toBe(401);
    const told = (await mailTo(t.services, seller.user.email)).at(-1)!;
    expect(told.subject).toBe('Your Wholesale Menus email address was changed');
    expect(told.text).toContain(moved);
    expect((await signIn(moved)).status).toBe(200);
    expect((await signIn(seller.user.email)).status).toBe(401);
    expect(await pending(seller.token)).toBeNull();
    expect((await confirm(link)).body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
  });

  it('keeps a confirmed mark with the address it was given to: the new address is confirmed by its link, and an older link of the old address is void', async () => {
    const buyer = await t.registerUser('buyer');
    const welcome = await linkInMailTo(t.services, buyer.user.email, '/confirm-email');
    const moved = newAddress();
    expect((await askForChange(buyer.token, moved)).body.message).toBe(EMAIL_CHANGE_SENT_MESSAGE);
    expect((await me(buyer.token)).emailConfirmedAt).toBeNull();
    // Confirmed from a device signed out (no session): every session of the account ends.
    expect((await confirm(await changeLink(moved))).body.message).toBe(`Your email is now ${moved}. Sign in with it from now on: every device was signed out.`);
    expect((await t.request('GET', '/api/auth/me', { token: buyer.token })).status).toBe(401);
    const signedIn = (await signIn(moved)).body;
    expect(signedIn.user.emailConfirmedAt).not.toBeNull();
    expect((await confirm(welcome)).body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
    expect((await me(signedIn.token)).email).toBe(moved);
  });

  it('starts from a sync push as from the REST call, saving the other fields', async () => {
    const buyer = await t.registerUser('buyer');
    const moved = newAddress();
    const pushed = await push(buyer.token, { email: moved, currentPassword: TEST_PASSWORD, city: 'Denver' });
    expect(pushed.body.results).toEqual([{ seq: 1, outcome: 'applied' }]);
    expect(await me(buyer.token)).toMatchObject({ email: buyer.user.email, city: 'Denver' });
    expect(await pending(buyer.token)).toMatchObject({ email: moved });
    expect((await confirm(await changeLink(moved), buyer.token)).status).toBe(200);
    expect((await me(buyer.token)).email).toBe(moved);
  });

  it('refuses an address another account confirmed, when asked and when the link is followed', async () => {
    const buyer = await t.registerUser('buyer');
    const other = await t.registerUser('seller');
    await t.confirmEmail(other);
    const taken = await askForChange(buyer.token, other.user.email);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: EMAIL_TAKEN_MESSAGE });

    const moved = newAddress();
    await askForChange(buyer.token, moved);
    const link = await changeLink(moved);
    const quick = await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email: moved, password: 'someone-else', firstName: 'Quick', role: 'buyer' } });
    expect(quick.status).toBe(201);
    await t.confirmEmail(quick.body);
    const late = await confirm(link, buyer.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(EMAIL_TAKEN_MESSAGE);
    expect((await me(buyer.token)).email).toBe(buyer.user.email);
  });

  it('takes the address from an account that registered it and never confirmed it', async () => {
    const buyer = await t.registerUser('buyer');
    const moved = newAddress();
    await askForChange(buyer.token, moved);
    const link = await changeLink(moved);
    const squatter = await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email: moved, password: 'someone-else', firstName: 'Quick', role: 'buyer' } });
    expect(squatter.status).toBe(201);
    expect((await confirm(link, buyer.token)).status).toBe(200);
    expect((await me(buyer.token)).email).toBe(moved);
    expect((await t.request('GET', '/api/auth/me', { token: squatter.body.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: { email: moved, password: 'someone-else' } })).status).toBe(401);
  });

  it('can be canceled by the owner: the link then no longer works', async () => {
    const seller = await t.registerUser('seller');
    const moved = newAddress();
    await askForChange(seller.token, moved);
    const link = await changeLink(moved);
    expect((await t.request('DELETE', '/api/account/email-change', { token: seller.token })).status).toBe(204);
    expect(await pending(seller.token)).toBeNull();
    expect((await confirm(link, seller.token)).body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
    expect((await me(seller.token)).email).toBe(seller.user.email);
  });

  it(`is limited to ${EMAIL_CHANGES_PER_HOUR} requests an hour per account, wrong passwords included, over REST and sync`, async () => {
    const seller = await t.registerUser('seller');
    expect((await askForChange(seller.token, newAddress())).status).toBe(200);
    expect((await askForChange(seller.token, newAddress(), 'not-the-password')).status).toBe(400);
    expect((await putProfile(seller.token, { email: newAddress(), currentPassword: TEST_PASSWORD })).status).toBe(200);

    const fourth = newAddress();
    const refused = await askForChange(seller.token, fourth);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many email change requests\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const pushed = await push(seller.token, { email: fourth, currentPassword: TEST_PASSWORD, city: 'Waiting' });
    expect(pushed.status).toBe(429);
    expect(pushed.headers.get('retry-after')).not.toBeNull();
    expect(await mailTo(t.services, fourth)).toEqual([]);
    expect((await me(seller.token)).city).toBeNull();

    t.clock.advance(HOUR_MS);
    expect((await askForChange(seller.token, fourth)).status).toBe(200);
  });
});

describe('links retired when the account changes', () => {
  /** An account with both kinds of link out: a reset link to its address and a change of address waiting for its own. */
  async function accountWithLinksOut(role: 'seller' | 'buyer') {
    const account = await t.registerUser(role);
    const moved = newAddress();
    await forgot(account.user.email);
    const reset = await resetTokenFor(account.user.email);
    await askForChange(account.token, moved);
    return { account, moved, reset, change: await changeLink(moved) };
  }

  it('a password reset ends a pending change, and its own link', async () => {
    const { account: seller, moved, reset, change } = await accountWithLinksOut('seller');

    expect((await resetWith(reset, 'after-reset')).status).toBe(200);
    expect((await confirm(change)).body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
    expect((await resetWith(reset, 'again-reset')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await signIn(seller.user.email, 'after-reset')).status).toBe(200);
    expect((await signIn(moved, 'after-reset')).status).toBe(401);
  });

  it('changing the password ends a pending change and a reset link', async () => {
    const { account: buyer, reset, change } = await accountWithLinksOut('buyer');

    expect((await t.request('POST', '/api/account/password', { token: buyer.token, body: { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' } })).status).toBe(204);
    expect((await resetWith(reset, 'reset-pass')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await confirm(change, buyer.token)).body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
    expect(await pending(buyer.token)).toBeNull();
  });

  it('confirming a new address ends a reset link sent to the old one', async () => {
    const { account: seller, reset, change } = await accountWithLinksOut('seller');
    expect((await confirm(change, seller.token)).status).toBe(200);
    expect((await resetWith(reset, 'reset-pass')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
  });

  it('closing the account ends a pending change and a reset link', async () => {
    const { account: buyer, moved, reset, change } = await accountWithLinksOut('buyer');
    expect((await t.request('POST', '/api/account/delete', { token: buyer.token, body: { password: TEST_PASSWORD } })).status).toBe(204);
    expect((await resetWith(reset, 'reset-pass')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await confirm(change)).body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
    expect((await signIn(moved)).status).toBe(401);
  });
});
