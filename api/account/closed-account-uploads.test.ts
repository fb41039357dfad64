/**
 * Closing an account takes its uploads off at once: from the close on, a
 * file only that account uploaded answers 404 (a revalidation with its ETag
 * and a HEAD too, which never read the store) and leaves the store, with no
 * cleanup run; bytes another account uploaded as well keep being served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { files, upload } from '../photos/upload-test-support';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const get = (path: string, init: RequestInit = {}) => t.app.request(path, init);
const storedName = (url: string) => url.slice('/uploads/'.length);

async function productWithPhoto(seller: AuthResponse, image: Uint8Array, strainName: string): Promise<string> {
  const photo = (await upload(t, seller.token, { image })).body;
  const product = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName, photoIds: [photo.id] } });
  expect(product.body.photoUrl).toBe(photo.url);
  return photo.url;
}

describe("a closed account's uploads", () => {
  it('answer 404 right after the close, on every path, while bytes another account also uploaded stay served', async () => {
    const closing = await t.registerUser('seller');
    const staying = await t.registerUser('seller');
    const own = await productWithPhoto(closing, files.jpeg(), 'Only theirs');
    const sharedBytes = files.png();
    const shared = await productWithPhoto(closing, sharedBytes, 'Shared');
    expect(await productWithPhoto(staying, sharedBytes, 'Also mine')).toBe(shared);
    const profile = (await upload(t, closing.token, { image: files.webp(), purpose: 'profile' })).body.url;
    expect((await t.request('PUT', '/api/auth/user', { token: closing.token, body: { profileImageUrl: profile } })).status).toBe(200);

    const etags = new Map<string, string>();
    for (const url of [own, shared, profile]) {
      const served = await get(url);
      expect(served.status, url).toBe(200);
      etags.set(url, served.headers.get('etag')!);
      expect((await get(url, { headers: { 'if-none-match': etags.get(url)! } })).status, url).toBe(304);
    }

    expect((await t.request('POST', '/api/account/delete', { token: closing.token, body: { password: TEST_PASSWORD } })).status).toBe(204);

    for (const url of [own, profile]) {
      expect((await get(url)).status, url).toBe(404);
      expect((await get(url, { headers: { 'if-none-match': etags.get(url)! } })).status, url).toBe(404);
      expect((await get(url, { method: 'HEAD' })).status, url).toBe(404);
      expect(await t.services.files.size(storedName(url)), url).toBeNull();
    }
    const stillShared = await get(shared);
    expect(stillShared.status).toBe(200);
    expect(new Uint8Array(await stillShared.arrayBuffer()).length).toBeGreaterThan(0);
    expect((await get(shared, { headers: { 'if-none-match': etags.get(shared)! } })).status).toBe(304);
    const [product] = (await t.request<Product[]>('GET', '/api/products', { token: staying.token })).body;
    expect(product?.photoUrl).toBe(shared);
  });
});
