/**
 * The one authorization layer: every route names who may call it with one of
 * these guards. Ownership of rows is checked by the domain functions.
 */
import { createMiddleware } from 'hono/factory';
import type { UserRole } from '../../sync/contract/constants';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { can, type TeamAction } from '../../sync/rules/team-permissions';
import type { AppEnv, Member, Session } from '../context';

/** Anyone, signed in or not. */
export const open = createMiddleware<AppEnv>(async (_c, next) => next());

/** Any signed-in user whose role is listed. */
export function allow(...roles: UserRole[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get('session');
    if (!session) throw new AppError('unauthenticated', 'Unauthorized: please sign in.');
    if (!roles.includes(session.user.role)) {
      throw new AppError('forbidden', "You don't have permission to do this.");
    }
    await next();
  });
}

export const anySignedIn = allow('admin', 'seller', 'buyer');

/** The signed-in session of a route guarded by `allow`. */
export function sessionOf(c: { get(key: 'session'): Session | null }): Session {
  const session = c.get('session');
  if (!session) throw new AppError('unauthenticated', 'Unauthorized: please sign in.');
  return session;
}

/** The account of the team the signed-in person acts for: whose catalogue, menus, inbox and subscription a request reads and writes. */
export function teamAccountOf(c: { get(key: 'session'): Session | null }): User {
  return sessionOf(c).team.account;
}

/** The signed-in person as a member of their team: who made a change, with which role. */
export function memberOf(c: { get(key: 'session'): Session | null }): Member {
  const session = sessionOf(c);
  return { userId: session.user.id, role: session.team.role };
}

/** A member whose role allows `action` (see `sync/rules/team-permissions.ts`); put after a role guard. */
export function teamMay(action: TeamAction, message: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!can(sessionOf(c).team.role, action)) throw new AppError('forbidden', message);
    await next();
  });
}
