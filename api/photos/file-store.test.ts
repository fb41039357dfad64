import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in';
import { DiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';
import { files } from './upload-test-support';

const readAll = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer());

/** What every store does, wherever the bytes go. */
function storesFiles(store: () => FileStore) {
  it('stores a name once, reads its bytes back whole, and says when it already had them', async () => {
    const bytes = files.jpeg(5_000);
    expect(await store().put('a1.jpg', bytes)).toBe(true);
    expect(await store().put('a1.jpg', bytes)).toBe(false);
    const stored = await store().get('a1.jpg');
    expect(stored?.size).toBe(bytes.length);
    expect(await readAll(stored!.body)).toEqual(bytes);
  });

  it('answers null for a name it does not hold', async () => {
    expect(await store().get('missing.png')).toBeNull();
    expect(await store().size('missing.png')).toBeNull();
  });

  it("tells a stored file's size without opening it", async () => {
    const bytes = files.png();
    await store().put('c3.png', bytes);
    expect(await store().size('c3.png')).toBe(bytes.length);
  });

  it('lists what it holds with when it was written, and removes a name once', async () => {
    const startedAt = Date.now() - 2_000;
    await store().put('b2.png', files.png());
    const listed = (await store().list()).find((file) => file.name === 'b2.png');
    expect(listed?.modifiedAt.getTime()).toBeGreaterThanOrEqual(startedAt);
    expect(await store().remove('b2.png')).toBe(true);
    expect(await store().remove('b2.png')).toBe(false);
    expect((await store().list()).map((file) => file.name)).not.toContain('b2.png');
    expect(await store().get('b2.png')).toBeNull();
  });
}

describe('DiskFileStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'menus-disk-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = new DiskFileStore(join(dir, 'uploads'));
  storesFiles(() => store);

  it('lists nothing before its folder exists', async () => {
    expect(await new DiskFileStore(join(dir, 'not-yet')).list()).toEqual([]);
  });
});

describe('S3FileStore, against a local S3 stand-in', () => {
  let s3: S3StandIn;
  let store: S3FileStore;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    store = new S3FileStore(s3.settings);
  });
  afterAll(() => s3.stop());
  storesFiles(() => store);

  it('lists past one page of objects', async () => {
    // Pages of 10, so a few dozen names span several.
    const paged = new S3FileStore(s3.settings, 10);
    const names = Array.from({ length: 35 }, (_, i) => `page${String(i).padStart(4, '0')}.pdf`);
    await Promise.all(names.map((name) => paged.put(name, files.pdf())));
    const listed = (await paged.list()).map((file) => file.name);
    expect(listed.filter((name) => name.startsWith('page'))).toEqual(names);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
