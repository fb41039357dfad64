/**
 * With S3_BUCKET set, uploads go to the bucket (here a local S3 stand-in)
 * and nothing to the disk: served through the server with the same headers
 * as from the disk, and removed from the bucket by the cleanup.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../sync/entities/user';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cleanupUnusedPhotos, UNUSED_PHOTO_GRACE_MS } from './cleanup';
import { rewritePdf } from './rewrite-pdf';
import { S3FileStore } from './s3-file-store';
import { files, upload } from './upload-test-support';

let s3: S3StandIn;
let t: TestApp;
let seller: AuthResponse;
let bucket: S3FileStore;

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = createTestApp({ env: s3.env });
  seller = await t.registerUser('seller');
  bucket = new S3FileStore(s3.settings);
});
afterAll(async () => {
  t.close();
  await s3.stop();
});

describe('uploads in S3-compatible storage', () => {
  it('stores the upload in the bucket under its content hash, not on the disk, and serves it with the usual headers', async () => {
    // A PDF is stored rewritten (rewrite-pdf.ts), and a rewritten one as it is.
    const bytes = await rewritePdf(files.pdf());
    const sent = await upload(t, seller.token, { image: bytes, purpose: 'lab-result', fileName: 'coa.pdf', type: 'application/pdf' });
    expect(sent.status).toBe(201);
    const name = sent.body.url.slice('/uploads/'.length);
    expect((await bucket.list()).map((file) => file.name)).toEqual([name]);
    expect(existsSync(t.services.env.uploadsDir)).toBe(false);

    const served = await t.app.request(sent.body.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sha256 = name.slice(0, name.indexOf('.'));
    expect(served.headers.get('etag')).toBe(`"${sha256}"`);
    expect(served.headers.get('content-security-policy')).toBe('sandbox');

    const again = await t.app.request(sent.body.url, { headers: { 'if-none-match': `"${sha256}"` } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a stored-looking name the bucket does not hold', async () => {
    const missing = await t.app.request(`/uploads/${'0'.repeat(64)}.jpg`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('removes unused uploads from the bucket once they are a day old, and keeps used ones', async () => {
    const unused = await upload(t, seller.token, { image: files.jpeg() });
    const used = await upload(t, seller.token, { image: files.png(), fileName: 'kept.png', type: 'image/png' });
    const product = await t.request('POST', '/api/products', { token: seller.token, body: { strainName: 'Kept', photoIds: [used.body.id] } });
    expect(product.status).toBe(201);

    const report = await cleanupUnusedPhotos(t.services, new Date(Date.now() + 2 * UNUSED_PHOTO_GRACE_MS));
    const unusedName = unused.body.url.slice('/uploads/'.length);
    expect(report.files).toContain(unusedName);
    const left = (await bucket.list()).map((file) => file.name);
    expect(left).not.toContain(unusedName);
    expect(left).toContain(used.body.url.slice('/uploads/'.length));
    expect((await t.app.request(unused.body.url)).status).toBe(404);
    expect((await t.app.request(used.body.url)).status).toBe(200);
  });
});
