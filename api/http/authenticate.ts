/** Reads the bearer token, if any, and puts the live session on the request. */
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { authenticateToken } from '../auth/auth-service';
import type { AppEnv } from '../context';
import { requestHeader } from '../platform/http/request-headers';

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const services = c.get('services');
  c.set('clientAddress', clientAddress(c, services.env.TRUST_PROXY));
  const header = requestHeader(c, 'authorization');
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) {
    c.set('session', null);
    return next();
  }
  // A token that is no longer good makes the request anonymous: open routes still answer, guarded ones say 401.
  c.set('session', await authenticateToken(services, token));
  return next();
});

function clientAddress(c: Parameters<typeof getConnInfo>[0], trustedProxies: number): string {
  let peer = 'unknown';
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (an in-process request): the address stays unknown.
  }
  return clientAddressBehind(peer, requestHeader(c, 'x-forwarded-for'), trustedProxies);
}

/**
 * The client's address behind `trustedProxies` proxies: each proxy appends the
 * address it received the request from to X-Forwarded-For, so the right-most
 * entry the outermost trusted proxy wrote is the client. Entries further left
 * are the client's own words and are never trusted.
 */
export function clientAddressBehind(peer: string, forwardedFor: string | undefined, trustedProxies: number): string {
  if (trustedProxies === 0) return peer;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // From the socket inwards: the peer, then what each proxy appended, right to left.
  const chain = [peer, ...hops.reverse()];
  return chain[Math.min(trustedProxies, chain.length - 1)]!;
}
