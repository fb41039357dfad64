/**
 * A request refused as too large is answered before its body is read, so the
 * rest of that body is still on the wire: a keep-alive client would send its
 * next request after bytes the server never parsed, and that request fails.
 * Closing the connection after such an answer makes the client open a fresh
 * one instead; reading megabytes only to throw them away would cost more.
 */
import type { MiddlewareHandler } from 'hono';

export const closeAfterRefusedBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 413) c.res.headers.set('Connection', 'close');
};
