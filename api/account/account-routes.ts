/** /api/account/*: account care for the signed-in person, and the address-confirmation link from an email. */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../context';
import { allow, open, sessionOf } from '../http/access';
import { readJson } from '../http/read-json';
import { PRODUCT_NAME } from '../mail/templates/layout';
import {
  changePassword,
  closeAccount,
  confirmEmail,
  emailPreferences,
  exportAccount,
  requestEmailChange,
  resendConfirmation,
  updateEmailPreferences,
} from './account-service';

const selfService = allow('admin', 'seller', 'buyer');

const confirmationPage = (title: string, detail: string) => html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${PRODUCT_NAME}</title></head>
  <body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1c1917">
    <p style="font-weight:bold;color:#166534">${PRODUCT_NAME}</p>
    <h1 style="font-size:22px">${title}</h1>
    <p>${detail}</p>
    <p><a href="/">Open ${PRODUCT_NAME}</a></p>
  </body>
</html>`;

export const accountRoutes = new Hono<AppEnv>()
  .post('/account/password', selfService, async (c) => {
    await changePassword(c.get('services'), sessionOf(c), await readJson(c), c.get('clientAddress'));
    return c.body(null, 204);
  })
  .post('/account/email', selfService, async (c) => {
    const message = await requestEmailChange(c.get('services'), sessionOf(c).user, await readJson(c));
    return c.json({ message });
  })
  .post('/account/confirm-email/resend', selfService, async (c) => c.json({ message: await resendConfirmation(c.get('services'), sessionOf(c).user) }))
  .get('/account/confirm-email', open, async (c) => {
    try {
      const user = await confirmEmail(c.get('services'), c.req.query('token') ?? '', c.get('clientAddress'));
      return c.html(confirmationPage('Email confirmed', `${user.email} is confirmed as the address of your account.`));
    } catch (error) {
      return c.html(confirmationPage('This link no longer works', error instanceof Error ? error.message : 'Please ask for a new one.'), 400);
    }
  })
  .get('/account/notifications', selfService, async (c) => c.json(await emailPreferences(c.get('services'), sessionOf(c).user)))
  .put('/account/notifications', selfService, async (c) =>
    c.json(await updateEmailPreferences(c.get('services'), sessionOf(c).user, await readJson(c))),
  )
  .get('/account/export', selfService, async (c) => {
    const data = await exportAccount(c.get('services'), sessionOf(c).user);
    c.header('Content-Disposition', `attachment; filename="wholesale-menus-data-${data.exportedAt.slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  })
  .post('/account/delete', selfService, async (c) => {
    await closeAccount(c.get('services'), sessionOf(c).user, await readJson(c), c.get('clientAddress'));
    return c.body(null, 204);
  });
