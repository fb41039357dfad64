/** For tests: a PDF carrying everything an uploaded PDF must not keep, and the marks that show each of them. */
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** What each unwanted part looks like in a PDF's text (the file is written without object streams, so its structure is plain text). */
export const ACTIVE_CONTENT_MARKS = [
  '/JavaScript',
  '/JS',
  '/OpenAction',
  '/AA',
  '/EmbeddedFiles',
  '/EmbeddedFile',
  '/Metadata',
  'xmpmeta',
  '/Author',
  '/Producer',
  '/Creator',
  '/Title',
  '/Subtype /Link',
  'evil.example',
];

/** The text of its two pages, as a reader extracts it. */
export const ACTIVE_CONTENT_PAGES = ['Certificate of analysis, lot 42', 'THC 24.5% CBD 0.1%'];

/**
 * Two pages of text, and: document-level JavaScript, a script run on opening, a page-open script, a link that runs
 * a script, an embedded file, XMP metadata on the document and on a page, and the document information (author,
 * producer, ...). A passive annotation (a note) is there too, which may stay.
 */
export async function pdfWithActiveContent(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('COA 42');
  doc.setAuthor('Lab technician');
  doc.setProducer('Acme PDF Maker');
  doc.setCreator('Acme Lab Suite');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [first, second] = ACTIVE_CONTENT_PAGES.map((text) => {
    const page = doc.addPage([300, 200]);
    page.drawText(text, { x: 20, y: 150, size: 12, font });
    return page;
  });
  doc.addJavaScript('greeting', 'app.launchURL("https://evil.example/script", true);');
  await doc.attach(new TextEncoder().encode('a file tucked inside'), 'inside.txt', { mimeType: 'text/plain' });

  const { context, catalog } = doc;
  const script = (url: string) => context.obj({ S: 'JavaScript', JS: PDFString.of(`app.launchURL("${url}", true);`) });
  catalog.set(PDFName.of('OpenAction'), script('https://evil.example/open'));
  const xmp = context.register(
    context.stream('<x:xmpmeta xmlns:x="adobe:ns:meta/"><xmp:CreatorTool>Acme PDF Maker</xmp:CreatorTool></x:xmpmeta>', { Type: 'Metadata', Subtype: 'XML' }),
  );
  catalog.set(PDFName.of('Metadata'), xmp);
  first!.node.set(PDFName.of('Metadata'), xmp);
  first!.node.set(PDFName.of('AA'), context.obj({ O: script('https://evil.example/page') }));
  const link = context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [20, 20, 120, 40], A: script('https://evil.example/link') }));
  const note = context.register(context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [200, 20, 220, 40], Contents: PDFString.of('Reviewed') }));
  first!.node.set(PDFName.of('Annots'), context.obj([link, note]));
  second!.node.set(PDFName.of('AA'), context.obj({ C: script('https://evil.example/close') }));
  return await doc.save({ useObjectStreams: false });
}
