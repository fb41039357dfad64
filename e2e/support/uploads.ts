/** Files uploaded the way the app sends them (a real PNG or PDF, checked by the server from its first bytes), as a test's starting point. */
import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { ApiSession } from './api';
import { baseUrl } from './fixtures';

export type Uploaded = { id: string; url: string; contentType: string; purpose: string };

/** A valid PNG of one colour (the server checks the real type by the file's first bytes). */
export function solidPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF saying `text` (the server keeps a PDF's pages, so it must have one), its content uncompressed. */
export function onePagePdf(text: string): Buffer {
  const content = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents 4 0 R >> endobj',
      `4 0 obj << /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj`,
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

export const LAB_RESULT_PDF = onePagePdf('Certificate of analysis');

export async function upload(session: ApiSession, bytes: Buffer, fileName: string, type: string, purpose: 'product' | 'lab-result'): Promise<Uploaded> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), fileName);
  form.append('purpose', purpose);
  form.append('id', randomUUID());
  const response = await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}` }, body: form });
  if (response.status !== 201) throw new Error(`Uploading ${fileName} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Uploaded;
}
