/**
 * An uploaded PDF (a lab result) is served from the seller's public menu, so it must be a document that can only be
 * read: no JavaScript, no action that runs when it opens or when a page or field is touched, no file tucked inside it,
 * and none of the metadata its authoring tool wrote (XMP, the document information: author, software, dates).
 *
 * Rather than deleting what is known to be dangerous from the uploaded file, its pages are copied into a new, empty
 * document (pdf-lib's `copyPages`, which takes with each page only what the page refers to: its content, fonts,
 * images and annotations). Everything that hangs off the document itself is left behind by construction: the opening
 * action, the document-level scripts and embedded files (the name tree), forms' scripts (AcroForm, XFA), bookmarks,
 * the XMP stream and the information dictionary. What a page itself refers to is scrubbed first of actions, scripts,
 * metadata and embedded files, and of the annotations that exist to run or hold something (links, attachments, media).
 * The pages' content is copied untouched, so they render the same.
 *
 * The new document is written without object streams, so anyone can read its structure as text, and the same upload
 * always gives the same bytes (no dates, no random file id), hence the same content hash.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

/** The file does not read as a PDF with at least one page. */
export class MalformedPdfError extends Error {}

/** The file is encrypted (protected by a password): its content cannot be read to be copied. */
export class EncryptedPdfError extends Error {}

/**
 * Keys that run something (actions, scripts), describe the document's making (XMP metadata, private application
 * data) or carry a file, wherever they appear. Nothing on a page needs them to be drawn.
 */
const REMOVED_KEYS = ['A', 'AA', 'OpenAction', 'JS', 'JavaScript', 'Metadata', 'PieceInfo', 'EmbeddedFiles', 'EF', 'RichMediaContent', 'XFA'].map((key) => PDFName.of(key));

/** Annotations whose purpose is to run, open or hold something, rather than to show something on the page. */
const ACTIVE_ANNOTATIONS = new Set(['/Link', '/FileAttachment', '/Sound', '/Movie', '/Screen', '/RichMedia', '/3D']);

export async function rewritePdf(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await copiedPages(bytes);
  } catch (error) {
    if (error instanceof MalformedPdfError || error instanceof EncryptedPdfError) throw error;
    // pdf-lib reads leniently but still throws on a structure it cannot follow: such a file is not a PDF we can read.
    throw new MalformedPdfError(error instanceof Error ? error.message : String(error));
  }
}

async function copiedPages(bytes: Uint8Array): Promise<Uint8Array> {
  // Loaded even when encrypted, to tell that apart from a broken file (pdf-lib's own error class cannot be told by instanceof).
  const source = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  if (source.isEncrypted) throw new EncryptedPdfError('The PDF is encrypted');
  for (const [, object] of source.context.enumerateIndirectObjects()) scrub(object);
  const pages = source.getPages();
  if (pages.length === 0) throw new MalformedPdfError('The PDF has no pages');
  for (const page of pages) keepOnlyPassiveAnnotations(page.node, source.context);

  const rewritten = await PDFDocument.create({ updateMetadata: false });
  const copies = await rewritten.copyPages(
    source,
    pages.map((_, index) => index),
  );
  copies.forEach((page) => rewritten.addPage(page));
  return await rewritten.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** Removes the keys of REMOVED_KEYS from `object` and from every dictionary written inside it (not those it refers to: each is scrubbed on its own). */
function scrub(object: PDFObject): void {
  if (object instanceof PDFStream) return scrub(object.dict);
  if (object instanceof PDFArray) return object.asArray().forEach(scrub);
  if (!(object instanceof PDFDict)) return;
  for (const key of REMOVED_KEYS) object.delete(key);
  for (const value of object.values()) scrub(value);
}

function keepOnlyPassiveAnnotations(page: PDFDict, context: PDFContext): void {
  const annotations = page.lookup(PDFName.of('Annots'));
  if (annotations === undefined) return;
  const kept = (annotations instanceof PDFArray ? annotations.asArray() : []).filter((entry) => {
    const annotation = entry instanceof PDFRef ? context.lookup(entry) : entry;
    const subtype = annotation instanceof PDFDict ? annotation.lookup(PDFName.of('Subtype')) : undefined;
    return subtype instanceof PDFName && !ACTIVE_ANNOTATIONS.has(subtype.asString());
  });
  if (kept.length === 0) page.delete(PDFName.of('Annots'));
  else page.set(PDFName.of('Annots'), context.obj(kept));
}
