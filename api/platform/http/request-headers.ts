/**
 * Request headers read from Node's own request when the server has one.
 * Hono's `c.req.header()` and cookie helpers go through a fetch Request,
 * which the Node adapter builds in full on first use (every header copied
 * and checked, an AbortController made): on the paths every visitor of a
 * public menu takes, that was a sixth of the server's work per request. An
 * in-process request (the tests' `app.request`) has no Node request and goes
 * through Hono as before.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

/** Node's request, when it carries its headers (the tests' stand-in for a peer address has a socket only). */
function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming;
  return incoming?.headers ? (incoming as IncomingMessage) : undefined;
}

/** The header's value (repeated headers joined as Node joins them), or undefined. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  return incoming ? nodeHeader(incoming.headers, name) : c.req.header(name);
}

/** A header of Node's own request (repeated headers joined as Node joins them), or undefined. */
export function nodeHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The named cookie's value, or undefined. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
}
