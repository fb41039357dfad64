/**
 * What a photo must be before the device keeps or sends it, as pure rules:
 *
 * - Compressed product photos are JPEG, at most 2048 px on the longest edge
 *   and at most 1 MiB. 2048 px is sharp on any phone or laptop screen and in
 *   a full-screen gallery; about 1 MB keeps an upload short on a weak signal
 *   (a photo from a 12 MP phone camera comes out at 0.3–0.9 MB at quality 0.8).
 * - The output is checked, not trusted: an empty file, zero dimensions, or a
 *   blank (one-colour) picture means the canvas failed (iOS returns a blank
 *   canvas above 16.7 megapixels), and the device retries from a copy scaled
 *   down in steps (downscalePlan).
 * - Lab results (a PDF or an image) are at most 10 MB; PDFs are kept as they
 *   are, images are compressed like photos.
 * - The type of a picked file is checked by its first bytes, not only by the
 *   type the browser guessed from its name.
 */
import { MAX_UPLOAD_BYTES } from '../../../sync/entities/photo';

export const PHOTO_MAX_EDGE = 2048;
export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_QUALITY = 0.8;
/** The largest canvas iOS Safari draws (4096 × 4096); above it a canvas comes back blank. */
export const MAX_CANVAS_PIXELS = 16_777_216;
export const MAX_LAB_RESULT_BYTES = MAX_UPLOAD_BYTES['lab-result'];
/** A picked image larger than this is not even decoded: no phone camera makes one. */
export const MAX_SOURCE_IMAGE_BYTES = 50 * 1024 * 1024;

export const NOT_AN_IMAGE_MESSAGE = 'Please select an image file';
export const LAB_RESULT_TYPE_MESSAGE = 'Lab results must be a PDF or an image';
export const LAB_RESULT_SIZE_MESSAGE = 'Lab results must be 10 MB or smaller';
export const SOURCE_TOO_LARGE_MESSAGE = 'This image is too large (over 50 MB). Please choose a smaller one.';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/heic' | 'application/pdf' | null;

/** The file's real type from its first bytes (12 are enough). */
export function sniffFileType(head: Uint8Array): SniffedType {
  const at = (index: number) => head[index] ?? -1;
  const text = (from: number, length: number) => String.fromCharCode(...Array.from(head.subarray(from, from + length)));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && text(1, 3) === 'PNG' && at(4) === 0x0d && at(5) === 0x0a) return 'image/png';
  if (text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') return 'image/webp';
  if (text(0, 4) === 'GIF8') return 'image/gif';
  if (text(4, 4) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1|heim|heis)$/.test(text(8, 4))) return 'image/heic';
  if (text(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

export type CompressedFacts = { size: number; width: number; height: number; type: string; blank: boolean };
export type PhotoProblem = 'empty' | 'no-dimensions' | 'blank' | 'too-wide' | 'too-heavy' | 'not-jpeg';
export type PhotoCheck = { ok: true } | { ok: false; problem: PhotoProblem; message: string };

/** Whether a compressed photo is fit to keep and send. */
export function checkCompressedPhoto(facts: CompressedFacts): PhotoCheck {
  if (facts.size <= 0) return { ok: false, problem: 'empty', message: 'The photo came out empty. Please try again.' };
  if (facts.width <= 0 || facts.height <= 0) return { ok: false, problem: 'no-dimensions', message: 'The photo could not be read. Please try again.' };
  if (facts.type !== 'image/jpeg') return { ok: false, problem: 'not-jpeg', message: 'The photo could not be converted. Please try another one.' };
  if (facts.blank) return { ok: false, problem: 'blank', message: 'The photo came out blank. Please try again.' };
  if (Math.max(facts.width, facts.height) > PHOTO_MAX_EDGE) {
    return { ok: false, problem: 'too-wide', message: `The photo is larger than ${PHOTO_MAX_EDGE} px.` };
  }
  if (facts.size > PHOTO_MAX_BYTES) return { ok: false, problem: 'too-heavy', message: 'The photo could not be made small enough. Please try another one.' };
  return { ok: true };
}

/**
 * Whether sampled RGBA pixels are all (nearly) one colour, as a canvas that
 * failed to draw comes out: transparent, black, or the white fill under it.
 */
export function looksBlank(rgba: ArrayLike<number>, tolerance = 3): boolean {
  if (rgba.length < 4) return true;
  const [r, g, b, a] = [rgba[0]!, rgba[1]!, rgba[2]!, rgba[3]!];
  for (let index = 0; index + 3 < rgba.length; index += 4) {
    if (
      Math.abs(rgba[index]! - r) > tolerance ||
      Math.abs(rgba[index + 1]! - g) > tolerance ||
      Math.abs(rgba[index + 2]! - b) > tolerance ||
      Math.abs(rgba[index + 3]! - a) > tolerance
    ) {
      return false;
    }
  }
  return true;
}

export type Size = { width: number; height: number };

/**
 * Canvas sizes to draw a large image through before compressing it: first
 * the largest size within the canvas limit, then halves (each step keeps the
 * picture smooth, where one big jump would alias) until the longest edge is
 * at most twice the target; the compressor makes the last step. Empty when
 * the image needs none.
 */
export function downscalePlan(source: Size, maxPixels = MAX_CANVAS_PIXELS, targetEdge = PHOTO_MAX_EDGE): Size[] {
  const plan: Size[] = [];
  let { width, height } = source;
  if (width <= 0 || height <= 0) return plan;
  if (width * height > maxPixels) {
    const scale = Math.sqrt(maxPixels / (width * height));
    width = Math.max(1, Math.floor(width * scale));
    height = Math.max(1, Math.floor(height * scale));
    plan.push({ width, height });
  }
  while (Math.max(width, height) > targetEdge * 2) {
    width = Math.max(1, Math.round(width / 2));
    height = Math.max(1, Math.round(height / 2));
    plan.push({ width, height });
  }
  return plan;
}

/** A picked image for the gallery: its real type must be an image. Returns the message to show, or null. */
export function checkPickedImage(file: { size: number }, head: Uint8Array): string | null {
  const sniffed = sniffFileType(head);
  if (!sniffed || sniffed === 'application/pdf') return NOT_AN_IMAGE_MESSAGE;
  if (file.size > MAX_SOURCE_IMAGE_BYTES) return SOURCE_TOO_LARGE_MESSAGE;
  return null;
}

export type LabResultCheck = { ok: true; kind: 'pdf' | 'image' } | { ok: false; message: string };

/** A picked lab result: a PDF or an image by its first bytes, at most 10 MB as picked (images are then compressed, PDFs kept as they are). */
export function checkLabResultFile(file: { size: number }, head: Uint8Array): LabResultCheck {
  const sniffed = sniffFileType(head);
  if (!sniffed) return { ok: false, message: LAB_RESULT_TYPE_MESSAGE };
  if (file.size > MAX_LAB_RESULT_BYTES) return { ok: false, message: LAB_RESULT_SIZE_MESSAGE };
  return { ok: true, kind: sniffed === 'application/pdf' ? 'pdf' : 'image' };
}

/** "850 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
