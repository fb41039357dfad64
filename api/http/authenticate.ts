/** Reads the bearer token, if any, and puts the live session on the request. */
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { authenticateToken } from '../auth/auth-service';
import type { AppEnv } from '../context';

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const services = c.get('services');
  c.set('clientAddress', clientAddress(c, services.env.TRUST_PROXY));
  const header = c.req.header('authorization');
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) {
    c.set('session', null);
    return next();
  }
  // A token that is no longer good makes the request anonymous: open routes still answer, guarded ones say 401.
  c.set('session', await authenticateToken(services, token));
  return next();
});

function clientAddress(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
