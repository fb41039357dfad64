/**
 * The JPEG header reader on crafted bytes: segments, dimensions, EXIF GPS in
 * both byte orders, GPS in XMP, orientation, damaged files, and stripping.
 */
import { describe, expect, it } from 'vitest';
import { APP0, APP1, hasLocationMetadata, readJpegInfo, readJpegSegments, SOI, SOS, stripJpegMetadata } from './jpeg-metadata';
import { commentSegment, gpsExifSegment, gpsXmpSegment, headerOnlyJpeg, insertAfterSoi, orientationOnlyExifSegment } from './jpeg-test-support';

describe('readJpegSegments', () => {
  it('lists the segments up to the image data', () => {
    const segments = readJpegSegments(headerOnlyJpeg(640, 480));
    expect(segments?.map((segment) => segment.marker)).toEqual([SOI, APP0, 0xc0, SOS]);
    expect(segments?.[1]).toEqual({ marker: APP0, offset: 2, size: 18 });
  });

  it('skips fill bytes before a marker', () => {
    const plain = headerOnlyJpeg(10, 10);
    const padded = insertAfterSoi(plain, Uint8Array.from([0xff, 0xff]));
    expect(readJpegInfo(padded)).toMatchObject({ width: 10, height: 10 });
  });

  it('refuses what is not a JPEG or is cut short', () => {
    expect(readJpegSegments(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(readJpegSegments(new Uint8Array())).toBeNull();
    const whole = headerOnlyJpeg(10, 10);
    expect(readJpegSegments(whole.subarray(0, 12))).toBeNull();
    expect(readJpegInfo(whole.subarray(0, 12))).toBeNull();
    // A length that runs past the end.
    const broken = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2, 3]);
    expect(readJpegSegments(broken)).toBeNull();
    expect(hasLocationMetadata(broken)).toBe(false);
  });
});

describe('readJpegInfo', () => {
  it('reads the dimensions from the frame header', () => {
    expect(readJpegInfo(headerOnlyJpeg(4000, 3000))).toEqual({ width: 4000, height: 3000, hasExif: false, hasGps: false, orientation: null });
  });

  it('finds a GPS directory in EXIF, big- and little-endian', () => {
    for (const littleEndian of [false, true]) {
      const jpeg = insertAfterSoi(headerOnlyJpeg(2048, 1536), gpsExifSegment({ latitude: 37.7749, longitude: -122.4194, orientation: 6, littleEndian }));
      expect(readJpegInfo(jpeg)).toEqual({ width: 2048, height: 1536, hasExif: true, hasGps: true, orientation: 6 });
      expect(hasLocationMetadata(jpeg)).toBe(true);
    }
  });

  it('tells EXIF without a location from EXIF with one', () => {
    const jpeg = insertAfterSoi(headerOnlyJpeg(100, 50), orientationOnlyExifSegment(3));
    expect(readJpegInfo(jpeg)).toMatchObject({ hasExif: true, hasGps: false, orientation: 3 });
    expect(hasLocationMetadata(jpeg)).toBe(false);
  });

  it('finds GPS fields in XMP', () => {
    const jpeg = insertAfterSoi(headerOnlyJpeg(100, 50), gpsXmpSegment());
    expect(readJpegInfo(jpeg)).toMatchObject({ hasExif: false, hasGps: true });
  });

  it('survives a damaged EXIF block without inventing a location', () => {
    const damaged = Uint8Array.from([0xff, APP1, 0x00, 0x0c, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x58, 0x58, 0, 42]);
    const jpeg = insertAfterSoi(headerOnlyJpeg(10, 10), damaged);
    expect(readJpegInfo(jpeg)).toMatchObject({ hasExif: true, hasGps: false, width: 10 });
  });
});

describe('stripJpegMetadata', () => {
  it('removes EXIF, XMP and comments and keeps the picture', () => {
    const plain = headerOnlyJpeg(320, 240);
    const tagged = insertAfterSoi(plain, gpsExifSegment({ latitude: -33.86, longitude: 151.2 }), gpsXmpSegment(), commentSegment('farm 12'));
    expect(hasLocationMetadata(tagged)).toBe(true);
    const stripped = stripJpegMetadata(tagged);
    expect(hasLocationMetadata(stripped)).toBe(false);
    expect(readJpegInfo(stripped)).toEqual({ width: 320, height: 240, hasExif: false, hasGps: false, orientation: null });
    expect(Array.from(stripped)).toEqual(Array.from(plain));
  });

  it('leaves a clean file and non-JPEG bytes as they are', () => {
    const plain = headerOnlyJpeg(1, 1);
    expect(stripJpegMetadata(plain)).toBe(plain);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    expect(stripJpegMetadata(png)).toBe(png);
  });
});
