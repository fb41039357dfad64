import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { ACTIVE_CONTENT_MARKS, ACTIVE_CONTENT_PAGES, pdfWithActiveContent } from './pdf-with-active-content';
import { EncryptedPdfError, MalformedPdfError, rewritePdf } from './rewrite-pdf';
import { onePagePdf } from './upload-test-support';

const textOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const pageSizes = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPages().map((page) => page.getSize());

describe('rewritePdf', () => {
  it('keeps every page with its text and size, and leaves out scripts, actions, attached files and metadata', async () => {
    const uploaded = await pdfWithActiveContent();
    for (const mark of ACTIVE_CONTENT_MARKS) expect(textOf(uploaded)).toContain(mark);

    const rewritten = await rewritePdf(uploaded);
    for (const mark of ACTIVE_CONTENT_MARKS) expect(textOf(rewritten)).not.toContain(mark);
    expect(await pdfText(rewritten)).toEqual(ACTIVE_CONTENT_PAGES);
    expect(await pageSizes(rewritten)).toEqual(await pageSizes(uploaded));
    // A note shows something on the page and runs nothing: it stays.
    expect(textOf(rewritten)).toContain('/Subtype /Text');
    expect(textOf(rewritten)).toContain('(Reviewed)');
  });

  it('writes the same bytes for the same file, and its own output unchanged', async () => {
    const uploaded = await pdfWithActiveContent();
    const once = await rewritePdf(uploaded);
    expect(await rewritePdf(uploaded)).toEqual(once);
    expect(await rewritePdf(once)).toEqual(once);
  });

  it.each([
    ['a header and nothing else', new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))],
    ['a document with no pages', new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))],
    ['a header followed by junk', new Uint8Array(Buffer.from(`%PDF-1.7\n${'x'.repeat(200)}`))],
  ])('refuses %s as not a readable PDF', async (_what, bytes) => {
    await expect(rewritePdf(bytes)).rejects.toThrow(MalformedPdfError);
  });

  it('refuses an encrypted PDF, whose pages it cannot read', async () => {
    const encrypted = onePagePdf('Locked', { trailer: '/Encrypt 5 0 R ', objects: '5 0 obj << /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -44 >> endobj' });
    await expect(rewritePdf(encrypted)).rejects.toThrow(EncryptedPdfError);
  });
});
