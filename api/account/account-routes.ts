/** /api/account/*: account care for the signed-in person, and the confirmation of an emailed address link. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { changeEmailInputSchema, changePasswordInputSchema, confirmEmailInputSchema, deleteAccountInputSchema } from '../../sync/entities/account';
import { emailPreferencesUpdateSchema } from '../../sync/entities/email-preferences';
import type { AppEnv } from '../context';
import { allow, open, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { changePassword, closeAccount, confirmEmail, emailPreferences, exportAccount, resendConfirmation, updateEmailPreferences } from './account-service';
import { cancelEmailChange, pendingEmailChange, requestEmailChange } from './email-change';

const selfService = allow('admin', 'seller', 'buyer');

export const accountRoutes = new Hono<AppEnv>()
  .post('/account/password', selfService, async (c) => {
    await changePassword(c.get('services'), sessionOf(c), parseOrThrow(changePasswordInputSchema, await readJson(c)), c.get('clientAddress'));
    return c.body(null, 204);
  })
  .post('/account/email', selfService, async (c) => {
    const message = await requestEmailChange(c.get('services'), sessionOf(c).user, parseOrThrow(changeEmailInputSchema, await readJson(c)));
    return c.json({ message });
  })
  .get('/account/email-change', selfService, async (c) => c.json({ pending: await pendingEmailChange(c.get('services'), sessionOf(c).user) }))
  .delete('/account/email-change', selfService, async (c) => {
    await cancelEmailChange(c.get('services'), sessionOf(c).user);
    return c.body(null, 204);
  })
  .post('/account/confirm-email/resend', selfService, async (c) => c.json({ message: await resendConfirmation(c.get('services'), sessionOf(c).user) }))
  // Emailed links open the app's page, which confirms with the POST below, so following a link (as a mail scanner does) changes nothing; links sent before that page existed go on to it.
  .get('/account/confirm-email', open, (c) => c.redirect(`/confirm-email?${new URLSearchParams({ token: c.req.query('token') ?? '' })}`, 302))
  .post('/account/confirm-email', open, async (c) =>
    c.json(await confirmEmail(c.get('services'), parseOrThrow(confirmEmailInputSchema, await readJson(c)), c.get('session'), c.get('clientAddress'))),
  )
  .get('/account/notifications', selfService, async (c) => c.json(await emailPreferences(c.get('services'), sessionOf(c).user)))
  .put('/account/notifications', selfService, async (c) =>
    c.json(await updateEmailPreferences(c.get('services'), sessionOf(c).user, parseOrThrow(emailPreferencesUpdateSchema, await readJson(c)))),
  )
  .get('/account/export', selfService, async (c) => {
    const data = await exportAccount(c.get('services'), sessionOf(c).user);
    c.header('Content-Disposition', `attachment; filename="wholesale-menus-data-${data.exportedAt.slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  })
  .post('/account/delete', selfService, async (c) => {
    await closeAccount(c.get('services'), sessionOf(c), parseOrThrow(deleteAccountInputSchema, await readJson(c)), c.get('clientAddress'));
    return c.body(null, 204);
  });
