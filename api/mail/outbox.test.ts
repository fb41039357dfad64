import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
import { notify, sendAccountMail } from './mail-service';
import { claimOutboxRow } from '../db/repositories/mail';
import { MailOutbox, nextAttemptAfter } from './outbox';
import { transportFromEnv } from './transport';
import { compose } from './templates/layout';
import { newMessageMail } from './templates/notifications';
import { rawHeader, startSmtpCatcher, type SmtpCatcher } from './testing/smtp-catcher';

const content = (subject: string) => compose({ subject, greeting: 'Hello Sam,', paragraphs: ['Body line'], reason: 'You get this email because of a test.' });

async function queueAccountMail(t: TestApp, email: string, subject: string) {
  await t.services.db.transaction(async (tx) => sendAccountMail(t.services, tx, { userId: null, email }, 'test', content(subject)));
}

const outboxRows = async (t: TestApp) => await t.services.db.read.select().from(mailOutbox).all();

describe('mail over SMTP', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Wholesale Menus <menus@shop.example>' } });
  });
  afterAll(async () => {
    t.close();
    await smtp.stop();
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });

  it('delivers a queued message with a text and an HTML part from MAIL_FROM, and records it as sent', async () => {
    await queueAccountMail(t, 'sam@shop.example', 'Hello there');
    expect(smtp.messages).toHaveLength(0);
    expect(await t.services.mail.deliverDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.subject).toBe('Hello there');
    expect(message!.from?.value).toEqual([{ name: 'Wholesale Menus', address: 'menus@shop.example' }]);
    expect(message!.to && 'text' in message!.to ? message!.to.text : '').toBe('sam@shop.example');
    expect(message!.text).toContain('Wholesale Menus');
    expect(message!.text).toContain('Body line');
    expect(message!.text).toContain('You get this email because of a test.');
    expect(message!.html).toContain('<p>Body line</p>');
    const [row] = (await outboxRows(t)).filter((r) => r.subject === 'Hello there');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, toAddress: 'sam@shop.example' });
    expect(row!.sentAt).not.toBeNull();
    expect(await t.services.mail.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('holds mail while the SMTP server is down, retries with growing delays and sends it once when it is back', async () => {
    await smtp.stop();
    await queueAccountMail(t, 'sam@shop.example', 'Sent after the outage');
    expect(await t.services.mail.deliverDue()).toBe(0);
    let [row] = (await outboxRows(t)).filter((r) => r.subject === 'Sent after the outage');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    const firstRetryAt = row!.nextAttemptAt.getTime();
    expect(firstRetryAt).toBeGreaterThan(t.clock.now().getTime());

    // Not due yet: nothing is tried.
    expect(await t.services.mail.deliverDue()).toBe(0);
    expect((await outboxRows(t)).find((r) => r.id === row!.id)!.attempts).toBe(1);

    t.clock.advance(firstRetryAt - t.clock.now().getTime());
    expect(await t.services.mail.deliverDue()).toBe(0);
    row = (await outboxRows(t)).find((r) => r.id === row!.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(firstRetryAt - row!.createdAt.getTime());

    await smtp.start();
    t.clock.advance(row!.nextAttemptAt.getTime() - t.clock.now().getTime());
    const rounds = await Promise.all([t.services.mail.deliverDue(), t.services.mail.deliverDue()]);
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Sent after the outage']);
    expect((await outboxRows(t)).find((r) => r.id === row!.id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('gives a message up after a day of failures', async () => {
    await smtp.stop();
    await queueAccountMail(t, 'sam@shop.example', 'Never delivered');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (let hour = 0; hour <= 25; hour += 1) {
        await t.services.mail.deliverDue();
        t.clock.advance(60 * 60 * 1000);
      }
      await t.services.mail.deliverDue();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Gave up sending "Never delivered"'));
    } finally {
      warn.mockRestore();
      await smtp.start();
    }
    const row = (await outboxRows(t)).find((r) => r.subject === 'Never delivered');
    expect(row!.status).toBe('failed');
    t.clock.advance(DAY_MS);
    expect(await t.services.mail.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends a message once when two processes sharing the database deliver at the same time', async () => {
    const otherProcess = new MailOutbox(t.services.db, transportFromEnv(t.services.env), t.services.now);
    for (const n of [1, 2, 3]) await queueAccountMail(t, 'sam@shop.example', `Shared ${n}`);
    const rounds = await Promise.all([t.services.mail.deliverDue(), otherProcess.deliverDue(), t.services.mail.deliverDue(), otherProcess.deliverDue()]);
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(3);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Shared 1', 'Shared 2', 'Shared 3']);
  });

  it('leaves a message claimed by a process that died mid-send to the others once the claim runs out', async () => {
    await queueAccountMail(t, 'sam@shop.example', 'Claimed and abandoned');
    const row = (await outboxRows(t)).find((r) => r.subject === 'Claimed and abandoned')!;
    const now = t.clock.now();
    await t.services.db.transaction(async (tx) => claimOutboxRow(tx.db, row.id, now, new Date(now.getTime() + 2 * 60_000)));
    expect(await t.services.mail.deliverDue()).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await t.services.mail.deliverDue()).toBe(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Claimed and abandoned']);
  });

  it('sends nothing when the change that queued the mail is rolled back', async () => {
    await expect(
      t.services.db.transaction(async (tx) => {
        sendAccountMail(t.services, tx, { userId: null, email: 'sam@shop.example' }, 'test', content('Rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.services.mail.deliverDue();
    expect(smtp.messages).toHaveLength(0);
    expect((await outboxRows(t)).some((r) => r.subject === 'Rolled back')).toBe(false);
  });

  it('gives a notification a one-click unsubscribe link and headers that turn that kind off', async () => {
    const seller = await t.registerUser('seller', { firstName: 'Sally' });
    const send = () =>
      t.services.db.transaction((tx) =>
        notify(t.services, tx, seller.user.id, 'new-message', (recipient, unsubscribeUrl) =>
          newMessageMail({ name: recipient.firstName ?? recipient.email, buyer: 'Bob', menuName: 'Spring', excerpt: 'Hi!', url: 'http://x/inbox', unsubscribeUrl }),
        ),
      );
    expect(await send()).toBe(true);
    await t.services.mail.deliverDue();
    const message = smtp.messages.find((m) => m.subject === 'New message from Bob');
    expect(message).toBeDefined();
    expect(rawHeader(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(rawHeader(message!, 'List-Unsubscribe')!.replace(/^<|>$/g, ''));
    expect(message!.text).toContain(`Unsubscribe from these emails: ${url.href}`);
    expect(message!.text).toContain('You get this email because you asked to be told when a buyer sends you a message');

    const page = await t.request<string>('GET', `${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('A buyer sends a message');
    // The one-click post a mail client makes (RFC 8058).
    const done = await t.request<string>('POST', `${url.pathname}${url.search}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain('You are unsubscribed');

    expect(await send()).toBe(false);
    const forged = await t.request<string>('POST', `${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -2)}xx`);
    expect(forged.status).toBe(400);
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  it('writes each message as an .eml file under DATA_DIR/mail and logs its subject', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await queueAccountMail(t, 'dev@shop.example', 'Written to a file');
      expect(await t.services.mail.deliverDue()).toBe(1);
      expect(info).toHaveBeenCalledWith(expect.stringContaining('Mail to dev@shop.example: Written to a file'));
    } finally {
      info.mockRestore();
    }
    const dir = join(t.dir, 'mail');
    const files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Written to a file');
    expect(eml).toContain('To: dev@shop.example');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect((await t.services.db.read.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Written to a file')).get())!.status).toBe('sent');
  });
});

describe('nextAttemptAfter', () => {
  const tuning = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, giveUpAfterMs: DAY_MS, pollMs: 1000, batchSize: 10, claimMs: 120_000 };
  const created = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(created.getTime() + ms);

  it('doubles the delay after each failure up to the ceiling', () => {
    expect(nextAttemptAfter(created, 1, at(0), tuning)).toEqual(at(60_000));
    expect(nextAttemptAfter(created, 2, at(60_000), tuning)).toEqual(at(180_000));
    expect(nextAttemptAfter(created, 10, at(1_000_000), tuning)).toEqual(at(4_600_000));
  });

  it('never retries past a day from queueing, and gives up at that point', () => {
    expect(nextAttemptAfter(created, 30, at(DAY_MS - 1000), tuning)).toEqual(at(DAY_MS));
    expect(nextAttemptAfter(created, 31, at(DAY_MS), tuning)).toBeNull();
  });
});
