/**
 * A body kept ready to send: its text, gzipped once when it is kept, named by
 * an ETag of the text. A request for it gets one of three answers: 304 with
 * no body when its copy is current, the gzipped bytes when it takes gzip, or
 * the text as it is. The public menu's API answer, its drawn page and the
 * page's fast path all answer this one way.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptsGzip, matchesEtag } from './conditional';
import { requestHeader } from './request-headers';

export type KeptBody = { etag: string; gzip: Uint8Array<ArrayBuffer> };

/** Gzips and names `text`, once, as it is kept. */
export function keepBody(text: string): KeptBody {
  return { etag: `"${createHash('sha1').update(text).digest('base64url')}"`, gzip: new Uint8Array(gzipSync(text)) };
}

type OwnHeaders = { ETag: string; 'Content-Encoding'?: 'gzip' };
export type KeptAnswer = { status: 304; headers: OwnHeaders; body: null } | { status: 200; headers: OwnHeaders; body: string | Uint8Array<ArrayBuffer> };

/** Which of the three answers a request with these If-None-Match and Accept-Encoding headers gets, and the headers that are its own. */
export function keptAnswer(text: string, kept: KeptBody, request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined }): KeptAnswer {
  if (matchesEtag(request.ifNoneMatch, kept.etag)) return { status: 304, headers: { ETag: kept.etag }, body: null };
  if (acceptsGzip(request.acceptEncoding)) return { status: 200, headers: { ETag: kept.etag, 'Content-Encoding': 'gzip' }, body: kept.gzip };
  return { status: 200, headers: { ETag: kept.etag }, body: text };
}

/** Sends the kept body as the framework's answer, with `headers` besides its own. */
export function sendKept(c: Context, text: string, kept: KeptBody, headers: Record<string, string>): Response {
  const answer = keptAnswer(text, kept, { ifNoneMatch: requestHeader(c, 'if-none-match'), acceptEncoding: requestHeader(c, 'accept-encoding') });
  const all = { ...headers, ...answer.headers };
  return answer.status === 304 ? c.body(null, 304, all) : c.body(answer.body, 200, all);
}
