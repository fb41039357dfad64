/**
 * /api/mail/unsubscribe: the link in a notification's footer opens a page
 * with one button; mail clients post to the same address straight from the
 * List-Unsubscribe-Post header (RFC 8058). Only a POST turns the kind off, so
 * link scanners that open every link do not unsubscribe anyone.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { NOTIFICATION_CHOICES } from '../../sync/entities/email-preferences';
import type { AppEnv } from '../context';
import { setOptOut } from '../db/repositories/mail';
import { findUserById } from '../db/repositories/users';
import { open } from '../http/access';
import { PRODUCT_NAME } from './templates/layout';
import { readUnsubscribeToken } from './unsubscribe-token';

const page = (title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${PRODUCT_NAME}</title>
      </head>
      <body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1c1917">
        <p style="font-weight:bold;color:#166534">${PRODUCT_NAME}</p>
        <h1 style="font-size:22px">${title}</h1>
        ${body}
      </body>
    </html>`;

const INVALID = page('This unsubscribe link is not valid', html`<p>Manage your emails under Profile, Notifications.</p>`);

export const mailRoutes = new Hono<AppEnv>()
  .get('/mail/unsubscribe', open, (c) => {
    const subscription = readUnsubscribeToken(c.get('services').env.JWT_SECRET, c.req.query('token') ?? '');
    if (!subscription) return c.html(INVALID, 400);
    const label = NOTIFICATION_CHOICES[subscription.kind].label;
    return c.html(
      page(
        'Unsubscribe',
        html`<p>Stop emails for: <strong>${label}</strong>?</p>
          <form method="post"><button type="submit" style="padding:10px 16px">Unsubscribe</button></form>`,
      ),
    );
  })
  .post('/mail/unsubscribe', open, async (c) => {
    const services = c.get('services');
    const subscription = readUnsubscribeToken(services.env.JWT_SECRET, c.req.query('token') ?? '');
    if (!subscription) return c.html(INVALID, 400);
    await services.db.transaction(async (tx) => {
      // The account may be gone since the email was sent: then there is nothing left to turn off.
      if (await findUserById(tx.db, subscription.userId)) await setOptOut(tx.db, subscription.userId, subscription.kind, true, services.now());
    });
    const label = NOTIFICATION_CHOICES[subscription.kind].label;
    return c.html(page('You are unsubscribed', html`<p>You will no longer get emails for: <strong>${label}</strong>. Turn them back on under Profile, Notifications.</p>`));
  });
