/**
 * The invoice of an order as a PDF: what the seller sends and the buyer files. It names the seller as their team's
 * business profile does, bills the customer at their billing address and ships to their shipping address, and lists
 * each line's list price, the discount the customer's price list or a quantity break gave, the net price and the
 * amount. Drawn in embedded fonts that write names in any of the scripts people use here (invoice-text.ts). Every
 * figure comes from the order as stored (its lines, totals and payments) or from the shared rules, never recomputed
 * in floats.
 */
import { moneyCents } from '../../sync/rules/decimal';
import PDFDocument from 'pdfkit';
import { PAYMENT_TERM_LABELS } from '../../sync/entities/customer';
import type { Order, OrderLine } from '../../sync/entities/order';
import type { UnitType } from '../../sync/contract/constants';
import { formatPrice, formatQuantity } from '../../sync/rules/format-decimal';
import { unitDiscount } from '../../sync/rules/line-discount';
import { PAYMENT_METHOD_LABELS } from '../../sync/rules/order-labels';
import { amountDue, billedLineTotal, orderCredit } from '../../sync/rules/order-payments';
import { heightOfWrapped, registerInvoiceFonts, useFont, widthOfText, writeLine, writeWrapped, type Weight } from './invoice-text';

/** The seller, as their team's business profile names them; `address` as its lines. */
export type InvoiceSeller = { businessName: string; licenseNumber: string | null; address: string[]; contact: string | null };
/** The customer as the seller's book names them (else as their own profile does); each address as its lines, none when not given. */
export type InvoiceBuyer = { businessName: string; licenseNumber: string | null; phoneNumber: string | null; billingAddress: string[]; shippingAddress: string[] };
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
/** From, Bill to and Ship to side by side. */
const PARTY_GAP = 16;
const PARTY_WIDTH = (CONTENT_WIDTH - 2 * PARTY_GAP) / 3;
const PARTY_X = [PAGE.margin, PAGE.margin + PARTY_WIDTH + PARTY_GAP, PAGE.margin + 2 * (PARTY_WIDTH + PARTY_GAP)] as const;

/** Product, ordered, delivered, list price, discount, net price, amount: left edge and width of each column. */
const COLUMNS = [
  { label: 'Product', x: PAGE.margin, width: 140, align: 'left' },
  { label: 'Ordered', x: 194, width: 56, align: 'right' },
  { label: 'Delivered', x: 254, width: 56, align: 'right' },
  { label: 'List price', x: 314, width: 60, align: 'right' },
  { label: 'Discount', x: 378, width: 56, align: 'right' },
  { label: 'Net price', x: 438, width: 60, align: 'right' },
  { label: 'Amount', x: 502, width: RIGHT - 502, align: 'right' },
] as const;
const TABLE_SIZE = 8;

const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const day = (instant: string | null) => (instant === null ? 'Not yet' : dateFormat.format(new Date(instant)));

function lineCells(line: OrderLine): string[] {
  // Lines keep the unit as it was named when ordered; formatting only tells counted items from weights.
  const unit = line.unitType as UnitType;
  const discount = unitDiscount(line);
  return [
    line.strainName,
    formatQuantity(line.quantity, unit),
    line.deliveredQuantity === null ? '-' : formatQuantity(line.deliveredQuantity, unit),
    line.listPrice === null ? '-' : formatPrice(line.listPrice),
    discount === null ? '-' : formatPrice(discount),
    formatPrice(line.unitPrice),
    formatPrice(billedLineTotal(line)),
  ];
}

type Doc = PDFKit.PDFDocument;

/** A party's name, then its other rows, in a column of the header; answers where it ends below. */
function partyBlock(doc: Doc, x: number, y: number, heading: string, rows: Array<string | null>): number {
  useFont(doc, 'bold', 8).fillColor(MUTED).text(heading.toUpperCase(), x, y, { width: PARTY_WIDTH });
  let bottom = y + 12;
  rows.forEach((row, index) => {
    if (!row) return;
    const weight: Weight = index === 0 ? 'bold' : 'regular';
    useFont(doc, weight, index === 0 ? 10 : 9).fillColor(INK);
    bottom = writeWrapped(doc, row, x, bottom, PARTY_WIDTH, weight) + 1;
  });
  return bottom;
}

