/** /api/auth/*: accounts and sessions, plus the browser navigations /api/login and /api/logout. */
import { Hono } from 'hono';
import type { AppEnv, Session } from '../context';
import { allow, anySignedIn, open, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { updateProfile } from '../users/profile-service';
import { withTeamBilling } from '../team/team-billing';
import { login, logout, register } from './auth-service';
import { requestPasswordReset, resetPassword } from './password-reset';
import { FORGOT_PASSWORD_SENT_MESSAGE, forgotPasswordInputSchema, isPendingRegistration, resetPasswordInputSchema } from '../../sync/entities/account';
import { parseOrThrow } from '../../sync/contract/validation';
import { registerWithInvitationSchema } from '../../sync/entities/team';
import { loginInputSchema, profileUpdateSchema, registerInputSchema } from '../../sync/entities/user';

/** The signed-in person with their team's subscription and trial. */
const seenByMember = (session: Session) => withTeamBilling(session.user, session.team.account);

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/register', open, async (c) => {
    const body = await readJson(c);
    // The account's fields are checked first, then the invitation, both in the one body.
    const input = { ...parseOrThrow(registerInputSchema, body), ...parseOrThrow(registerWithInvitationSchema, body) };
    const result = await register(c.get('services'), input, c.get('clientAddress'), c.req.header('user-agent'));
    // 202: the account waits for the link sent to its address.
    return isPendingRegistration(result) ? c.json(result, 202) : c.json(result, 201);
  })
  .post('/auth/login', open, async (c) => {
    const result = await login(c.get('services'), parseOrThrow(loginInputSchema, await readJson(c)), c.get('clientAddress'), c.req.header('user-agent'));
    return c.json(result);
  })
  .post('/auth/forgot-password', open, async (c) => {
    await requestPasswordReset(c.get('services'), parseOrThrow(forgotPasswordInputSchema, await readJson(c)), c.get('clientAddress'));
    return c.json({ message: FORGOT_PASSWORD_SENT_MESSAGE });
  })
  .post('/auth/reset-password', open, async (c) => {
    return c.json(await resetPassword(c.get('services'), parseOrThrow(resetPasswordInputSchema, await readJson(c)), c.get('clientAddress'), c.req.header('user-agent')));
  })
  .post('/auth/logout', anySignedIn, async (c) => {
    await logout(c.get('services'), sessionOf(c).sid);
    return c.body(null, 204);
  })
  .get('/auth/me', anySignedIn, (c) => c.json(seenByMember(sessionOf(c))))
  .get('/auth/user', anySignedIn, (c) => c.json(seenByMember(sessionOf(c))))
  .put('/auth/user', allow('admin', 'seller', 'buyer'), async (c) => {
    const session = sessionOf(c);
    return c.json(await updateProfile(c.get('services'), session.user, parseOrThrow(profileUpdateSchema, await readJson(c)), session.team));
  })
  // Browser navigations: the app's sign-in dialog and sign-out live in the page, so these hand over to it.
  .get('/login', open, (c) => c.redirect('/?auth=signin', 302))
  .get('/logout', open, (c) => c.redirect('/?logout=1', 302));
