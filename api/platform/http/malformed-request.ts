/**
 * Requests that Node's parser lets through but that name no address the
 * server can read: a Host header that is no host (`evil example`,
 * `a@b`, `[::1`, a port past 65535), a backslash in the path. Anyone can
 * send one, so it is the client's mistake: a 400 with `{ message }` and
 * nothing in the log, on the framework's path and on the menu page's fast
 * path alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestError } from '@hono/node-server';
import type { ErrorBody } from '../../../sync/contract/errors';

export const MALFORMED_REQUEST_MESSAGE = 'The request could not be read: its address or Host header is malformed.';

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** A DNS name or IPv4 address (a final dot allowed), or a bracketed IPv6 address, and an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/** Whether a Host header names a host (and a port of at most 65535). */
export function isWellFormedHost(host: string | undefined): host is string {
  const match = host ? HOST.exec(host) : null;
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

const MALFORMED_BODY = JSON.stringify({ message: MALFORMED_REQUEST_MESSAGE, reason: 'validation' } satisfies ErrorBody);

/**
 * Answers a request whose Host is no host, before anything reads it (the
 * adapter would make an address of some, `*` say, and the menu page's fast
 * path goes ahead of the adapter); true when it did. A request without a
 * Host (HTTP/1.0) is left to the server's own name.
 */
export function refusedForItsHost(request: IncomingMessage, response: ServerResponse): boolean {
  const host = request.headers.host;
  if (!host || isWellFormedHost(host)) return false;
  response.writeHead(400, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(MALFORMED_BODY), Connection: 'close' }).end(MALFORMED_BODY);
  return true;
}

/**
 * The Node adapter's error handler: a request it could not read answers 400;
 * anything else thrown before the app ran is the server's fault, logged and
 * answered 500 as the app's own error handler does.
 */
export function answerUnreadableRequest(error: unknown): Response {
  if (error instanceof RequestError) return Response.json({ message: MALFORMED_REQUEST_MESSAGE, reason: 'validation' } satisfies ErrorBody, { status: 400 });
  console.error(error);
  return Response.json({ message: 'Something went wrong on our side. Please try again.', reason: 'unavailable' } satisfies ErrorBody, { status: 500 });
}
