/**
 * The order's papers: its invoice as a PDF, for either party, and the orders export for the books. Who may have
 * them is decided as for reading the order itself (a rep only for their customers; anyone else is told it does not exist).
 * Invoice downloads count against a per-account quota, and the PDF is drawn off the request thread (invoice-pdfs.ts).
 */
import type { User } from '../../sync/entities/user';
import { partyName } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { addressLines, profileAddress, type BillTo } from '../../sync/rules/postal-address';
import type { Services } from '../context';
import { findOrder, findOrderRow, listReadableOrders, type OrderRow } from '../db/repositories/orders';
import { findUserById } from '../db/repositories/users';
import { matchesEtag } from '../platform/http/conditional';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import type { Db } from '../db/database';
import type { MailAttachment } from '../mail/transport';
import { billTosOf } from './bill-to';
import { invoiceNumber, type InvoiceBuyer, type InvoiceData, type InvoiceSeller } from './invoice-pdf';
import { invoiceEtag } from './invoice-pdfs';
import { ORDER_NOT_FOUND, partyOf, readerOf, type OrderActor } from './order-actor';
import { ordersCsvFileName, ordersToCsv } from '../../sync/rules/orders-csv';

export type OrderFile = { body: Uint8Array<ArrayBuffer> | string; fileName: string };

/** The invoice, or word that the copy the caller holds (`ifNoneMatch`) still reads the same; either way its entity tag. */
export type InvoiceDownload = (OrderFile & { etag: string }) | { etag: string; unchanged: true };

/** The seller as their team's business profile (the founder's row) names them: business, licence, address, contact. */
function sellerParty(seller: User): InvoiceSeller {
  const contact = [...new Set([seller.contactInfo, seller.phoneNumber, seller.email].filter(Boolean))].join(', ');
  return {
    businessName: seller.businessName || partyName(seller, 'Cannabis Supplier'),
    licenseNumber: seller.licenseNumber,
    address: addressLines(profileAddress(seller)),
    contact: contact || null,
  };
}

/** The customer on the invoice: Bill To at the billing address, Ship To at the shipping one. */
function buyerParty(billTo: BillTo): InvoiceBuyer {
  return {
    businessName: billTo.name,
    licenseNumber: billTo.licenseNumber,
    phoneNumber: billTo.phoneNumber,
    billingAddress: addressLines(billTo.billing),
    shippingAddress: addressLines(billTo.shipping),
  };
}

/** Counts one invoice download by the person, or refuses it (counting nothing) when their quota is spent. */
async function takeInvoiceDownloadQuota(services: Services, actor: OrderActor): Promise<void> {
  const { quotas } = services;
  const key = actor.member.userId;
  const wait = await quotas.take({ window: quotas.invoiceDownloadsPerMinute, key }, { window: quotas.invoiceDownloadsPerHour, key });
  if (wait > 0) throw new RateLimitedError(`You have downloaded many invoices in a short time. Please try again in ${waitText(wait)}.`, wait);
}

/** What the order's invoice prints, issued `now`: null when the order or its seller is gone. */
async function invoiceDataOf(db: Db, row: OrderRow, now: Date): Promise<InvoiceData | null> {
  const [order, seller] = await Promise.all([findOrder(db, row.id, now), findUserById(db, row.sellerId)]);
  if (!order || !seller) return null;
  const billTo = (await billTosOf(db, [order])).get(order.id)!;
  return { order, seller: sellerParty(seller), buyer: buyerParty(billTo), issuedAt: now.toISOString() };
}

export async function orderInvoice(services: Services, actor: OrderActor, id: string, ifNoneMatch?: string): Promise<InvoiceDownload> {
  await takeInvoiceDownloadQuota(services, actor);
  const db = services.db.read;
  const row = await findOrderRow(db, id);
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
  await partyOf(db, actor, row);
  const data = await invoiceDataOf(db, row, services.now());
  if (!data) throw new AppError('not_found', ORDER_NOT_FOUND);
  const etag = invoiceEtag(data);
  if (matchesEtag(ifNoneMatch, etag)) return { etag, unchanged: true };
  const pdf = await services.invoicePdfs.pdfOf(data);
  return { body: new Uint8Array(pdf), fileName: `${invoiceNumber(data.order)}.pdf`, etag };
}

/**
 * The invoice an order's email carries, drawn as the outbox sends the email (never in the request that queued it), as
 * the order stands then; null when the order is gone. Who gets the email was decided when it was queued and is asked
 * again as it is sent (see `MailOutbox`), so no download quota applies.
 */
export async function invoiceForMail(services: Services, orderId: string): Promise<MailAttachment | null> {
  const db = services.db.read;
  const row = await findOrderRow(db, orderId);
  const data = row && (await invoiceDataOf(db, row, services.now()));
  if (!data) return null;
  return { filename: `${invoiceNumber(data.order)}.pdf`, content: await services.invoicePdfs.pdfOf(data), contentType: 'application/pdf' };
}

export async function ordersCsv(services: Services, actor: OrderActor): Promise<OrderFile> {
  const now = services.now();
  const db = services.db.read;
  const orders = await listReadableOrders(db, readerOf(actor), now);
  // Whom each order is billed to is for the seller's books; a buyer's export names the seller.
  const body = actor.account.role === 'seller' ? ordersToCsv(orders, 'seller', await billTosOf(db, orders)) : ordersToCsv(orders, 'buyer');
  return { body, fileName: ordersCsvFileName(now) };
}
