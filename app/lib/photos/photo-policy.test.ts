import { describe, expect, it } from 'vitest';
import {
  checkCompressedPhoto,
  checkLabResultFile,
  checkPickedImage,
  downscalePlan,
  formatBytes,
  LAB_RESULT_SIZE_MESSAGE,
  LAB_RESULT_TYPE_MESSAGE,
  looksBlank,
  MAX_CANVAS_PIXELS,
  NOT_AN_IMAGE_MESSAGE,
  PHOTO_MAX_BYTES,
  sniffFileType,
} from './photo-policy';
import { headerOnlyJpeg } from './jpeg-test-support';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? Array.from(value, (char) => char.charCodeAt(0)) : [value])));

const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a);
const WEBP = bytes('RIFF', 0, 0, 0, 0, 'WEBP');
const PDF = bytes('%PDF-1.7\n');
const HEIC = bytes(0, 0, 0, 0x18, 'ftypheic');

describe('sniffFileType', () => {
  it('tells types by their first bytes', () => {
    expect(sniffFileType(headerOnlyJpeg(1, 1))).toBe('image/jpeg');
    expect(sniffFileType(PNG)).toBe('image/png');
    expect(sniffFileType(WEBP)).toBe('image/webp');
    expect(sniffFileType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffFileType(HEIC)).toBe('image/heic');
    expect(sniffFileType(PDF)).toBe('application/pdf');
    expect(sniffFileType(bytes('<svg xmlns='))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });
});

describe('checkCompressedPhoto', () => {
  const good = { size: 400_000, width: 2048, height: 1536, type: 'image/jpeg', blank: false };

  it('accepts a JPEG within 2048 px and 1 MiB', () => {
    expect(checkCompressedPhoto(good)).toEqual({ ok: true });
    expect(checkCompressedPhoto({ ...good, size: PHOTO_MAX_BYTES, width: 1536, height: 2048 })).toEqual({ ok: true });
  });

  it('names what is wrong', () => {
    const problem = (changes: Partial<typeof good>) => {
      const check = checkCompressedPhoto({ ...good, ...changes });
      return check.ok ? null : check.problem;
    };
    expect(problem({ size: 0 })).toBe('empty');
    expect(problem({ width: 0 })).toBe('no-dimensions');
    expect(problem({ height: 0 })).toBe('no-dimensions');
    expect(problem({ type: 'image/png' })).toBe('not-jpeg');
    expect(problem({ blank: true })).toBe('blank');
    expect(problem({ width: 2049 })).toBe('too-wide');
    expect(problem({ height: 4096 })).toBe('too-wide');
    expect(problem({ size: PHOTO_MAX_BYTES + 1 })).toBe('too-heavy');
  });
});

describe('looksBlank', () => {
  it('sees one flat colour, with a little noise allowed', () => {
    expect(looksBlank(new Uint8ClampedArray(16 * 16 * 4))).toBe(true);
    expect(looksBlank(new Uint8ClampedArray(16 * 16 * 4).fill(255))).toBe(true);
    const nearlyWhite = new Uint8ClampedArray(64).fill(255);
    nearlyWhite[5] = 253;
    expect(looksBlank(nearlyWhite)).toBe(true);
    expect(looksBlank([])).toBe(true);
  });

  it('sees a picture', () => {
    const picture = new Uint8ClampedArray(64).fill(255);
    picture[33] = 120;
    expect(looksBlank(picture)).toBe(false);
  });
});

describe('downscalePlan', () => {
  it('needs nothing for a photo within the limits', () => {
    expect(downscalePlan({ width: 4000, height: 3000 })).toEqual([]);
    expect(downscalePlan({ width: 0, height: 10 })).toEqual([]);
  });

  it('first fits the canvas limit, then halves to at most twice the target', () => {
    const plan = downscalePlan({ width: 8064, height: 6048 }); // 48.8 MP
    expect(plan[0]!.width * plan[0]!.height).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
    for (const step of plan) expect(step.width * step.height).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
    expect(Math.max(plan.at(-1)!.width, plan.at(-1)!.height)).toBeLessThanOrEqual(4096);
    // The aspect ratio holds within a pixel.
    for (const step of plan) expect(Math.abs(step.width / step.height - 8064 / 6048)).toBeLessThan(0.01);
  });

  it('halves a long panorama step by step', () => {
    const plan = downscalePlan({ width: 20_000, height: 800 }, MAX_CANVAS_PIXELS, 2048);
    expect(plan).toEqual([
      { width: 10_000, height: 400 },
      { width: 5000, height: 200 },
      { width: 2500, height: 100 },
    ]);
  });
});

describe('picked files', () => {
  it('takes images and turns away anything else as the spec words it', () => {
    expect(checkPickedImage({ size: 3_000_000 }, headerOnlyJpeg(1, 1))).toBeNull();
    expect(checkPickedImage({ size: 3_000_000 }, PNG)).toBeNull();
    expect(checkPickedImage({ size: 100 }, PDF)).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(checkPickedImage({ size: 100 }, bytes('hello'))).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('takes a PDF or an image of up to 10 MB as lab results', () => {
    expect(checkLabResultFile({ size: 2_000_000 }, PDF)).toEqual({ ok: true, kind: 'pdf' });
    expect(checkLabResultFile({ size: 2_000_000 }, PNG)).toEqual({ ok: true, kind: 'image' });
    expect(checkLabResultFile({ size: 10 * 1024 * 1024 }, PDF)).toEqual({ ok: true, kind: 'pdf' });
    expect(checkLabResultFile({ size: 10 * 1024 * 1024 + 1 }, PDF)).toEqual({ ok: false, message: LAB_RESULT_SIZE_MESSAGE });
    expect(checkLabResultFile({ size: 11 * 1024 * 1024 }, headerOnlyJpeg(1, 1))).toEqual({ ok: false, message: LAB_RESULT_SIZE_MESSAGE });
    expect(checkLabResultFile({ size: 100 }, bytes('PK\u0003\u0004'))).toEqual({ ok: false, message: LAB_RESULT_TYPE_MESSAGE });
  });

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
