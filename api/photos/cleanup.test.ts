import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../sync/entities/photo';
import type { AuthResponse } from '../../sync/entities/user';
import { photos } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cleanupUnusedPhotos, UNUSED_PHOTO_GRACE_MS } from './cleanup';
import { files, upload, type UploadFields } from './upload-test-support';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
});
afterAll(() => t.close());

async function uploadOk(token: string, fields: UploadFields): Promise<Photo> {
  const res = await upload(t, token, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const fileOf = (photo: Photo) => join(t.services.env.uploadsDir, photo.url.slice('/uploads/'.length));
const hasRow = async (id: string) => (await t.services.db.read.select().from(photos).where(eq(photos.id, id)).get()) !== undefined;
const setModified = (path: string, at: Date) => utimesSync(path, at, at);

describe('cleanupUnusedPhotos', () => {
  it('removes old unused photos and their files, keeps used and fresh ones', async () => {
    const sharedBytes = files.jpeg();
    const unused = await uploadOk(seller.token, { image: files.jpeg() });
    const unusedSharingBytes = await uploadOk(seller.token, { image: sharedBytes });
    const inGallery = await uploadOk(seller.token, { image: sharedBytes });
    const labResult = await uploadOk(seller.token, { image: files.pdf(), purpose: 'lab-result' });
    const profile = await uploadOk(buyer.token, { image: files.png(), purpose: 'profile' });
    const droppedFromGallery = await uploadOk(seller.token, { image: files.webp() });

    const product = await t.request<{ id: string }>('POST', '/api/products', {
      token: seller.token,
      body: { strainName: 'Kept', photoIds: [inGallery.id, droppedFromGallery.id], labResultId: labResult.id },
    });
    expect(product.status).toBe(201);
    const edited = await t.request('PUT', `/api/products/${product.body.id}`, { token: seller.token, body: { photoIds: [inGallery.id] } });
    expect(edited.status).toBe(200);
    const profileSaved = await t.request('PUT', '/api/auth/user', { token: buyer.token, body: { profileImageUrl: profile.url } });
    expect(profileSaved.status).toBe(200);

    t.clock.advance(UNUSED_PHOTO_GRACE_MS + HOUR_MS);
    const fresh = await uploadOk(seller.token, { image: files.jpeg() });

    // Files without a record: a failed upload's, old and new, and a temporary file a crash left.
    const now = t.clock.now();
    const dir = t.services.env.uploadsDir;
    const oldOrphan = join(dir, `${'c'.repeat(64)}.jpg`);
    const newOrphan = join(dir, `${'d'.repeat(64)}.png`);
    const oldTemp = join(dir, '.upload-left-behind');
    const unrelated = join(dir, 'README.txt');
    for (const path of [oldOrphan, newOrphan, oldTemp, unrelated]) writeFileSync(path, 'x');
    for (const path of [oldOrphan, oldTemp, unrelated]) setModified(path, new Date(now.getTime() - 2 * UNUSED_PHOTO_GRACE_MS));
    setModified(newOrphan, new Date(now.getTime() - HOUR_MS));
    // The photos' own files look recent to the real clock; age them like their records.
    for (const photo of [unused, unusedSharingBytes, inGallery, labResult, profile, droppedFromGallery, fresh]) {
      setModified(fileOf(photo), new Date(now.getTime() - 2 * UNUSED_PHOTO_GRACE_MS));
    }

    const report = await cleanupUnusedPhotos(t.services, now);
    expect(report.photoIds.sort()).toEqual([unused.id, unusedSharingBytes.id, droppedFromGallery.id].sort());
    expect(report.photosRemoved).toBe(3);
    expect(report.files.sort()).toEqual([fileOf(unused), fileOf(droppedFromGallery), oldOrphan, oldTemp].map((path) => path.slice(dir.length + 1)).sort());
    expect(report.filesRemoved).toBe(4);

    for (const photo of [unused, unusedSharingBytes, droppedFromGallery]) expect(await hasRow(photo.id)).toBe(false);
    for (const photo of [inGallery, labResult, profile, fresh]) {
      expect(await hasRow(photo.id)).toBe(true);
      expect(existsSync(fileOf(photo))).toBe(true);
      expect((await t.app.request(photo.url)).status).toBe(200);
    }
    // The bytes an unused record shared with a used one stay.
    expect(existsSync(fileOf(unusedSharingBytes))).toBe(true);
    expect((await t.app.request(unused.url)).status).toBe(404);
    expect(existsSync(newOrphan)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);

    // Nothing left to do the second time.
    expect(await cleanupUnusedPhotos(t.services, now)).toEqual({ photosRemoved: 0, filesRemoved: 0, photoIds: [], files: [] });
  });

  it('keeps an unused photo younger than a day', async () => {
    const photo = await uploadOk(seller.token, { image: files.png(), id: randomUUID() });
    const report = await cleanupUnusedPhotos(t.services, new Date(t.clock.now().getTime() + UNUSED_PHOTO_GRACE_MS - HOUR_MS));
    expect(report.photoIds).not.toContain(photo.id);
    expect(await hasRow(photo.id)).toBe(true);
    expect(existsSync(fileOf(photo))).toBe(true);
  });

  it("keeps a photo a seller's menu cover shows", async () => {
    const cover = await uploadOk(seller.token, { image: files.jpeg() });
    const saved = await t.request('PUT', '/api/auth/user', { token: seller.token, body: { menuCoverUrl: cover.url } });
    expect(saved.status).toBe(200);
    const report = await cleanupUnusedPhotos(t.services, new Date(t.clock.now().getTime() + 2 * UNUSED_PHOTO_GRACE_MS));
    expect(report.photoIds).not.toContain(cover.id);
    expect(await hasRow(cover.id)).toBe(true);
  });

  it('lets the same bytes be uploaded again after the cleanup removed them', async () => {
    const bytes = files.webp();
    const first = await uploadOk(seller.token, { image: bytes });
    const report = await cleanupUnusedPhotos(t.services, new Date(t.clock.now().getTime() + 2 * UNUSED_PHOTO_GRACE_MS));
    expect(report.photoIds).toContain(first.id);
    expect(existsSync(fileOf(first))).toBe(false);
    const again = await uploadOk(seller.token, { image: bytes });
    expect(again.url).toBe(first.url);
    expect(existsSync(fileOf(again))).toBe(true);
    expect(readdirSync(t.services.env.uploadsDir).filter((name) => name.startsWith('.upload-'))).toEqual([]);
  });
});
