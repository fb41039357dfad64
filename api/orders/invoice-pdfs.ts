/**
 * Invoice PDFs as downloads hand them out: drawn on the worker pool, never on the request thread, and kept in this
 * process by what they print (docs/decisions/001-invoice-pdfs-off-the-request-thread.md), so downloading the same
 * invoice again, or four times at once, draws it once. A changed order, party or day of issue prints differently and
 * is drawn anew; the least recently downloaded go first once the kept PDFs reach their bound.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { workerTask, type WorkerPool } from '../platform/worker-pool';
import { invoiceEdition, type InvoiceData } from './invoice-pdf';
import type renderInvoiceTask from './invoice-render-task';

export const RENDER_INVOICE = workerTask<typeof renderInvoiceTask>(new URL('./invoice-render-task.ts', import.meta.url));

export type RenderInvoice = (data: InvoiceData) => Promise<Uint8Array>;

/** A few hundred long invoices (a 30-page one is under 100 KB). */
export const KEPT_INVOICE_BYTES = 32 * 1024 * 1024;

/** The invoice's entity tag: the same wherever and whenever an invoice that reads the same is drawn. */
export const invoiceEtag = (data: InvoiceData) => `"${createHash('sha256').update(invoiceEdition(data)).digest('base64url')}"`;

export class InvoicePdfs {
  private readonly kept: LRUCache<string, Uint8Array, InvoiceData>;

  constructor(render: RenderInvoice, keptBytes = KEPT_INVOICE_BYTES) {
    this.kept = new LRUCache<string, Uint8Array, InvoiceData>({
      maxSize: keptBytes,
      sizeCalculation: (pdf) => pdf.byteLength,
      // Downloads of an invoice being drawn wait for that one drawing rather than start their own.
      fetchMethod: (_etag, _stale, { context }) => render(context),
    });
  }

  /** The invoice's PDF, drawn unless one that reads the same is kept. */
  async pdfOf(data: InvoiceData): Promise<Uint8Array> {
    const pdf = await this.kept.fetch(invoiceEtag(data), { context: data });
    if (!pdf) throw new Error('The invoice was drawn as nothing');
    return pdf;
  }
}

/** Invoices drawn on the process's worker pool. */
export const invoicePdfsOn = (workers: WorkerPool) => new InvoicePdfs((data) => workers.run(RENDER_INVOICE, data));
