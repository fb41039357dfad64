/**
 * A small reader for the header of a JPEG file: its segments up to the image
 * data, its dimensions, and whether it carries metadata that could give away
 * where it was taken (EXIF GPS, or GPS fields in XMP). A farm's location is
 * sensitive, so the device checks every photo it is about to keep or send,
 * and can strip such segments (stripJpegMetadata) whatever produced the file.
 *
 * Layout: SOI (FF D8), then segments `FF marker [length: 2 bytes, big-endian,
 * counting itself] payload`, until SOS (FF DA) where the compressed data
 * starts. EXIF is an APP1 (FF E1) segment whose payload starts "Exif\0\0"
 * followed by a TIFF structure; tag 0x8825 of its first directory (IFD0)
 * points to the GPS directory.
 */

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const APP0 = 0xe0;
export const APP1 = 0xe1;
export const APP13 = 0xed;
export const COM = 0xfe;

const TAG_ORIENTATION = 0x0112;
const TAG_GPS_IFD = 0x8825;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

/** One segment: where its FF marker byte is and its whole length (marker and length bytes included). */
export type JpegSegment = { marker: number; offset: number; size: number };

export type JpegInfo = {
  width: number;
  height: number;
  /** An EXIF APP1 segment is present. */
  hasExif: boolean;
  /** The EXIF data names a GPS directory, or XMP carries GPS fields. */
  hasGps: boolean;
  /** EXIF orientation (1–8), or null when absent. */
  orientation: number | null;
};

/** Markers that stand alone, with no length after them. */
function isStandalone(marker: number): boolean {
  return marker === SOI || marker === EOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** Start-of-frame markers (C0–CF but not DHT C4, JPG C8, DAC CC) carry the dimensions. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === SOI && bytes[2] === 0xff;
}

/**
 * The segments from SOI up to and including SOS, or null when the bytes are
 * not a well-formed JPEG header (wrong start, a length running past the end).
 */
export function readJpegSegments(bytes: Uint8Array): JpegSegment[] | null {
  if (!isJpeg(bytes)) return null;
  const segments: JpegSegment[] = [{ marker: SOI, offset: 0, size: 2 }];
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Any number of FF fill bytes may precede a marker.
    let markerAt = offset;
    while (markerAt + 1 < bytes.length && bytes[markerAt + 1] === 0xff) markerAt += 1;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) return null;
    if (isStandalone(marker)) {
      segments.push({ marker, offset: markerAt, size: 2 });
      offset = markerAt + 2;
      if (marker === EOI) return segments;
      continue;
    }
    if (markerAt + 3 >= bytes.length) return null;
    const length = (bytes[markerAt + 2]! << 8) | bytes[markerAt + 3]!;
    if (length < 2 || markerAt + 2 + length > bytes.length) return null;
    segments.push({ marker, offset: markerAt, size: 2 + length });
    if (marker === SOS) return segments;
    offset = markerAt + 2 + length;
  }
  return null;
}

/** The payload of a segment (after its marker and length bytes). */
function payloadOf(bytes: Uint8Array, segment: JpegSegment): Uint8Array {
  return bytes.subarray(segment.offset + 4, segment.offset + segment.size);
}

function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>): boolean {
  if (bytes.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (bytes[index] !== prefix[index]) return false;
  return true;
}

const asciiBytes = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

function isExifSegment(bytes: Uint8Array, segment: JpegSegment): boolean {
  return segment.marker === APP1 && startsWith(payloadOf(bytes, segment), EXIF_HEADER);
}

function isXmpSegment(bytes: Uint8Array, segment: JpegSegment): boolean {
  return segment.marker === APP1 && startsWith(payloadOf(bytes, segment), asciiBytes(XMP_HEADER));
}

type ExifFacts = { hasGps: boolean; orientation: number | null };

/** Reads IFD0 of an EXIF payload ("Exif\0\0" + TIFF); tolerant of damage: what cannot be read counts as absent. */
export function readExif(payload: Uint8Array): ExifFacts {
  const facts: ExifFacts = { hasGps: false, orientation: null };
  const tiff = payload.subarray(EXIF_HEADER.length);
  if (tiff.length < 8) return facts;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return facts;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return facts;
  const ifd0 = view.getUint32(4, little);
  if (ifd0 + 2 > tiff.length) return facts;
  const count = view.getUint16(ifd0, little);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd0 + 2 + index * 12;
    if (entry + 12 > tiff.length) break;
    const tag = view.getUint16(entry, little);
    if (tag === TAG_GPS_IFD) {
      // A GPS directory pointer counts even when the directory is damaged: location data was meant to be there.
      facts.hasGps = true;
    } else if (tag === TAG_ORIENTATION) {
      const type = view.getUint16(entry + 2, little);
      if (type === 3) facts.orientation = view.getUint16(entry + 8, little);
    }
  }
  return facts;
}

/** XMP can hold the same location as EXIF (exif:GPSLatitude and friends). */
function xmpHasGps(payload: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(payload);
  return /GPS(Latitude|Longitude|Altitude|Position)/.test(text);
}

/** Dimensions and metadata facts of a JPEG, or null when it is not one (or its header is damaged). */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  const segments = readJpegSegments(bytes);
  if (!segments) return null;
  const info: JpegInfo = { width: 0, height: 0, hasExif: false, hasGps: false, orientation: null };
  for (const segment of segments) {
    if (isStartOfFrame(segment.marker) && segment.size >= 2 + 7) {
      const at = segment.offset + 4;
      info.height = (bytes[at + 1]! << 8) | bytes[at + 2]!;
      info.width = (bytes[at + 3]! << 8) | bytes[at + 4]!;
    } else if (isExifSegment(bytes, segment)) {
      info.hasExif = true;
      const facts = readExif(payloadOf(bytes, segment));
      info.hasGps ||= facts.hasGps;
      info.orientation ??= facts.orientation;
    } else if (isXmpSegment(bytes, segment) && xmpHasGps(payloadOf(bytes, segment))) {
      info.hasGps = true;
    }
  }
  return info;
}

/** Whether the file could tell where it was taken. Not a JPEG: false (other formats are re-encoded as JPEG first). */
export function hasLocationMetadata(bytes: Uint8Array): boolean {
  return readJpegInfo(bytes)?.hasGps ?? false;
}

/**
 * The same JPEG without APP1 (EXIF, XMP), APP13 (IPTC) and comment segments.
 * APP0 (JFIF) and APP14 (Adobe, which says how to read the colours) stay.
 * Bytes that are not a readable JPEG come back unchanged.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  const segments = readJpegSegments(bytes);
  if (!segments) return bytes;
  const drop = segments.filter((segment) => segment.marker === APP1 || segment.marker === APP13 || segment.marker === COM);
  if (drop.length === 0) return bytes;
  const size = bytes.length - drop.reduce((sum, segment) => sum + segment.size, 0);
  const out = new Uint8Array(size);
  let read = 0;
  let write = 0;
  for (const segment of drop) {
    out.set(bytes.subarray(read, segment.offset), write);
    write += segment.offset - read;
    read = segment.offset + segment.size;
  }
  out.set(bytes.subarray(read), write);
  return out;
}
