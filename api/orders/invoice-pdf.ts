/**
 * The invoice of an order as a PDF: what the seller sends and the buyer files. Drawn with PDFKit's built-in
 * Helvetica, so no font file is read and a 200-line invoice renders in tens of milliseconds. Every figure comes
 * from the order as stored (its totals and payments) or from the shared payment rules, never recomputed in floats.
 */
import PDFDocument from 'pdfkit';
import { PAYMENT_TERM_LABELS } from '../../sync/entities/customer';
import type { Order, OrderLine } from '../../sync/entities/order';
import type { UnitType } from '../../sync/constants';
import { formatPrice, formatQuantity } from '../../sync/format-decimal';
import { PAYMENT_METHOD_LABELS } from '../../sync/order-labels';
import { amountDue, billedLineTotal, moneyCents, orderCredit } from '../../sync/order-payments';

export type InvoiceSeller = { businessName: string; licenseNumber: string | null; address: string | null; contact: string | null };
export type InvoiceBuyer = { businessName: string; licenseNumber: string | null };
export type InvoiceData = { order: Order; seller: InvoiceSeller; buyer: InvoiceBuyer; issuedAt: string };

/** The invoice's number: the order's own, so the two are never told apart by a lookup table. */
export const invoiceNumber = (order: Pick<Order, 'number'>) => `INV-${order.number}`;

const PAGE = { width: 612, height: 792, margin: 50 };
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT_WIDTH = RIGHT - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const INK = '#1a1a1a';
const MUTED = '#666666';
const RULE = '#cccccc';

/** Product, ordered, delivered, unit price, line total: left edge and width of each column. */
const COLUMNS = [
  { label: 'Product', x: PAGE.margin, width: 196, align: 'left' },
  { label: 'Ordered', x: 250, width: 72, align: 'right' },
  { label: 'Delivered', x: 326, width: 72, align: 'right' },
  { label: 'Unit price', x: 402, width: 74, align: 'right' },
  { label: 'Line total', x: 480, width: RIGHT - 480, align: 'right' },
] as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const day = (instant: string | null) => (instant === null ? 'Not yet' : dateFormat.format(new Date(instant)));

/** The characters PDFKit's built-in fonts can draw (Windows-1252): Latin with its accents, and typographic marks. */
const DRAWABLE = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]$/u;
const LATIN_BASE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

/**
 * Text the built-in fonts can draw: a letter they lack is written without its accent ('Łódź' → 'Lódz', since ó is drawable), anything
 * else they lack as '?', rather than as the wrong glyphs. Names are typed by people, in any script.
 */
