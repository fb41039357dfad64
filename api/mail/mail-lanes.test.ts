/**
 * Account mail (a reset, a confirmation, an invitation, a change of address) goes ahead of and apart from
 * notifications: with thousands of notifications queued before it, and the mail server slow to take them, each
 * account message is sent in the first round, and the notifications go on in their own lane.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { notify } from './mail-service';
import { MailOutbox } from './outbox';
import { compose } from './templates/layout';
import type { MailTransport, OutgoingMail } from './transport';

const NOTIFICATIONS = 2_000;
const BATCH_SIZE = 20;

/** A mail server that takes account mail at once, and holds each notification until `release` (a busy server). */
function slowForNotifications() {
  const sent: OutgoingMail[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const isNotification = (mail: OutgoingMail) => 'List-Unsubscribe' in mail.headers;
  const waiters: Array<{ count: number; done: () => void }> = [];
  const transport: MailTransport = {
    async send(mail) {
      if (isNotification(mail)) await released;
      sent.push(mail);
      const accountMail = sent.filter((one) => !isNotification(one)).length;
      for (const waiter of waiters) if (accountMail >= waiter.count) waiter.done();
      return randomUUID();
    },
  };
  /** Resolves once this many account messages were sent. */
  const accountMailSent = (count: number) => new Promise<void>((done) => waiters.push({ count, done }));
  return { transport, sent, release, accountMailSent, isNotification };
}

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('account mail', () => {
  it('is sent in the first round, ahead of thousands of notifications queued before it, while the mail server is still busy with them', async () => {
    const server = slowForNotifications();
    t.services.mail = new MailOutbox(t.services.db, server.transport, t.services.now, { batchSize: BATCH_SIZE });
    const seller = await t.registerUser('seller');
    await t.services.db.transaction(async (tx) => {
      for (let n = 0; n < NOTIFICATIONS; n++) {
        await notify(t.services, tx, seller.user.id, 'order-request', (_, unsubscribeUrl) =>
          compose({ subject: `Order SO-${1001 + n} submitted`, greeting: 'Hello,', paragraphs: ['A new order.'], reason: 'You take part in this order.', unsubscribeUrl }),
        );
      }
    });

    // Then each kind of account mail: a reset, a confirmation (on registering), an invitation, a change of address.
    const buyer = await t.registerUser('buyer');
    const invitee = `rep-${randomUUID()}@test.example`;
    const newAddress = `moved-${randomUUID()}@test.example`;
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: seller.user.email } })).status).toBeLessThan(300);
    // A reset request is answered off the request (api/auth/reset-requests.ts): answering it queues the mail.
    expect(await t.services.resetRequests.answerWaiting()).toBe(1);
    expect((await t.request('POST', '/api/team/invitations', { token: seller.token, body: { email: invitee, role: 'rep' } })).status).toBe(201);
    expect((await t.request('POST', '/api/account/email', { token: buyer.token, body: { email: newAddress, currentPassword: TEST_PASSWORD } })).status).toBe(200);

    const accountMail = [
      { to: seller.user.email, subject: 'Welcome to Wholesale Menus: please confirm your email' },
      { to: buyer.user.email, subject: 'Welcome to Wholesale Menus: please confirm your email' },
      { to: seller.user.email, subject: 'Reset your Wholesale Menus password' },
      { to: invitee, subject: expect.stringMatching(/invites you to .* on Wholesale Menus$/) },
      { to: newAddress, subject: 'Confirm your new Wholesale Menus email address' },
      { to: buyer.user.email, subject: 'Your Wholesale Menus email address is changing' },
    ];
    const accountMailSent = server.accountMailSent(accountMail.length);
    const round = t.services.mail.deliverDue();
    await accountMailSent;
    // Every account message went while the server still held the first notification of the round.
    expect(server.sent.map(({ to, subject }) => ({ to, subject }))).toEqual(expect.arrayContaining(accountMail));
    expect(server.sent).toHaveLength(accountMail.length);

    server.release();
    expect(await round).toBe(server.sent.length);
    // The notifications go on in their own lane, a batch a round.
    expect(server.sent.filter(server.isNotification)).toHaveLength(BATCH_SIZE);
    const pending = (await t.services.db.read.select().from(mailOutbox).all()).filter((row) => row.status === 'pending');
    expect(pending).toHaveLength(NOTIFICATIONS - BATCH_SIZE);
    expect(pending.every((row) => row.kind === 'order-request')).toBe(true);
  }, 120_000);
});
