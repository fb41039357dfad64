/** The worker thread's side of drawing an invoice (worker-pool.ts): the bytes go back to the request thread. */
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

export default async function renderInvoiceTask(data: InvoiceData): Promise<Uint8Array> {
  return renderInvoicePdf(data);
}
