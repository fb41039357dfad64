import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from './compress-answers';

const large = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Product ${i}` })) };

/** Over the size gzipped in one step (a first pull of a big catalogue). */
const huge = { items: Array.from({ length: 5_000 }, (_, i) => ({ id: i, name: `Product ${i}` })) };

const app = new Hono()
  .use(compressAnswers())
  .get('/large', (c) => c.json(large, 200, { ETag: '"v1"', 'Set-Cookie': 'a=1' }))
  .get('/huge', (c) => c.json(huge))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/csv', (c) => c.body('name,price\n'.repeat(200), 200, { 'Content-Type': 'text/csv' }))
  .get('/no-transform', (c) => c.json(large, 200, { 'Cache-Control': 'no-transform' }));

const get = (path: string, acceptEncoding?: string) => app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressAnswers', () => {
  it('gzips a large JSON answer at once, varying by Accept-Encoding, with its ETag weak and its other headers kept', async () => {
    const res = await get('/large', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(res.headers.get('set-cookie')).toBe('a=1');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(large);
  });

  it('gzips a JSON answer too large to pack in one step on the request thread just the same', async () => {
    const res = await get('/huge', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(huge);
  });

  it('sends a small JSON answer as it is, with its length', async () => {
    const res = await get('/small', 'gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(JSON.stringify({ ok: true }).length));
    expect(await res.json()).toEqual({ ok: true });
  });

  it('leaves the answer whole for a client that takes no compression', async () => {
    const res = await get('/large');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(large);
  });

  it('still deflates for a client that takes only deflate, and compresses other text as before', async () => {
    const deflated = await get('/large', 'deflate');
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString())).toEqual(large);
    const csv = await get('/csv', 'gzip');
    expect(csv.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe('name,price\n'.repeat(200));
  });

  it('leaves an answer marked no-transform alone', async () => {
    const res = await get('/no-transform', 'gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(large);
  });
});