function drawable(text: string): string {
  let out = '';
  for (const char of text.replace(/\t/g, ' ')) {
    if (char === '\n' || DRAWABLE.test(char)) out += char;
    else {
      const base = LATIN_BASE[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every((part) => DRAWABLE.test(part)) ? base : '?';
    }
  }
  return out;
}

function lineCells(line: OrderLine): string[] {
  // Lines keep the unit as it was named when ordered; formatting only tells counted items from weights.
  const unit = line.unitType as UnitType;
  return [
    drawable(line.strainName),
    formatQuantity(line.quantity, unit),
    line.deliveredQuantity === null ? '-' : formatQuantity(line.deliveredQuantity, unit),
    formatPrice(line.unitPrice),
    formatPrice(billedLineTotal(line)),
  ];
}

type Doc = PDFKit.PDFDocument;

function partyBlock(doc: Doc, x: number, y: number, heading: string, rows: Array<string | null>): number {
  const width = CONTENT_WIDTH / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(heading.toUpperCase(), x, y, { width });
  let bottom = y + 12;
  rows.forEach((row, index) => {
    if (!row) return;
    doc
      .font(index === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(index === 0 ? 11 : 9)
      .fillColor(INK);
    doc.text(drawable(row), x, bottom, { width });
    bottom = doc.y + 1;
  });
  return bottom;
}

function header(doc: Doc, data: InvoiceData): number {
  const { order, seller, buyer, issuedAt } = data;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('Invoice', PAGE.margin, PAGE.margin);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(invoiceNumber(order), PAGE.margin, PAGE.margin + 28);
  doc.fillColor(MUTED).text(`Order ${order.number}`, PAGE.margin, PAGE.margin + 42);

  const dates: Array<[string, string]> = [
    ['Issued', day(issuedAt)],
    ['Delivered', day(order.deliveredAt)],
    ['Due', order.dueAt === null ? 'Once delivered' : day(order.dueAt)],
    ['Terms', PAYMENT_TERM_LABELS[order.paymentTerms]],
  ];
  dates.forEach(([label, value], index) => {
    const y = PAGE.margin + 4 + index * 14;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, 360, y, { width: 70 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, 430, y, { width: RIGHT - 430, align: 'right' });
  });

  let y = PAGE.margin + 70;
  if (reissuedAfterDelivery(data)) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(`Re-issued after delivery on ${day(order.deliveredAt)}`, PAGE.margin, y);
    y += 16;
  }
  y += 8;
  const sellerRows = [seller.businessName, seller.licenseNumber && `License ${seller.licenseNumber}`, seller.address, seller.contact];
  const buyerRows = [buyer.businessName, buyer.licenseNumber && `License ${buyer.licenseNumber}`];
  const left = partyBlock(doc, PAGE.margin, y, 'From', sellerRows);
  const right = partyBlock(doc, PAGE.margin + CONTENT_WIDTH / 2 + 10, y, 'Bill to', buyerRows);
  return Math.max(left, right) + 18;
}

/** Issued once the order was delivered, so the lines show what arrived rather than what was ordered. */
function reissuedAfterDelivery({ order, issuedAt }: InvoiceData): boolean {
  return order.deliveredAt !== null && Date.parse(issuedAt) >= Date.parse(order.deliveredAt);
}

/**
 * Everything the invoice prints, as one string: two invoices with the same edition read the same. The whole order
 * (its change-clock version with it) and both parties as given, and of the moment of issue only what shows of it:
 * its day, and whether it came after delivery.
 */
export function invoiceEdition(data: InvoiceData): string {
  const { order, seller, buyer, issuedAt } = data;
  return JSON.stringify({ order, seller, buyer, issued: day(issuedAt), reissued: reissuedAfterDelivery(data) });
}

function tableHeading(doc: Doc, y: number): number {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  for (const column of COLUMNS) doc.text(column.label.toUpperCase(), column.x, y, { width: column.width, align: column.align, lineBreak: false });
  doc
    .moveTo(PAGE.margin, y + 12)
    .lineTo(RIGHT, y + 12)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + 18;
}

function newPage(doc: Doc, data: InvoiceData): number {
  doc.addPage();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${invoiceNumber(data.order)} (continued)`, PAGE.margin, PAGE.margin);
  return tableHeading(doc, PAGE.margin + 20);
}

/**
 * One table cell on one line. Text that fits is placed by its measured width, which skips PDFKit's line wrapping:
 * that keeps a 200-line invoice fast. Only a product name too long for its column wraps.
 */
function cell(doc: Doc, text: string, column: (typeof COLUMNS)[number], y: number): void {
  const width = doc.widthOfString(text);
  if (width > column.width) {
    doc.text(text, column.x, y, { width: column.width, align: column.align });
    return;
  }
  doc.text(text, column.align === 'right' ? column.x + column.width - width : column.x, y, { lineBreak: false });
}

function lines(doc: Doc, data: InvoiceData, top: number): number {
  let y = tableHeading(doc, top);
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  const lineHeight = doc.currentLineHeight(true);
  for (const line of data.order.lines) {
    const cells = lineCells(line);
    const name = cells[0]!;
    const height = doc.widthOfString(name) > COLUMNS[0].width ? doc.heightOfString(name, { width: COLUMNS[0].width }) : lineHeight;
    if (y + height > BOTTOM) {
      y = newPage(doc, data);
      doc.font('Helvetica').fontSize(9).fillColor(INK);
    }
    cells.forEach((text, index) => cell(doc, text, COLUMNS[index]!, y));
    y += height + 5;
  }
  return y;
}

function totals(doc: Doc, data: InvoiceData, top: number): number {
  const { order } = data;
  const rows: Array<[string, string, boolean]> = [
    ['Subtotal', formatPrice(order.subtotal), false],
    ['Total', formatPrice(order.total), true],
    ['Amount paid', formatPrice(order.amountPaid), false],
    ['Amount due', formatPrice(amountDue(order)), true],
    // Paid beyond the total (a short delivery, a lowered total): shown, never absorbed.
    ...(moneyCents(orderCredit(order)) > 0 ? [['Credit', formatPrice(orderCredit(order)), false] as [string, string, boolean]] : []),
  ];
  let y = top + 6;
  // The totals stay together on one page; payments and the note may run on.
  if (y + rows.length * 16 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin + 6;
  }
  doc
    .moveTo(PAGE.margin, y - 6)
    .lineTo(RIGHT, y - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const due = order.dueAt === null ? 'Due once delivered.' : `Due ${day(order.dueAt)}.`;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Terms: ${PAYMENT_TERM_LABELS[order.paymentTerms]}. ${due}`, PAGE.margin, y, { width: 290 });
  for (const [label, value, strong] of rows) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, 360, y, { width: 110 });
    doc.text(value, 470, y, { width: RIGHT - 470, align: 'right' });
    y += 16;
  }
  y += 8;
  if (order.payments.length > 0) {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('PAYMENTS RECEIVED', PAGE.margin, y);
    y += 14;
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    for (const payment of order.payments) {
      if (y + 13 > BOTTOM) {
        doc.addPage();
        y = PAGE.margin;
      }
      doc.text(`${day(payment.receivedAt)}, ${PAYMENT_METHOD_LABELS[payment.method]}`, PAGE.margin, y, { width: 300 });
      doc.text(formatPrice(payment.amount), 470, y, { width: RIGHT - 470, align: 'right' });
      y += 13;
    }
    y += 6;
  }
  if (order.note) {
    if (y + 30 > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('NOTE', PAGE.margin, y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(drawable(order.note), PAGE.margin, y + 12, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  return y;
}

function pageNumbers(doc: Doc, data: InvoiceData): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Drawn inside the bottom margin: lift it for the footer so PDFKit does not start a page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${invoiceNumber(data.order)}, page ${index + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}

/** The invoice as PDF bytes. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const issued = new Date(data.issuedAt);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `Invoice ${invoiceNumber(data.order)}`, Author: data.seller.businessName, CreationDate: issued, ModDate: issued },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const tableTop = header(doc, data);
  const afterLines = lines(doc, data, tableTop);
  totals(doc, data, afterLines);
  pageNumbers(doc, data);
  doc.end();
  return done;
}