function header(doc: Doc, data: InvoiceData): number {
  const { order, seller, buyer, issuedAt } = data;
  useFont(doc, 'bold', 22).fillColor(INK).text('Invoice', PAGE.margin, PAGE.margin);
  useFont(doc, 'regular', 10)
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
    useFont(doc, 'regular', 9).fillColor(MUTED).text(label, 360, y, { width: 70 });
    useFont(doc, 'bold')
      .fillColor(INK)
      .text(value, 430, y, { width: RIGHT - 430, align: 'right' });
  });

  let y = PAGE.margin + 70;
  if (reissuedAfterDelivery(data)) {
    useFont(doc, 'bold', 9)
      .fillColor(INK)
      .text(`Re-issued after delivery on ${day(order.deliveredAt)}`, PAGE.margin, y);
    y += 16;
  }
  y += 8;
  const license = (number: string | null) => number && `License ${number}`;
  const from = partyBlock(doc, PARTY_X[0], y, 'From', [seller.businessName, license(seller.licenseNumber), ...seller.address, seller.contact]);
  const billTo = partyBlock(doc, PARTY_X[1], y, 'Bill to', [buyer.businessName, ...buyer.billingAddress, license(buyer.licenseNumber), buyer.phoneNumber]);
  const shipTo = buyer.shippingAddress.length > 0 ? partyBlock(doc, PARTY_X[2], y, 'Ship to', [buyer.businessName, ...buyer.shippingAddress]) : y;
  return Math.max(from, billTo, shipTo) + 18;
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
  useFont(doc, 'bold', 7).fillColor(MUTED);
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
  useFont(doc, 'regular', 9)
    .fillColor(MUTED)
    .text(`${invoiceNumber(data.order)} (continued)`, PAGE.margin, PAGE.margin);
  return tableHeading(doc, PAGE.margin + 20);
}

type Cell = { text: string; width: number; column: (typeof COLUMNS)[number] };

/** The height of a cell: one line, unless its text is too wide for its column. */
function cellHeight(doc: Doc, { text, width, column }: Cell, lineHeight: number): number {
  return width > column.width ? heightOfWrapped(doc, text, column.width, 'regular') : lineHeight;
}

/**
 * One table cell on one line. Text that fits is placed by its measured width, which skips PDFKit's line wrapping:
 * that keeps a 200-line invoice fast. Only a product name too long for its column wraps.
 */
function drawCell(doc: Doc, { text, width, column }: Cell, y: number): void {
  if (width > column.width) writeWrapped(doc, text, column.x, y, column.width, 'regular', column.align);
  else writeLine(doc, text, column.align === 'right' ? column.x + column.width - width : column.x, y, 'regular');
}

function lines(doc: Doc, data: InvoiceData, top: number): number {
  let y = tableHeading(doc, top);
  useFont(doc, 'regular', TABLE_SIZE).fillColor(INK);
  const lineHeight = doc.currentLineHeight(true);
  for (const line of data.order.lines) {
    const cells = lineCells(line).map((text, index): Cell => ({ text, width: widthOfText(doc, text, 'regular'), column: COLUMNS[index]! }));
    const height = Math.max(...cells.map((cell) => cellHeight(doc, cell, lineHeight)));
    if (y + height > BOTTOM) {
      y = newPage(doc, data);
      useFont(doc, 'regular', TABLE_SIZE).fillColor(INK);
    }
    for (const cell of cells) drawCell(doc, cell, y);
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
  useFont(doc, 'regular', 9).fillColor(MUTED).text(`Terms: ${PAYMENT_TERM_LABELS[order.paymentTerms]}. ${due}`, PAGE.margin, y, { width: 290 });
  for (const [label, value, strong] of rows) {
    useFont(doc, strong ? 'bold' : 'regular', 10).fillColor(INK);
    doc.text(label, 360, y, { width: 110 });
    doc.text(value, 470, y, { width: RIGHT - 470, align: 'right' });
    y += 16;
  }
  y += 8;
  if (order.payments.length > 0) {
    useFont(doc, 'bold', 8).fillColor(MUTED).text('PAYMENTS RECEIVED', PAGE.margin, y);
    y += 14;
    useFont(doc, 'regular', 9).fillColor(INK);
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
    useFont(doc, 'bold', 8).fillColor(MUTED).text('NOTE', PAGE.margin, y);
    useFont(doc, 'regular', 9).fillColor(INK);
    y = writeWrapped(doc, order.note, PAGE.margin, y + 12, CONTENT_WIDTH, 'regular');
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
    useFont(doc, 'regular', 8)
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
  registerInvoiceFonts(doc);
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
