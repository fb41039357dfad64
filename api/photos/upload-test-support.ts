/** Tiny files of each accepted type (a valid signature and some unique bytes) and a multipart upload helper for tests. */
import { randomBytes } from 'node:crypto';
import type { Photo } from '../../sync/entities/photo';
import type { ErrorBody } from '../../sync/errors';
import type { TestApp } from '../testing/test-app';

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Unique bytes after the signature, so each call is a different file unless told otherwise. */
const tail = (length = 32) => [...randomBytes(length)];

export const files = {
  jpeg: (padding = 32) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, ...tail(padding), 0xff, 0xd9]),
  png: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, ...ascii('IHDR'), ...tail()]),
  webp: () => new Uint8Array([...ascii('RIFF'), 0x24, 0x00, 0x00, 0x00, ...ascii('WEBPVP8 '), ...tail()]),
  pdf: () => new Uint8Array([...ascii('%PDF-1.4\n'), ...tail(), ...ascii('\n%%EOF\n')]),
  text: () => new Uint8Array(ascii(`just some text pretending to be a photo ${tail(4).join('')}`)),
};

/** A file of `size` bytes that starts like a JPEG. */
export function jpegOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

export type UploadFields = {
  image?: Uint8Array | string;
  /** The client's claims, which the server ignores. */
  fileName?: string;
  type?: string;
  purpose?: string;
  id?: string;
};

export type UploadResponse = { status: number; body: Photo & ErrorBody };

export async function upload(t: TestApp, token: string | undefined, fields: UploadFields): Promise<UploadResponse> {
  const form = new FormData();
  if (typeof fields.image === 'string') form.set('image', fields.image);
  else if (fields.image) form.set('image', new File([fields.image as Uint8Array<ArrayBuffer>], fields.fileName ?? 'photo.jpg', { type: fields.type ?? 'image/jpeg' }));
  if (fields.purpose !== undefined) form.set('purpose', fields.purpose);
  if (fields.id !== undefined) form.set('id', fields.id);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as Photo & ErrorBody };
}
