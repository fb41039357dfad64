/**
 * Removes what an image file says about where and how it was taken (EXIF with
 * its GPS position, XMP, IPTC, comments, text chunks, trailing data) while
 * keeping every byte the picture needs to render: the image data, its colour
 * profile and, for a JPEG, its orientation. The device strips location before
 * uploading, but the API has other clients, so the server does it again.
 *
 * Each format is walked segment by segment (chunk by chunk) and rebuilt from
 * an allow-list; anything that does not parse is refused as not an image.
 * Stripping is deterministic and idempotent, so the same upload always stores
 * the same bytes under the same content hash.
 */
import type { StoredContentType } from './file-types';

/** The file is not a well-formed image of its type. */
export class MalformedImageError extends Error {}

const fail = (what: string): never => {
  throw new MalformedImageError(what);
};

/** A PDF is rewritten instead (rewrite-pdf.ts). */
export type ImageContentType = Exclude<StoredContentType, 'application/pdf'>;

export function stripImageMetadata(bytes: Uint8Array, contentType: ImageContentType): Uint8Array {
  switch (contentType) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
  }
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const asciiAt = (bytes: Uint8Array, offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));

// JPEG ----------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers that stand alone, with no length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** APP0 (JFIF), an APP2 ICC profile and APP14 (Adobe colour transform) change how the picture renders; other APPn and comments do not. */
function keepsJpegSegment(marker: number, bytes: Uint8Array, payloadStart: number, payloadLength: number): boolean {
  if (marker === COM || (marker > APP0 && marker <= 0xef && marker !== APP2 && marker !== APP14)) return false;
  if (marker === APP2) return payloadLength >= 12 && asciiAt(bytes, payloadStart, 12) === 'ICC_PROFILE\0';
  return true;
}

/** The EXIF orientation (1 to 8) in an APP1 payload, or null when it has none. */
export function exifOrientation(payload: Uint8Array): number | null {
  if (payload.length < 14 || asciiAt(payload, 0, 6) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const order = asciiAt(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = order === 'II';
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment with an EXIF block that holds the orientation and nothing else. */
function orientationSegment(orientation: number): Uint8Array {
  const exif = [
    ...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], // "Exif\0\0"
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian TIFF header, first IFD at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00], // Orientation, SHORT, 1
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ];
  const length = exif.length + 2;
  return new Uint8Array([0xff, APP1, length >> 8, length & 0xff, ...exif]);
}

/** The end of the entropy-coded data that starts at `offset`: the next marker that is not a stuffed byte or a restart. */
function endOfScan(bytes: Uint8Array, offset: number): number {
  for (let i = offset; i < bytes.length - 1; i += 1) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1]!;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return i;
  }
  return fail('JPEG scan has no end');
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) fail('not a JPEG');
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let offset = 2;
  for (;;) {
    if (offset + 2 > bytes.length || bytes[offset] !== 0xff) fail('JPEG segment expected');
    // Fill bytes (0xFF repeated) may precede a marker.
    while (bytes[offset + 1] === 0xff && offset + 2 < bytes.length) offset += 1;
    const marker = bytes[offset + 1]!;
    if (marker === EOI) {
      // Whatever follows the end of the image (maker trailers, a second image with its own EXIF) is dropped.
      parts.push(bytes.subarray(offset, offset + 2));
      break;
    }
    if (standalone(marker)) {
      parts.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) fail('JPEG segment cut short');
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) fail('JPEG segment length out of range');
    const payloadStart = offset + 4;
    if (marker === APP1 && orientation === null) orientation = exifOrientation(bytes.subarray(payloadStart, end));
    if (keepsJpegSegment(marker, bytes, payloadStart, length - 2)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (marker === SOS) {
      const scanEnd = endOfScan(bytes, offset);
      parts.push(bytes.subarray(offset, scanEnd));
      offset = scanEnd;
    }
  }
  // The picture still turns the right way up: the orientation is put back, alone, right after SOI (and JFIF when there is one).
  if (orientation !== null && orientation !== 1) {
    const afterJfif = parts[1] && parts[1][1] === APP0 ? 2 : 1;
    parts.splice(afterJfif, 0, orientationSegment(orientation));
  }
  return concat(parts);
}

// PNG -----------------------------------------------------------------------

const PNG_SIGNATURE_LENGTH = 8;

/** The chunks that make up the picture and how it renders (colour, transparency, animation); text, EXIF and times are dropped. */
const PNG_KEPT_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'cICP',
  'mDCV',
  'cLLI',
  'pHYs',
  'bKGD',
  'hIST',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let offset = PNG_SIGNATURE_LENGTH;
  for (;;) {
    if (offset + 12 > bytes.length) fail('PNG chunk cut short');
    const length = view.getUint32(offset);
    const type = asciiAt(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    if (end > bytes.length) fail('PNG chunk length out of range');
    if (PNG_KEPT_CHUNKS.has(type)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

// WebP ----------------------------------------------------------------------

const RIFF_HEADER_LENGTH = 12;
const WEBP_KEPT_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X flags that announce EXIF (bit 3) and XMP (bit 2) chunks, cleared with the chunks. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array {
  if (bytes.length < RIFF_HEADER_LENGTH) fail('WebP cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) fail('RIFF size out of range');
  const chunks: Uint8Array[] = [];
  let offset = RIFF_HEADER_LENGTH;
  while (offset < riffEnd) {
    if (offset + 8 > riffEnd) fail('WebP chunk cut short');
    const type = asciiAt(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    // Chunks are padded to an even size.
    const end = offset + 8 + size + (size % 2);
    if (end > riffEnd) fail('WebP chunk size out of range');
    if (WEBP_KEPT_CHUNKS.has(type)) {
      const chunk = bytes.slice(offset, end);
      if (type === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      chunks.push(chunk);
    }
    offset = end;
  }
  if (chunks.length === 0) fail('WebP has no image');
  const body = concat(chunks);
  const header = new Uint8Array(RIFF_HEADER_LENGTH);
  header.set(bytes.subarray(0, RIFF_HEADER_LENGTH));
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return concat([header, body]);
}
