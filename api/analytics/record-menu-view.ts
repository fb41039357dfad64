/** Turns an opening of a public menu into a queued view, or into nothing for its seller and for bots. */
import type { Context } from 'hono';
import { parse, serialize } from 'hono/utils/cookie';
import type { User } from '../../sync/entities/user';
import type { AppEnv } from '../context';
import { requestCookie, requestHeader } from '../platform/http/request-headers';
import { randomUUID } from 'node:crypto';
import { identifyVisitor, isBot, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from './visitor';

/** Who is opening a seller's menu, or null for the seller themself and for bots, whose openings count for nothing. */
export function countedVisitor(c: Context<AppEnv>, sellerId: string): { key: string; addressKey: string | null; user: User | null } | null {
  const user = c.get('session')?.user ?? null;
  const userAgent = requestHeader(c, 'user-agent');
  // The seller looking at their own menu, and a fetcher building a link preview, are not visitors.
  if (user?.id === sellerId || isBot(userAgent)) return null;
  const visitor = identifyVisitor({
    userId: user?.id ?? null,
    cookie: requestCookie(c, VISITOR_COOKIE),
    address: c.get('clientAddress'),
    userAgent,
    secret: c.get('services').env.JWT_SECRET,
  });
  if (visitor.newCookie) setVisitorCookie(c, visitor.newCookie);
  return { key: visitor.key, addressKey: visitor.addressKey, user };
}

export function recordMenuView(c: Context<AppEnv>, menu: { menuId: string; sellerId: string }): void {
  const visitor = countedVisitor(c, menu.sellerId);
  if (!visitor) return;
  const services = c.get('services');
  services.views.record({
    menuId: menu.menuId,
    visitorKey: visitor.key,
    userId: visitor.user?.id ?? null,
    userRole: visitor.user?.role ?? null,
    addressKey: visitor.addressKey,
    at: services.now(),
  });
}

function setVisitorCookie(c: Context<AppEnv>, value: string): void {
  c.header('Set-Cookie', visitorCookie(value, reachedOverHttps(c)), { append: true });
}

/** Whether the visitor's own connection is HTTPS: this server's, or the one a proxy in front of it took. */
function reachedOverHttps(c: Context<AppEnv>): boolean {
  return c.req.url.startsWith('https:') || requestHeader(c, 'x-forwarded-proto') === 'https';
}

function visitorCookie(value: string, secure: boolean): string {
  return serialize(VISITOR_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: VISITOR_COOKIE_MAX_AGE_S });
}

/**
 * The menu page hands a new browser its own visitor id before the page asks
 * for the menu, so two people behind one address with the same browser are
 * two visitors; only a client that keeps no cookies falls back to address
 * and user agent. The Set-Cookie value for a request's headers, or null when
 * it brought an id (or is a bot).
 */
export function newVisitorCookie(request: { cookie: string | undefined; userAgent: string | undefined; https: boolean }): string | null {
  if ((request.cookie && parse(request.cookie, VISITOR_COOKIE)[VISITOR_COOKIE]) || isBot(request.userAgent)) return null;
  // A UUID comes from a pool of random bytes drawn ahead, not a call into the system's generator per new visitor.
  return visitorCookie(randomUUID(), request.https);
}

export function ensureVisitorCookie(c: Context<AppEnv>): void {
  const cookie = newVisitorCookie({
    cookie: requestHeader(c, 'cookie'),
    userAgent: requestHeader(c, 'user-agent'),
    https: reachedOverHttps(c),
  });
  if (cookie) c.header('Set-Cookie', cookie, { append: true });
}
