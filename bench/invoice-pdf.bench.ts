/**
 * The invoice PDF of a 100-line order, rendered in this process as a thread of the worker pool renders it for a
 * download: median and worst of 30 renders after a warm-up (goal: median at most 300 ms), with the CPU time each
 * took, since wall time on a shared machine also counts others' work. The reference, measured in the same run, is
 * PDFKit's floor: a one-page document with one line of text, so the ratio says what the invoice's layout costs
 * above the library's own.
 */
import PDFDocument from 'pdfkit';
import { renderInvoicePdf, type InvoiceData } from '../api/orders/invoice-pdf';
import { SAMPLE_BUYER, SAMPLE_SELLER } from '../api/testing/sample-invoice-parties';
import { sampleOrder } from '../sync/testing/sample-order';

const LINES = 100;
const RUNS = 30;
const TARGET_MS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function bareDocument(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.font('Helvetica').fontSize(10).text('Invoice INV-SO-1001', 50, 50);
  doc.end();
  return done;
}

async function time(render: () => Promise<Buffer>): Promise<{ wall: number[]; cpu: number[]; bytes: number }> {
  let bytes = (await render()).length;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    bytes = (await render()).length;
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu, bytes };
}

export async function benchInvoicePdf(): Promise<void> {
  const data: InvoiceData = {
    order: sampleOrder({ note: 'Deliver to the loading dock before noon.' }, LINES),
    seller: SAMPLE_SELLER,
    buyer: SAMPLE_BUYER,
    issuedAt: '2026-03-05T09:00:00.000Z',
  };
  const reference = await time(bareDocument);
  const invoice = await time(() => renderInvoicePdf(data));
  const invoiceMedian = median(invoice.wall);
  console.info(`Invoice PDF (${LINES} lines, ${RUNS} renders after a warm-up)`);
  console.info(`  one-line PDFKit page (reference)  median ${ms(median(reference.wall))}, CPU ${ms(median(reference.cpu))}`);
  console.info(
    `  invoice                            median ${ms(invoiceMedian)}, worst ${ms(Math.max(...invoice.wall))}, CPU ${ms(median(invoice.cpu))}, ${(invoice.bytes / 1024).toFixed(1)} KB`,
  );
  console.info(
    `  invoice / reference ${(invoiceMedian / median(reference.wall)).toFixed(1)}×; goal median at most ${TARGET_MS} ms: ${invoiceMedian <= TARGET_MS ? 'ok' : 'OVER TARGET'}`,
  );
}
