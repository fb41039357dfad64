/** Password reset requests answered off the request: once each, never when stale, and again after an answer that failed. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailTo } from '../mail/testing/outbox-reader';
import { everyRow } from '../testing/database-tables';
import { createTestApp, type TestApp } from '../testing/test-app';
import { answerResetRequest, RESET_VALID_MINUTES } from './password-reset';
import { ResetRequestQueue } from './reset-requests';

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

const LINK_LIFE_MS = RESET_VALID_MINUTES * 60_000;
const askForReset = async (email: string) => expect((await t.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
const resetMailsTo = async (email: string) => (await mailTo(t.services, email)).filter((mail) => mail.kind === 'password-reset');
const waiting = async () => (await everyRow(t.services.db.read)).password_reset_requests;
/** Another process's queue on the same database. */
const otherProcess = () => new ResetRequestQueue(t.services.db, t.services.now, (tx, email) => answerResetRequest(t.services, tx, email), LINK_LIFE_MS);

describe('password reset requests', () => {
  it('are answered once, when two processes answer at the same time', async () => {
    const { user } = await t.registerUser('buyer');
    await askForReset(user.email);
    const taken = await Promise.all([t.services.resetRequests.answerWaiting(), otherProcess().answerWaiting()]);
    expect(taken[0] + taken[1]).toBe(1);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
    expect(await waiting()).toEqual([]);
  });

  it('are dropped unanswered once older than the link would live', async () => {
    const { user } = await t.registerUser('buyer');
    await askForReset(user.email);
    t.clock.advance(LINK_LIFE_MS + 1000);
    expect(await t.services.resetRequests.answerWaiting()).toBe(1);
    expect(await resetMailsTo(user.email)).toEqual([]);
    expect(await waiting()).toEqual([]);
  });

  it('stay to be answered by the next round when an answer fails, and say why', async () => {
    const { user } = await t.registerUser('buyer');
    await askForReset(user.email);
    const logged: string[] = [];
    const failing = new ResetRequestQueue(
      t.services.db,
      t.services.now,
      async () => {
        throw new Error('the mail templates are missing');
      },
      LINK_LIFE_MS,
      (line) => logged.push(line),
    );
    expect(await failing.answerWaiting()).toBe(0);
    expect(logged).toEqual(['A password reset request could not be answered, and waits for the next round: the mail templates are missing']);
    expect(await waiting()).toHaveLength(1);
    expect(await resetMailsTo(user.email)).toEqual([]);

    expect(await t.services.resetRequests.answerWaiting()).toBe(1);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
  });

  it('of a disabled account, or of an address with no account, are answered with no mail', async () => {
    const { user } = await t.registerUser('buyer');
    const admin = await t.makeAdmin();
    expect((await t.request('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    await askForReset(user.email);
    await askForReset('no-account-here@test.example');
    expect(await t.services.resetRequests.answerWaiting()).toBe(2);
    expect(await resetMailsTo(user.email)).toEqual([]);
    expect(await mailTo(t.services, 'no-account-here@test.example')).toEqual([]);
  });
});
