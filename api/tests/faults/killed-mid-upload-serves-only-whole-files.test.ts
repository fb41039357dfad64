/**
 * SIGKILL mid-upload, three times: four sellers keep uploading photos (each
 * under an id made on the device, as the photo queue does) while the real
 * server process is killed at random moments with uploads in flight, and
 * started again on the same data folder. An upload not acknowledged is sent
 * again, same id and same bytes, until it is.
 *
 * Checked while the server lies dead: every file under a stored name holds
 * the whole of what its name (the content's hash) says, so no half-written
 * file is ever there to serve; temporary files may be left, and are never
 * served. Checked at the end: every upload was acknowledged, one record each,
 * and its address serves the bytes sent, byte for byte.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '../../../sync/entities/photo';
import type { AuthResponse } from '../../../sync/entities/user';
import { STORED_FILE_NAME } from '../../photos/file-types';
import { TEMP_FILE_PREFIX } from '../../photos/disk-file-store';
import { files } from '../../photos/upload-test-support';
import { cleanUp, killHard, registerSeller, sleep, startServer, stop, tempDataDir, type RunningServer } from './spawned-server';
import { seededRandom, seedForThisTest } from '../../../sync/testing/seeded-random';

const KILLS = 3;
const UPLOADERS = 4;
/** Small enough that four sellers stay well under the per-account upload quota, large enough that writing one takes a while. */
const SIZES = { min: 8 * 1024, max: 160 * 1024 };

type Sent = { id: string; bytes: Uint8Array; acknowledged: Photo | null };

/** Uploads in flight over all uploaders, and those that got no answer (cut off by a kill, or no server). */
const traffic = { inFlight: 0, unanswered: 0 };
let uploading = false;
let running = false;
let uploaders: Array<Promise<void>> = [];

async function sendOnce(server: RunningServer, token: string, sent: Sent): Promise<Photo | null> {
  const form = new FormData();
  form.set('image', new File([sent.bytes as Uint8Array<ArrayBuffer>], 'photo.jpg', { type: 'image/jpeg' }));
  form.set('id', sent.id);
  traffic.inFlight += 1;
  try {
    const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status === 200 || response.status === 201) return JSON.parse(text) as Photo;
    if (response.status < 500) throw new Error(`Upload refused with ${response.status}: ${text}`);
    return null;
  } catch (error) {
    if (error instanceof TypeError) {
      traffic.unanswered += 1;
      return null;
    }
    throw error;
  } finally {
    traffic.inFlight -= 1;
  }
}

/**
 * Uploads one new photo after another; each is sent again (same id, same bytes) until acknowledged, even after being
 * told to stop. `random` picks sizes and pauses.
 */
async function keepUploading(server: () => RunningServer, seller: AuthResponse, sent: Sent[], random: () => number): Promise<void> {
  while (uploading) {
    const size = SIZES.min + Math.floor(random() * (SIZES.max - SIZES.min));
    const photo: Sent = { id: randomUUID(), bytes: files.jpeg(size), acknowledged: null };
    sent.push(photo);
    while (!photo.acknowledged && running) {
      photo.acknowledged = await sendOnce(server(), seller.token, photo);
      if (!photo.acknowledged) await sleep(50 + random() * 100);
    }
    await sleep(100 + random() * 200);
  }
}

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/**
 * Kills the server as soon as a new file shows in the uploads folder, that
 * is just as a write has begun, or, when none shows within `patienceMs`, at
 * a moment with an upload in flight. Says which it was.
 */
async function killMidWrite(server: RunningServer, uploadsDir: string, patienceMs = 5000): Promise<'on a new file' | 'in flight'> {
  const before = new Set(listing(uploadsDir));
  const deadline = Date.now() + patienceMs;
  for (;;) {
    if (listing(uploadsDir).some((name) => !before.has(name))) {
      await killHard(server);
      return 'on a new file';
    }
    if (Date.now() > deadline && traffic.inFlight > 0) {
      await killHard(server);
      return 'in flight';
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under a stored name is whole (its content's hash is its name); returns the temporary files left beside them. */
function expectOnlyWholeFilesUnderStoredNames(uploadsDir: string): string[] {
  const temporary: string[] = [];
  for (const name of listing(uploadsDir)) {
    const stored = STORED_FILE_NAME.exec(name);
    if (stored) expect(sha256(readFileSync(join(uploadsDir, name))), name).toBe(stored[1]);
    else {
      expect(name.startsWith(TEMP_FILE_PREFIX), name).toBe(true);
      temporary.push(name);
    }
  }
  return temporary;
}

afterEach(async () => {
  uploading = false;
  running = false;
  await Promise.allSettled(uploaders.splice(0));
  cleanUp();
});

describe('the server killed with SIGKILL while photos upload', () => {
  it(`never has a half-written file under a stored name, and serves every acknowledged upload whole, over ${KILLS} kills and restarts`, { timeout: 150_000 }, async () => {
    const dataDir = tempDataDir();
    const uploadsDir = join(dataDir, 'uploads');
    const seed = seedForThisTest();
    const random = seededRandom(seed);
    let server = await startServer(dataDir);
    const sellers = await Promise.all(Array.from({ length: UPLOADERS }, (_, i) => registerSeller(server.url, `kill-upload-${i}-${randomUUID()}@test.example`)));
    const sent: Sent[][] = sellers.map(() => []);

    uploading = true;
    running = true;
    // Each uploader draws from a stream of its own, so what one draws does not hang on when the others ran.
    uploaders = sellers.map((seller, i) => keepUploading(() => server, seller, sent[i]!, seededRandom(seed + 1 + i)));
    const kills: string[] = [];
    const temporaryLeft: string[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(200 + random() * 400);
      kills.push(await killMidWrite(server, uploadsDir));
      temporaryLeft.push(...expectOnlyWholeFilesUnderStoredNames(uploadsDir));
      server = await startServer(dataDir);
    }
    await sleep(300);
    uploading = false;
    await Promise.all(uploaders);

    expect(kills).toHaveLength(KILLS);
    expect(kills).toContain('on a new file');
    expect(traffic.unanswered).toBeGreaterThanOrEqual(KILLS);

    // A temporary file a kill left behind is never served.
    for (const name of new Set(temporaryLeft)) expect((await fetch(`${server.url}/uploads/${name}`)).status).toBe(404);

    // Every upload was acknowledged in the end, and its address serves exactly the bytes sent.
    const all = sent.flat();
    expect(all.every((photo) => photo.acknowledged !== null)).toBe(true);
    for (const photo of all) {
      expect(photo.acknowledged).toMatchObject({ id: photo.id, size: photo.bytes.length, contentType: 'image/jpeg' });
      const served = await fetch(`${server.url}${photo.acknowledged!.url}`);
      expect(served.status).toBe(200);
      expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(photo.bytes));
    }

    // In the database file: one record per upload, each naming the hash of what was sent, whose file is there.
    await stop(server);
    expectOnlyWholeFilesUnderStoredNames(uploadsDir);
    const file = new BetterSqlite3(join(dataDir, 'app.db'), { readonly: true });
    try {
      const rows = file.prepare('SELECT id, sha256 FROM photos').all() as Array<{ id: string; sha256: string }>;
      expect(new Map(rows.map((row) => [row.id, row.sha256]))).toEqual(new Map(all.map((photo) => [photo.id, sha256(photo.bytes)])));
      for (const row of rows) expect(existsSync(join(uploadsDir, `${row.sha256}.jpg`))).toBe(true);
    } finally {
      file.close();
    }
  });
});
