import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keepBody, keptAnswer } from './kept-answer';

const TEXT = '{"menu":"Spring drop"}';
const kept = keepBody(TEXT);

describe('a kept answer', () => {
  it('is 304 with no body when the copy asked about is current, named strongly, weakly or by *', () => {
    for (const ifNoneMatch of [kept.etag, `W/${kept.etag}`, `"other", ${kept.etag}`, '*']) {
      expect(keptAnswer(TEXT, kept, { ifNoneMatch, acceptEncoding: 'gzip' })).toEqual({ status: 304, headers: { ETag: kept.etag }, body: null });
    }
  });

  it('sends the gzipped bytes to a client that takes gzip', () => {
    const answer = keptAnswer(TEXT, kept, { ifNoneMatch: '"older"', acceptEncoding: 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({ ETag: kept.etag, 'Content-Encoding': 'gzip' });
    expect(gunzipSync(answer.body as Uint8Array).toString()).toBe(TEXT);
  });

  it('sends the text as it is to a client that does not take gzip', () => {
    expect(keptAnswer(TEXT, kept, { ifNoneMatch: undefined, acceptEncoding: 'deflate' })).toEqual({ status: 200, headers: { ETag: kept.etag }, body: TEXT });
  });

  it('names different texts differently and the same text the same', () => {
    expect(keepBody(TEXT).etag).toBe(kept.etag);
    expect(keepBody(`${TEXT} `).etag).not.toBe(kept.etag);
  });
});
