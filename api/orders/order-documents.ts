/**
 * The order's papers: its invoice as a PDF, for either party, and the orders export for the books. Who may have
 * them is decided as for reading the order itself (a rep only for their customers; anyone else is told it does not exist).
 * Invoice downloads count against a per-account quota, and the PDF is drawn off the request thread (invoice-pdfs.ts).
 */
import type { User } from '../../sync/entities/user';
import { partyName } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { addressLines, profileAddress, type BillTo } from '../../sync/postal-address';
import type { Services } from '../context';
import { findOrder, findOrderRow, listReadableOrders } from '../db/repositories/orders';
import { findUserById } from '../db/repositories/users';
import { matchesEtag } from '../http/conditional';
import { RateLimitedError, waitText } from '../limits/rate-limited-error';
import { billTosOf } from './bill-to';
import { invoiceNumber, type InvoiceBuyer, type InvoiceSeller } from './invoice-pdf';
import { invoiceEtag } from './invoice-pdfs';
import { ORDER_NOT_FOUND, partyOf, readerOf, type OrderActor } from './order-actor';
import { ordersCsvFileName, ordersToCsv } from './orders-csv';

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

export async function orderInvoice(services: Services, actor: OrderActor, id: string, ifNoneMatch?: string): Promise<InvoiceDownload> {
  await takeInvoiceDownloadQuota(services, actor);
  const db = services.db.read;
  const row = await findOrderRow(db, id);
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
  await partyOf(db, actor, row);
  const now = services.now();
  const [order, seller] = await Promise.all([findOrder(db, id, now), findUserById(db, row.sellerId)]);
  if (!order || !seller) throw new AppError('not_found', ORDER_NOT_FOUND);
  const billTo = (await billTosOf(db, [order])).get(order.id)!;
  const data = { order, seller: sellerParty(seller), buyer: buyerParty(billTo), issuedAt: now.toISOString() };
  const etag = invoiceEtag(data);
  if (matchesEtag(ifNoneMatch, etag)) return { etag, unchanged: true };
  const pdf = await services.invoicePdfs.pdfOf(data);
  return { body: new Uint8Array(pdf), fileName: `${invoiceNumber(order)}.pdf`, etag };
}

export async function ordersCsv(services: Services, actor: OrderActor): Promise<OrderFile> {
  const now = services.now();
  const db = services.db.read;
  const orders = await listReadableOrders(db, readerOf(actor), now);
  return { body: ordersToCsv(orders, await billTosOf(db, orders)), fileName: ordersCsvFileName(now) };
}
