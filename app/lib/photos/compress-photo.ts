/**
 * Compressing a photo on the device, before anything is stored or sent:
 * browser-image-compression in a web worker makes a JPEG of at most 2048 px
 * on the longest edge and about 1 MB, at quality 0.8, turned the right way up
 * (the library follows the EXIF orientation), with no EXIF kept, so no GPS
 * position leaves the phone.
 *
 * The output is checked, not trusted (photo-policy.ts): empty, zero-sized or
 * blank output (iOS's canvas fails above 16.7 megapixels) is retried from a
 * copy scaled down in steps; output over 1 MiB is retried harder. Whatever
 * the library did, a JPEG that still names a location is stripped of its
 * metadata segments before it is returned.
 *
 * The worker loads the library from this app's own build (the `?url` import
 * below, precached by the service worker), never from a CDN, so compression
 * runs in the worker offline too.
 */
import imageCompression, { type Options } from 'browser-image-compression';
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { hasLocationMetadata, readJpegInfo, stripJpegMetadata } from './jpeg-metadata';
import {
  checkCompressedPhoto,
  downscalePlan,
  looksBlank,
  MAX_SOURCE_IMAGE_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE,
  PHOTO_QUALITY,
  sniffFileType,
  SOURCE_TOO_LARGE_MESSAGE,
  type PhotoCheck,
} from './photo-policy';

/** A photo that could not be made fit to keep; its message is for the person. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoError';
  }
}

export type CompressedPhoto = {
  blob: Blob;
  width: number;
  height: number;
  bytes: number;
  originalBytes: number;
  /** Wall-clock time the whole compression took, in milliseconds. */
  ms: number;
};

export type CompressOptions = {
  /** 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Run the library on the page instead of a worker (only if a worker cannot be used). */
  useWebWorker?: boolean;
};

/** The library's settings, as documented at the top of this file and in photo-policy.ts. */
export const COMPRESSION_SETTINGS = {
  maxWidthOrHeight: PHOTO_MAX_EDGE,
  maxSizeMB: PHOTO_MAX_BYTES / (1024 * 1024),
  fileType: 'image/jpeg',
  initialQuality: PHOTO_QUALITY,
  preserveExif: false,
} as const satisfies Options;

/** The second try when the first came out over 1 MiB: a lower target and more steps to reach it. */
const HARDER_SETTINGS = { ...COMPRESSION_SETTINGS, maxSizeMB: 0.75, initialQuality: 0.7, maxIteration: 20 } as const satisfies Options;

function absoluteUrl(url: string): string {
  return new URL(url, globalThis.location?.href ?? 'http://localhost/').href;
}

async function runLibrary(file: Blob, settings: Options, options: CompressOptions): Promise<Blob> {
  // The library wants a File (it copies the name onto the output); a Blob from a canvas has none.
  const input = file instanceof File ? file : new File([file], 'photo.jpg', { type: file.type, lastModified: Date.now() });
  return imageCompression(input, {
    ...settings,
    useWebWorker: options.useWebWorker ?? true,
    libURL: absoluteUrl(compressionLibUrl),
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

/** Whether a decoded picture is one flat colour, sampled on a 16×16 grid. */
async function isBlank(blob: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(blob);
    try {
      const canvas = document.createElement('canvas');
      canvas.width = 16;
      canvas.height = 16;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return false;
      context.drawImage(bitmap, 0, 0, 16, 16);
      return looksBlank(context.getImageData(0, 0, 16, 16).data);
    } finally {
      bitmap.close();
    }
  } catch {
    // Cannot be decoded at all: as good as blank.
    return true;
  }
}

async function inspect(blob: Blob, { allowBlank = false } = {}): Promise<{ check: PhotoCheck; width: number; height: number }> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const info = readJpegInfo(bytes);
  const width = info?.width ?? 0;
  const height = info?.height ?? 0;
  const type = info ? 'image/jpeg' : blob.type;
  const blank = !allowBlank && blob.size > 0 && width > 0 && height > 0 ? await isBlank(blob) : false;
  return { check: checkCompressedPhoto({ size: blob.size, width, height, type, blank }), width, height };
}

function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new PhotoError('The photo could not be scaled down.'))), 'image/jpeg', quality),
  );
}

/**
 * A copy of the image scaled down in steps (downscalePlan): each canvas
 * within the canvas limit, each step at most a halving.
 */
async function scaleDownInSteps(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError('This photo could not be read. Please try another one.');
  }
  try {
    const plan = downscalePlan({ width: bitmap.width, height: bitmap.height });
    if (plan.length === 0) plan.push({ width: bitmap.width, height: bitmap.height });
    let source: CanvasImageSource = bitmap;
    let canvas: HTMLCanvasElement | null = null;
    for (const step of plan) {
      const next = document.createElement('canvas');
      next.width = step.width;
      next.height = step.height;
      const context = next.getContext('2d');
      if (!context) throw new PhotoError('This photo could not be scaled down.');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, step.width, step.height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, step.width, step.height);
      if (canvas) canvas.width = canvas.height = 0;
      canvas = next;
      source = next;
    }
    return await canvasToJpeg(canvas!, 0.92);
  } finally {
    bitmap.close();
  }
}

/** The first bytes of a file, to tell its real type. */
export async function fileHead(file: Blob, length = 16): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}

/**
 * Compresses a photo for keeping and sending (see the top of this file).
 * Throws PhotoError, with a message for the person, when it cannot.
 */
export async function compressPhoto(file: Blob, options: CompressOptions = {}): Promise<CompressedPhoto> {
  const started = performance.now();
  const sniffed = sniffFileType(await fileHead(file));
  if (!sniffed || sniffed === 'application/pdf') throw new PhotoError(NOT_AN_IMAGE_MESSAGE);
  if (file.size > MAX_SOURCE_IMAGE_BYTES) throw new PhotoError(SOURCE_TOO_LARGE_MESSAGE);
  // The library checks the declared type; a file picked with a wrong or missing one gets its real type.
  const source = file.type === sniffed ? file : new File([file], file instanceof File ? file.name : 'photo', { type: sniffed });

  let output: Blob;
  try {
    output = await runLibrary(source, COMPRESSION_SETTINGS, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    output = new Blob([], { type: 'image/jpeg' });
  }
  let result = await inspect(output);

  if (!result.check.ok && ['empty', 'no-dimensions', 'blank'].includes(result.check.problem)) {
    // A failed canvas (iOS above 16.7 MP): start again from a copy scaled down in steps.
    output = await runLibrary(await scaleDownInSteps(source), COMPRESSION_SETTINGS, options);
    // Blank again, from canvases well within every limit: the picture itself is one colour (a covered lens), so it is kept.
    result = await inspect(output, { allowBlank: true });
  }
  if (!result.check.ok && (result.check.problem === 'too-heavy' || result.check.problem === 'too-wide')) {
    output = await runLibrary(source, HARDER_SETTINGS, options);
    result = await inspect(output, { allowBlank: true });
  }
  if (!result.check.ok) throw new PhotoError(result.check.message);

  // Belt and braces: no location leaves the device, whatever the library kept.
  const bytes = new Uint8Array(await output.arrayBuffer());
  const blob = hasLocationMetadata(bytes) ? new Blob([stripJpegMetadata(bytes) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) : new Blob([bytes], { type: 'image/jpeg' });
  return { blob, width: result.width, height: result.height, bytes: blob.size, originalBytes: file.size, ms: performance.now() - started };
}
