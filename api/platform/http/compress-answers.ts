/**
 * Compression of the API's answers. A JSON answer is whole before it is
 * sent, so it is gzipped in one synchronous step; Hono's compress middleware
 * streams every answer through a CompressionStream instead, which for a sync
 * pull of 8 KB cost about as much CPU as building the pull. Anything else (a
 * CSV export, or a client that takes only deflate) still goes through that
 * middleware.
 */
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { requestHeader } from './request-headers';

/** Smaller answers go as they are: a packet or two either way (Hono's own threshold). */
const THRESHOLD_BYTES = 1024;
/** Larger answers (a first pull of a big catalogue) are gzipped on zlib's thread pool: in one step here they would hold every other request back. */
const SYNCHRONOUS_LIMIT_BYTES = 64 * 1024;
const gzipOnPool = promisify(gzip);
/** Statuses whose answer has no body, or only a part of one. */
const NO_WHOLE_BODY = new Set([204, 206, 304]);

export function compressAnswers(): MiddlewareHandler {
  const streamed = compress({ threshold: THRESHOLD_BYTES });
  return (c, next) =>
    streamed(c, async () => {
      await next();
      await gzipJson(c);
    });
}

/** Gzips a JSON answer, or gives a small one its length: either way the streaming middleware then leaves it alone. */
async function gzipJson(c: Context): Promise<void> {
  const res = c.res;
  // The body is asked for last: on Node, the first look at it turns the adapter's light answer into a whole fetch Response.
  if (
    c.req.method === 'HEAD' ||
    NO_WHOLE_BODY.has(res.status) ||
    !/^application\/json\b/i.test(res.headers.get('Content-Type') ?? '') ||
    res.headers.has('Content-Encoding') ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '') ||
    !/\bgzip\b/i.test(requestHeader(c, 'Accept-Encoding') ?? '') ||
    !res.body
  ) {
    return;
  }
  const body = Buffer.from(await res.arrayBuffer());
  const small = body.length < THRESHOLD_BYTES;
  // Status and headers, not the answer itself, make the new answer: built on the old one, it would be sent as a stream.
  const packed = small ? body : body.length <= SYNCHRONOUS_LIMIT_BYTES ? gzipSync(body) : await gzipOnPool(body);
  const answer = new Response(packed, { status: res.status, headers: res.headers });
  if (small) {
    answer.headers.set('Content-Length', String(body.length));
  } else {
    answer.headers.delete('Content-Length');
    answer.headers.set('Content-Encoding', 'gzip');
    const vary = answer.headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) answer.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const etag = answer.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) answer.headers.set('ETag', `W/${etag}`);
  }
  // Cleared first, so Hono takes the new answer as it is rather than rebuilding it around a stream of its body.
  c.res = undefined;
  c.res = answer;
}
