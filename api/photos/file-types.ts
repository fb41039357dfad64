/**
 * The real type of an uploaded file, told by its first bytes (magic numbers).
 * The client's Content-Type and file name are never trusted.
 */
import type { PhotoPurpose } from '../../sync/entities/photo';

export type StoredContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/** The file's type when it is one the purpose accepts (images; a PDF too for a lab result), else null. */
export function sniffContentType(bytes: Uint8Array, purpose: PhotoPurpose): StoredContentType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  if (purpose === 'lab-result' && startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

export const CONTENT_TYPE_BY_EXTENSION: Record<string, StoredContentType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** A stored file's name: its SHA-256 in lower-case hex and the extension of its type. Nothing else is ever looked up on disk. */
export const STORED_FILE_NAME = /^([a-f0-9]{64})\.(jpg|png|webp|pdf)$/;
