import { describe, expect, it } from 'vitest';
import { exifOrientation, MalformedImageError, stripImageMetadata } from './strip-metadata';
import { imageWithMetadata, SECRET } from './upload-test-support';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('stripImageMetadata', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('removes every trace of the location and the comments from a %s, keeping the picture', (kind) => {
    const { bytes, contentType, pictureParts } = imageWithMetadata(kind);
    expect(text(bytes)).toContain(SECRET);
    const stripped = stripImageMetadata(bytes, contentType);
    expect(text(stripped)).not.toContain(SECRET);
    expect(text(stripped)).not.toContain('Exif\0\0II');
    expect(text(stripped)).not.toContain('http://ns.adobe.com/xap/1.0/');
    for (const part of pictureParts) expect(text(stripped)).toContain(text(part));
  });

  it.each(['jpeg', 'png', 'webp'] as const)('gives the same bytes when run again on its own output (%s), so the content hash is stable', (kind) => {
    const { bytes, contentType } = imageWithMetadata(kind);
    const once = stripImageMetadata(bytes, contentType);
    expect(stripImageMetadata(once, contentType)).toEqual(once);
  });

  it('keeps a JPEG turned the right way up: the orientation survives, alone', () => {
    const { bytes } = imageWithMetadata('jpeg', { orientation: 6 });
    const stripped = stripImageMetadata(bytes, 'image/jpeg');
    const app1 = text(stripped).indexOf('Exif\0\0');
    expect(app1).toBeGreaterThan(0);
    const length = (stripped[app1 - 2]! << 8) | stripped[app1 - 1]!;
    expect(exifOrientation(stripped.subarray(app1, app1 - 2 + length))).toBe(6);
    expect(length).toBeLessThan(40);
  });

  it('clears the WebP header flags that announced EXIF and XMP', () => {
    const { bytes } = imageWithMetadata('webp');
    const stripped = stripImageMetadata(bytes, 'image/webp');
    const vp8x = text(stripped).indexOf('VP8X');
    expect(stripped[vp8x + 8]! & 0x0c).toBe(0);
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
  });

  it.each([
    ['a JPEG whose segment runs past the end', 'image/jpeg', [0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x45]],
    ['a JPEG with no end', 'image/jpeg', [0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x01, 0x02, 0x03]],
    ['a PNG with a chunk past the end', 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x10, 0x00, 0x49, 0x48, 0x44, 0x52]],
    ['a WebP whose size lies', 'image/webp', [0x52, 0x49, 0x46, 0x46, 0xff, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50]],
  ] as const)('refuses %s', (_what, contentType, bytes) => {
    expect(() => stripImageMetadata(new Uint8Array(bytes), contentType)).toThrow(MalformedImageError);
  });
});
