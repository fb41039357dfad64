import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoSchema, type Photo } from '../../sync/entities/photo';
import type { AuthResponse } from '../../sync/entities/user';
import { MAX_UNUSED_UPLOAD_BYTES, UPLOAD_BYTES_PER_DAY, UPLOAD_BYTES_PER_MINUTE } from '../limits/quotas';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
import { cleanupUnusedPhotos, UNUSED_PHOTO_GRACE_MS } from './cleanup';
import { jpegOfSize, upload, type UploadResponse } from './upload-test-support';

const MB = 1024 * 1024;
const MINUTE_MS = 60_000;
/** The largest product photo: each upload spends 10 MB of the quotas. */
const FILE_BYTES = 10 * MB;
const bigPhoto = jpegOfSize(FILE_BYTES);

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;

beforeEach(async () => {
  t = createTestApp({ now: () => new Date('2031-05-01T09:00:00.000Z') });
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
});
afterEach(() => t.close());

const send = (account: AuthResponse) => upload(t, account.token, { image: bigPhoto });

async function sendOk(account: AuthResponse): Promise<Photo> {
  const res = await send(account);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return photoSchema.parse(res.body);
}

/** Counts these bytes as in use (every upload here has the same bytes), so only the rate quotas apply. */
async function useTheBytes(account: AuthResponse, photo: Photo): Promise<void> {
  expect((await t.request('PUT', '/api/auth/user', { token: account.token, body: { menuCoverUrl: photo.url } })).status).toBe(200);
}

function expectOverQuota(res: UploadResponse, message: string, retryAfterSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ reason: 'rate_limited', message });
  expect(Number(res.headers.get('retry-after'))).toBe(retryAfterSeconds);
}

describe('upload bytes per minute', () => {
  it('refuses the upload over the quota with 429, Retry-After and the wait; another account uploads; a minute later it goes', async () => {
    const perMinute = UPLOAD_BYTES_PER_MINUTE / FILE_BYTES;
    for (let i = 0; i < perMinute; i++) await sendOk(seller);
    expectOverQuota(await send(seller), 'You have uploaded too much for now. Please try again in 1 minute.', 60);
    await sendOk(otherSeller);
    t.clock.advance(MINUTE_MS);
    await sendOk(seller);
  });
});

describe('upload bytes per day', () => {
  it('refuses the upload over the daily quota until a day after the first', async () => {
    const perMinute = UPLOAD_BYTES_PER_MINUTE / FILE_BYTES;
    await useTheBytes(seller, await sendOk(seller));
    for (let sent = 1; sent < UPLOAD_BYTES_PER_DAY / FILE_BYTES; sent++) {
      if (sent % perMinute === 0) t.clock.advance(MINUTE_MS);
      await sendOk(seller);
    }
    t.clock.advance(MINUTE_MS);
    const elapsed = Math.ceil(UPLOAD_BYTES_PER_DAY / FILE_BYTES / perMinute) * MINUTE_MS;
    expectOverQuota(await send(seller), 'You have uploaded too much for now. Please try again in 24 hours.', (DAY_MS - elapsed) / 1000);
    await sendOk(otherSeller);
    t.clock.advance(DAY_MS - elapsed);
    await sendOk(seller);
    // Fifty uploads of 10 MB each: on a machine shared with other work, longer than a single request takes.
  }, 90_000);
});

describe('unused uploads', () => {
  const full = `You have ${MAX_UNUSED_UPLOAD_BYTES / MB} MB of uploads that no product, profile or menu uses yet. Add them to products, or try again in`;

  async function fillUnused(account: AuthResponse): Promise<Photo> {
    const perMinute = UPLOAD_BYTES_PER_MINUTE / FILE_BYTES;
    let last: Photo | undefined;
    for (let sent = 0; sent < MAX_UNUSED_UPLOAD_BYTES / FILE_BYTES; sent++) {
      if (sent > 0 && sent % perMinute === 0) t.clock.advance(MINUTE_MS);
      last = await sendOk(account);
    }
    t.clock.advance(MINUTE_MS);
    return last!;
  }

  it('refuses more once the unused ones reach the cap, until the cleanup removes them; another account uploads', async () => {
    await fillUnused(seller);
    const refused = await send(seller);
    expect(refused.body.message).toBe(`${full} 24 hours.`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    await sendOk(otherSeller);

    t.clock.advance(UNUSED_PHOTO_GRACE_MS);
    await cleanupUnusedPhotos(t.services, t.clock.now());
    await sendOk(seller);
  });

  it('makes room at once when a product, profile or menu uses them', async () => {
    const photo = await fillUnused(seller);
    expect((await send(seller)).status).toBe(429);
    await useTheBytes(seller, photo);
    await sendOk(seller);
  });
});
