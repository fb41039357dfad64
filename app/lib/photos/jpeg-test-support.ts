/**
 * Crafted JPEG bytes for tests: a header-only JPEG of a given size, an EXIF
 * APP1 segment with a GPS position (as a phone writes it), an XMP segment
 * with GPS fields, and inserting a segment into a real JPEG. Used by the unit
 * tests and by the browser tests (which put a GPS segment into a real photo).
 */

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out[0] = 0xff;
  out[1] = marker;
  out[2] = ((payload.length + 2) >> 8) & 0xff;
  out[3] = (payload.length + 2) & 0xff;
  out.set(payload, 4);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** SOI, JFIF APP0, a baseline SOF0 of `width`×`height`, SOS with a few data bytes, EOI. Not decodable, but a valid header. */
export function headerOnlyJpeg(width: number, height: number, extraSegments: Uint8Array[] = []): Uint8Array {
  const jfif = segment(0xe0, Uint8Array.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const sof0 = segment(0xc0, Uint8Array.from([8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0]));
  const sos = segment(0xda, Uint8Array.from([1, 1, 0, 0, 0x3f, 0]));
  return concat(Uint8Array.from([0xff, 0xd8]), jfif, ...extraSegments, sof0, sos, Uint8Array.from([0x12, 0x34, 0xff, 0x00, 0x56]), Uint8Array.from([0xff, 0xd9]));
}

type Writer = { u16(value: number): void; u32(value: number): void; bytes(values: ArrayLike<number>): void; at(): number; done(): Uint8Array };

function tiffWriter(little: boolean): Writer {
  const out: number[] = [];
  return {
    u16(value) {
      if (little) out.push(value & 0xff, (value >> 8) & 0xff);
      else out.push((value >> 8) & 0xff, value & 0xff);
    },
    u32(value) {
      const parts = [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
      out.push(...(little ? parts.reverse() : parts));
    },
    bytes(values) {
      out.push(...Array.from(values));
    },
    at: () => out.length,
    done: () => Uint8Array.from(out),
  };
}

/** Degrees as three EXIF rationals (degrees, minutes, seconds × 100). */
function dms(value: number): Array<[number, number]> {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 100],
  ];
}

/**
 * An EXIF APP1 segment (FF E1 …) with IFD0 holding Orientation and a pointer
 * to a GPS directory with latitude and longitude, as a phone camera writes it.
 */
export function gpsExifSegment({
  latitude,
  longitude,
  orientation = 1,
  littleEndian = false,
}: {
  latitude: number;
  longitude: number;
  orientation?: number;
  littleEndian?: boolean;
}): Uint8Array {
  const w = tiffWriter(littleEndian);
  // TIFF header.
  w.bytes(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]);
  w.u16(42);
  w.u32(8);
  // IFD0: 2 entries, then the next-IFD offset.
  const ifd0Size = 2 + 2 * 12 + 4;
  const gpsIfdOffset = 8 + ifd0Size;
  w.u16(2);
  w.u16(0x0112); // Orientation, SHORT, 1
  w.u16(3);
  w.u32(1);
  w.u16(orientation);
  w.u16(0);
  w.u16(0x8825); // GPSInfo IFD pointer, LONG, 1
  w.u16(4);
  w.u32(1);
  w.u32(gpsIfdOffset);
  w.u32(0);
  // GPS IFD: 4 entries; the rationals follow it.
  const gpsIfdSize = 2 + 4 * 12 + 4;
  const latAt = gpsIfdOffset + gpsIfdSize;
  const lonAt = latAt + 24;
  w.u16(4);
  w.u16(0x0001); // GPSLatitudeRef, ASCII, 2: "N\0" inline
  w.u16(2);
  w.u32(2);
  w.bytes([latitude >= 0 ? 0x4e : 0x53, 0, 0, 0]);
  w.u16(0x0002); // GPSLatitude, RATIONAL, 3
  w.u16(5);
  w.u32(3);
  w.u32(latAt);
  w.u16(0x0003); // GPSLongitudeRef
  w.u16(2);
  w.u32(2);
  w.bytes([longitude >= 0 ? 0x45 : 0x57, 0, 0, 0]);
  w.u16(0x0004); // GPSLongitude
  w.u16(5);
  w.u32(3);
  w.u32(lonAt);
  w.u32(0);
  for (const [numerator, denominator] of [...dms(latitude), ...dms(longitude)]) {
    w.u32(numerator);
    w.u32(denominator);
  }
  return segment(0xe1, concat(ascii('Exif\0\0'), w.done()));
}

/** An EXIF APP1 segment with only an orientation (no location). */
export function orientationOnlyExifSegment(orientation: number): Uint8Array {
  const w = tiffWriter(false);
  w.bytes([0x4d, 0x4d]);
  w.u16(42);
  w.u32(8);
  w.u16(1);
  w.u16(0x0112);
  w.u16(3);
  w.u32(1);
  w.u16(orientation);
  w.u16(0);
  w.u32(0);
  return segment(0xe1, concat(ascii('Exif\0\0'), w.done()));
}

/** An XMP APP1 segment naming a GPS position. */
export function gpsXmpSegment(): Uint8Array {
  const xml =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,46.5N" exif:GPSLongitude="122,25.1W"/>' +
    '</rdf:RDF></x:xmpmeta>';
  return segment(0xe1, ascii(`http://ns.adobe.com/xap/1.0/\0${xml}`));
}

/** A comment (COM) segment. */
export function commentSegment(text: string): Uint8Array {
  return segment(0xfe, ascii(text));
}

/** The JPEG with `inserted` placed right after its SOI marker, where cameras put EXIF. */
export function insertAfterSoi(jpeg: Uint8Array, ...inserted: Uint8Array[]): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG');
  return concat(jpeg.subarray(0, 2), ...inserted, jpeg.subarray(2));
}
