/** Tiny well-formed files of each accepted type, images carrying metadata, and a multipart upload helper for tests. */
import { randomBytes } from 'node:crypto';
import type { Photo } from '../../sync/entities/photo';
import type { ErrorBody } from '../../sync/contract/errors';
import type { TestApp } from '../testing/test-app';

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Unique bytes after the signature, so each call is a different file unless told otherwise. */
const tail = (length = 32) => [...randomBytes(length)];
/** Unique bytes with no 0xFF, so inside a JPEG scan they never read as a marker. */
const scanData = (length = 32) => tail(length).map((byte) => (byte === 0xff ? 0xfe : byte));

const u16 = (value: number) => [value >> 8, value & 0xff];
const u32be = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const u32le = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];

const jpegSegment = (marker: number, payload: number[]) => [0xff, marker, ...u16(payload.length + 2), ...payload];
const JFIF = jpegSegment(0xe0, [...ascii('JFIF'), 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
const SCAN_HEADER = jpegSegment(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
const pngChunk = (type: string, data: number[]) => [...u32be(data.length), ...ascii(type), ...data, 0, 0, 0, 0];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_HEADER = pngChunk('IHDR', [...u32be(1), ...u32be(1), 8, 2, 0, 0, 0]);
const webpChunk = (type: string, data: number[]) => [...ascii(type), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])];
const riff = (chunks: number[]) => [...ascii('RIFF'), ...u32le(4 + chunks.length), ...ascii('WEBP'), ...chunks];

/**
 * A one-page PDF saying `text`, written by hand (no cross-reference table, which readers rebuild); `trailer` adds to
 * the trailer dictionary, `objects` adds objects after the page's.
 */
export function onePagePdf(text: string, { trailer = '', objects = '' } = {}): Uint8Array {
  const content = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  return new Uint8Array(
    ascii(
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 ${font} >> >> /Contents 4 0 R >> endobj`,
        `4 0 obj << /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj`,
        objects,
        `trailer << /Root 1 0 R ${trailer}>>`,
        '%%EOF',
        '',
      ].join('\n'),
    ),
  );
}

/** Well-formed files of each accepted type with unique picture bytes (a JPEG scan, a PNG IDAT, a WebP VP8 chunk, a PDF's text). */
export const files = {
  jpeg: (padding = 32) => new Uint8Array([0xff, 0xd8, ...JFIF, ...SCAN_HEADER, ...scanData(padding), 0xff, 0xd9]),
  png: () => new Uint8Array([...PNG_SIGNATURE, ...PNG_HEADER, ...pngChunk('IDAT', tail()), ...pngChunk('IEND', [])]),
  webp: () => new Uint8Array(riff(webpChunk('VP8 ', tail()))),
  pdf: () => onePagePdf(`Lab result ${Buffer.from(tail(8)).toString('hex')}`),
  text: () => new Uint8Array(ascii(`just some text pretending to be a photo ${tail(4).join('')}`)),
};

/** A well-formed JPEG of exactly `size` bytes. */
export function jpegOfSize(size: number): Uint8Array {
  const head = [0xff, 0xd8, ...JFIF, ...SCAN_HEADER];
  const bytes = new Uint8Array(size);
  bytes.set(head);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

/** What a location leak looks like in these files: a GPS position written as text. */
export const SECRET = 'GPS 37.7749N 122.4194W';

const exifBlock = (orientation: number) => [
  ...ascii('Exif\0\0II'),
  0x2a,
  0x00,
  ...u32le(8),
  // Two entries: Orientation, then a GPS-looking ASCII value stored after the IFD.
  0x02,
  0x00,
  0x12,
  0x01,
  0x03,
  0x00,
  0x01,
  0x00,
  0x00,
  0x00,
  orientation,
  0x00,
  0x00,
  0x00,
  0x25,
  0x88,
  0x02,
  0x00,
  ...u32le(SECRET.length),
  ...u32le(38),
  0x00,
  0x00,
  0x00,
  0x00,
  ...ascii(SECRET),
];
const xmpPacket = ascii(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${SECRET}</exif:GPSLatitude></x:xmpmeta>`);

export type ImageWithMetadata = { bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png' | 'image/webp'; pictureParts: Uint8Array[] };

/** An image carrying EXIF (with a position), XMP, comments and trailing data, and the parts of it that draw the picture. */
export function imageWithMetadata(kind: 'jpeg' | 'png' | 'webp', { orientation = 1 } = {}): ImageWithMetadata {
  if (kind === 'jpeg') {
    const quantTable = jpegSegment(
      0xdb,
      [0x00, ...tail(64)].map((byte) => (byte === 0xff ? 0xfe : byte)),
    );
    const icc = jpegSegment(0xe2, [...ascii('ICC_PROFILE\0'), 0x01, 0x01, ...ascii('colour profile')]);
    const scan = [...SCAN_HEADER, ...scanData(40), 0xff, 0x00, ...scanData(8), 0xff, 0xd0, ...scanData(8)];
    const bytes = new Uint8Array([
      0xff,
      0xd8,
      ...JFIF,
      ...jpegSegment(0xe1, exifBlock(orientation)),
      ...jpegSegment(0xe1, xmpPacket),
      ...icc,
      ...jpegSegment(0xed, ascii(`Photoshop 3.0\0${SECRET}`)),
      ...jpegSegment(0xfe, ascii(SECRET)),
      ...quantTable,
      ...scan,
      0xff,
      0xd9,
      ...ascii(`trailer ${SECRET}`),
    ]);
    return { bytes, contentType: 'image/jpeg', pictureParts: [new Uint8Array(quantTable), new Uint8Array(icc), new Uint8Array(scan)] };
  }
  if (kind === 'png') {
    const data = pngChunk('IDAT', tail(48));
    const colour = pngChunk('sRGB', [0]);
    const bytes = new Uint8Array([
      ...PNG_SIGNATURE,
      ...PNG_HEADER,
      ...colour,
      ...pngChunk('eXIf', exifBlock(orientation).slice(6)),
      ...pngChunk('tEXt', ascii(`Comment\0${SECRET}`)),
      ...pngChunk('iTXt', [...ascii('XML:com.adobe.xmp\0\0\0\0\0'), ...xmpPacket]),
      ...data,
      ...pngChunk('IEND', []),
      ...ascii(SECRET),
    ]);
    return { bytes, contentType: 'image/png', pictureParts: [new Uint8Array(PNG_HEADER), new Uint8Array(colour), new Uint8Array(data)] };
  }
  const header = webpChunk('VP8X', [0x0c | 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const icc = webpChunk('ICCP', ascii('colour profile'));
  const picture = webpChunk('VP8 ', tail(41));
  const bytes = new Uint8Array(riff([...header, ...icc, ...picture, ...webpChunk('EXIF', exifBlock(orientation).slice(6)), ...webpChunk('XMP ', xmpPacket)]));
  return { bytes, contentType: 'image/webp', pictureParts: [new Uint8Array(header.slice(0, 8)), new Uint8Array(icc), new Uint8Array(picture)] };
}

export type UploadFields = {
  image?: Uint8Array | string;
  /** The client's claims, which the server ignores. */
  fileName?: string;
  type?: string;
  purpose?: string;
  id?: string;
};

export type UploadResponse = { status: number; body: Photo & ErrorBody; headers: Headers };

export async function upload(t: TestApp, token: string | undefined, fields: UploadFields): Promise<UploadResponse> {
  const form = new FormData();
  if (typeof fields.image === 'string') form.set('image', fields.image);
  else if (fields.image) form.set('image', new File([fields.image as Uint8Array<ArrayBuffer>], fields.fileName ?? 'photo.jpg', { type: fields.type ?? 'image/jpeg' }));
  if (fields.purpose !== undefined) form.set('purpose', fields.purpose);
  if (fields.id !== undefined) form.set('id', fields.id);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as Photo & ErrorBody, headers: res.headers };
}
