import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import { photoSchema } from '../../sync/entities/photo';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import { createApp } from '../app';
import { photos } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { pdfText } from '../testing/pdf-text';
import { ACTIVE_CONTENT_MARKS, ACTIVE_CONTENT_PAGES, pdfWithActiveContent } from './pdf-with-active-content';
import { rewritePdf } from './rewrite-pdf';
import { PROTECTED_PDF_MESSAGE } from './upload-service';
import { files, imageWithMetadata, jpegOfSize, onePagePdf, SECRET, upload, type UploadFields } from './upload-test-support';

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let buyer: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const sha256Of = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 64);
const rowsWithId = async (id: string) => await t.services.db.read.select().from(photos).where(eq(photos.id, id)).all();
const storedFiles = () => readdirSync(t.services.env.uploadsDir);

async function uploadOk(token: string, fields: UploadFields) {
  const res = await upload(t, token, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return photoSchema.strict().parse(res.body);
}

async function createProduct(token: string, body: Record<string, unknown>) {
  const res = await t.request<Product>('POST', '/api/products', { token, body: { strainName: 'Photo Kush', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const productOf = async (token: string, id: string) => (await t.request<Product[]>('GET', '/api/products', { token })).body.find((product) => product.id === id)!;

describe('POST /api/upload', () => {
  it.each([
    ['JPEG', files.jpeg, 'image/jpeg', 'jpg'],
    ['PNG', files.png, 'image/png', 'png'],
    ['WebP', files.webp, 'image/webp', 'webp'],
  ] as const)('stores a %s and serves it back byte for byte', async (_name, make, contentType, extension) => {
    const bytes = make();
    const id = randomUUID();
    // The client's name and type are ignored: the bytes decide.
    const photo = await uploadOk(seller.token, { image: bytes, id, fileName: 'IMG_0001.HEIC', type: 'application/octet-stream' });
    expect(photo).toMatchObject({ id, contentType, size: bytes.length, purpose: 'product' });
    expect(photo.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{64}\\.${extension}$`));
    expect(Date.parse(photo.createdAt)).not.toBeNaN();

    const served = await t.app.request(photo.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(served.headers.get('content-disposition')).toBeNull();
    const etag = served.headers.get('etag');
    expect(etag).toBe(`"${sha256Of(photo.url)}"`);

    const revalidated = await t.app.request(photo.url, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('answers a HEAD request from the size alone, opening no file (a body Hono drops unread would stay open)', async () => {
    const bytes = files.png();
    const photo = await uploadOk(seller.token, { image: bytes });
    const opened = vi.spyOn(t.services.files, 'get');
    const head = await t.app.request(photo.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(await head.text()).toBe('');
    expect(opened).not.toHaveBeenCalled();
    opened.mockRestore();
  });

  it.each(['jpeg', 'png', 'webp'] as const)('stores and serves a %s without its location, comments or XMP, named by the hash of what is served', async (kind) => {
    const { bytes, pictureParts } = imageWithMetadata(kind, { orientation: 3 });
    const photo = await uploadOk(buyer.token, { image: bytes, purpose: 'profile' });
    const served = new Uint8Array(await (await t.app.request(photo.url)).arrayBuffer());
    const text = Buffer.from(served).toString('latin1');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('http://ns.adobe.com/xap/1.0/');
    for (const part of pictureParts) expect(text).toContain(Buffer.from(part).toString('latin1'));
    expect(photo.size).toBe(served.length);
    expect(sha256Of(photo.url)).toBe(createHash('sha256').update(served).digest('hex'));
    // The same file sent again lands on the same stored bytes.
    expect((await uploadOk(buyer.token, { image: bytes, purpose: 'profile' })).url).toBe(photo.url);
  });

  it('refuses an image whose structure is broken, storing nothing', async () => {
    const before = storedFiles().length;
    const broken = imageWithMetadata('jpeg').bytes.slice(0, 60);
    const res = await upload(t, seller.token, { image: broken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select an image file');
    expect(storedFiles().length).toBe(before);
  });

  it('makes an id when the device sends none', async () => {
    const photo = await uploadOk(seller.token, { image: files.jpeg() });
    expect(await rowsWithId(photo.id)).toHaveLength(1);
  });

  it('refuses a file whose bytes are not an image, whatever its name and type say', async () => {
    const res = await upload(t, seller.token, { image: files.text(), fileName: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please select an image file', reason: 'validation' });
  });

  it('takes a PDF only as a lab result', async () => {
    const pdf = files.pdf();
    const asPhoto = await upload(t, seller.token, { image: pdf, fileName: 'coa.pdf', type: 'application/pdf' });
    expect(asPhoto.status).toBe(400);
    expect(asPhoto.body.message).toBe('Please select an image file');

    const labResult = await uploadOk(seller.token, { image: pdf, fileName: 'coa.pdf', purpose: 'lab-result' });
    const stored = await rewritePdf(pdf);
    expect(labResult).toMatchObject({ contentType: 'application/pdf', purpose: 'lab-result', size: stored.length });
    expect(labResult.url).toMatch(/\.pdf$/);
    const served = await t.app.request(labResult.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(stored);

    const image = await uploadOk(seller.token, { image: files.png(), purpose: 'lab-result' });
    expect(image.contentType).toBe('image/png');

    const text = await upload(t, seller.token, { image: files.text(), purpose: 'lab-result', fileName: 'coa.pdf', type: 'application/pdf' });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Please select a PDF or an image file');
  });

  it('stores a lab result PDF rewritten: its pages and their text, without scripts, actions, attached files or metadata', async () => {
    const uploaded = await pdfWithActiveContent();
    const labResult = await uploadOk(seller.token, { image: uploaded, fileName: 'coa.pdf', purpose: 'lab-result' });
    const stored = new Uint8Array(await (await t.app.request(labResult.url)).arrayBuffer());
    expect(labResult.size).toBe(stored.length);
    const storedText = Buffer.from(stored).toString('latin1');
    for (const mark of ACTIVE_CONTENT_MARKS) expect(storedText).not.toContain(mark);
    expect(await pdfText(stored)).toEqual(ACTIVE_CONTENT_PAGES);
  });

  it('refuses a PDF with no pages, or one protected with a password, saying why', async () => {
    const empty = await upload(t, seller.token, {
      image: new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')),
      purpose: 'lab-result',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Please select a PDF or an image file', reason: 'validation' });
    const locked = onePagePdf('Locked', { trailer: '/Encrypt 5 0 R ', objects: '5 0 obj << /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -44 >> endobj' });
    const refused = await upload(t, seller.token, { image: locked, purpose: 'lab-result' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: PROTECTED_PDF_MESSAGE, reason: 'validation', errors: { image: PROTECTED_PDF_MESSAGE } });
  });

  it("refuses a profile photo over 5 MB with the spec's message", async () => {
    const tooBig = await upload(t, buyer.token, { image: jpegOfSize(5 * MB + 1), purpose: 'profile' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ message: 'Image must be less than 5MB', reason: 'payload_too_large' });

    const justRight = await uploadOk(buyer.token, { image: jpegOfSize(5 * MB), purpose: 'profile' });
    expect(justRight).toMatchObject({ purpose: 'profile', size: 5 * MB });
  });

  it('takes product photos above the API-wide 1 MB body limit, up to 10 MB', async () => {
    const big = jpegOfSize(3 * MB);
    big.set(files.jpeg().subarray(-34, -2), 100); // unique scan bytes
    expect((await uploadOk(seller.token, { image: big })).size).toBe(3 * MB);

    const tooBig = await upload(t, seller.token, { image: jpegOfSize(10 * MB + 1) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('File must be less than 10MB');

    const wayTooBig = await upload(t, seller.token, { image: jpegOfSize(12 * MB) });
    expect(wayTooBig.status).toBe(413);
    expect(wayTooBig.body.message).toBe('File must be less than 10MB');
  });

  it('asks for a file when the image field is missing, empty or not a file', async () => {
    for (const fields of [{}, { image: new Uint8Array() }, { image: 'not a file' }] satisfies UploadFields[]) {
      const res = await upload(t, seller.token, { ...fields, id: randomUUID() });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toBe('Please select an image file');
    }
    const json = await t.request<{ message: string }>('POST', '/api/upload', { token: seller.token, body: { image: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Please select an image file');
  });

  it('refuses an unknown purpose and an id that is not a uuid', async () => {
    const purpose = await upload(t, seller.token, { image: files.jpeg(), purpose: 'avatar' });
    expect(purpose.status).toBe(400);
    expect(purpose.body.reason).toBe('validation');
    const id = await upload(t, seller.token, { image: files.jpeg(), id: '../../etc/passwd' });
    expect(id.status).toBe(400);
    expect(id.body.reason).toBe('validation');
  });

  it('lets only sellers upload product photos and lab results; anyone a profile photo', async () => {
    for (const purpose of ['product', 'lab-result', undefined]) {
      const res = await upload(t, buyer.token, { image: files.jpeg(), purpose });
      expect(res.status, purpose).toBe(403);
      expect(res.body.reason).toBe('forbidden');
    }
    const admin = await t.makeAdmin();
    await uploadOk(admin.token, { image: files.jpeg(), purpose: 'profile' });
    await uploadOk(buyer.token, { image: files.png(), purpose: 'profile' });
    await uploadOk(seller.token, { image: files.webp(), purpose: 'profile' });
  });

  it('asks an anonymous caller to sign in', async () => {
    const res = await upload(t, undefined, { image: files.jpeg() });
    expect(res.status).toBe(401);
    const forged = await upload(t, 'garbage', { image: files.jpeg() });
    expect(forged.status).toBe(401);
  });

  it('answers a retried upload of the same id with the first record, once', async () => {
    const id = randomUUID();
    const first = await uploadOk(seller.token, { image: files.jpeg(), id });
    const again = await upload(t, seller.token, { image: files.jpeg(), id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it('stores the same bytes once under two ids', async () => {
    const bytes = files.png();
    const before = storedFiles().length;
    const a = await uploadOk(seller.token, { image: bytes, id: randomUUID() });
    const b = await uploadOk(seller.token, { image: bytes, id: randomUUID() });
    const c = await uploadOk(otherSeller.token, { image: bytes, id: randomUUID() });
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(b.url).toBe(a.url);
    expect(c.url).toBe(a.url);
    expect(storedFiles().length).toBe(before + 1);
    expect(storedFiles().filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it("refuses another account's id with a conflict", async () => {
    const id = randomUUID();
    await uploadOk(seller.token, { image: files.jpeg(), id });
    const res = await upload(t, otherSeller.token, { image: files.jpeg(), id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'conflict', message: expect.stringContaining('another account') });
    expect(await rowsWithId(id)).toHaveLength(1);
    expect((await rowsWithId(id))[0]!.userId).toBe(seller.user.id);
  });

  it('gives a product made before its photo arrived its cover, and the public menu its gallery', async () => {
    const [cover, second, labResultId] = [randomUUID(), randomUUID(), randomUUID()];
    const product = await createProduct(seller.token, { photoIds: [cover, second], labResultId });
    expect(product.photoUrl).toBeNull();
    const menuRes = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Photos', productIds: [product.id] } });
    expect(menuRes.status).toBe(201);
    const publicMenu = async () => (await t.request<PublicMenu>('GET', `/api/public/menu/${menuRes.body.publicLinkId}`)).body.products[0]!;
    expect((await publicMenu()).photos).toEqual([]);

    // The second photo arrives first: it is the cover until the first one is there.
    const secondPhoto = await uploadOk(seller.token, { image: files.png(), id: second });
    expect((await productOf(seller.token, product.id)).photoUrl).toBe(secondPhoto.url);
    expect(await publicMenu()).toMatchObject({ photoUrl: secondPhoto.url, photos: [{ id: second, url: secondPhoto.url }] });

    const coverPhoto = await uploadOk(seller.token, { image: files.jpeg(), id: cover });
    expect((await productOf(seller.token, product.id)).photoUrl).toBe(coverPhoto.url);
    const lab = await uploadOk(seller.token, { image: files.pdf(), id: labResultId, purpose: 'lab-result' });
    expect(await publicMenu()).toMatchObject({
      photoUrl: coverPhoto.url,
      photos: [
        { id: cover, url: coverPhoto.url },
        { id: second, url: secondPhoto.url },
      ],
      labResultUrl: lab.url,
    });
    expect((await t.app.request(coverPhoto.url)).status).toBe(200);
  });

  it("does not give another seller's product my photo", async () => {
    const id = randomUUID();
    const theirs = await createProduct(otherSeller.token, { photoIds: [id] });
    const mine = await createProduct(seller.token, { photoIds: [id] });
    const photo = await uploadOk(seller.token, { image: files.jpeg(), id });
    expect((await productOf(seller.token, mine.id)).photoUrl).toBe(photo.url);
    expect((await productOf(otherSeller.token, theirs.id)).photoUrl).toBeNull();
  });
});

describe('GET /uploads/:file', () => {
  it('answers 404 for anything but a stored name, so no client path reaches the disk', async () => {
    const stored = await uploadOk(seller.token, { image: files.jpeg() });
    const hash = sha256Of(stored.url);
    for (const path of [
      '/uploads/../../etc/passwd',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/x.jpg',
      `/uploads/${'a'.repeat(64)}.jpg`,
      `/uploads/${hash.toUpperCase()}.jpg`,
      `/uploads/${hash}.png`,
      `/uploads/${hash}.jpg.exe`,
      `/uploads/${hash}`,
      `/uploads/${hash}.jpg/extra`,
      '/uploads/',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
    }
    expect((await t.app.request(stored.url, { method: 'POST' })).status).toBe(404);
  });

  it('works with the built front end served too, never falling back to its index', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wholesale-menus-static-'));
    try {
      writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
      const app = createApp(t.services, { staticRoot: root });
      const bytes = files.webp();
      const stored = await uploadOk(seller.token, { image: bytes });
      const served = await app.request(stored.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      for (const path of ['/uploads/x.jpg', `/uploads/${'b'.repeat(64)}.png`]) {
        const missing = await app.request(path);
        expect(missing.status, path).toBe(404);
        expect(await missing.text()).not.toContain('<title>app</title>');
      }
      expect((await app.request('/products')).status).toBe(200);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
