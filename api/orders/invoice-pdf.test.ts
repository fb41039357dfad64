import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { sampleOrder } from '../../sync/testing/sample-order';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

const seller = {
  businessName: 'Emerald Valley Farms',
  licenseNumber: 'C11-0000123-LIC',
  address: '400 Farm Road, Eureka, CA 95501',
  contact: 'sales@emeraldvalley.example, (707) 555-0100',
};
const buyer = { businessName: 'Green Leaf Dispensary', licenseNumber: 'C10-0000456-LIC' };
const invoice = (data: Partial<InvoiceData> = {}): InvoiceData => ({ order: sampleOrder(), seller, buyer, issuedAt: '2026-03-05T09:00:00.000Z', ...data });

describe('invoice PDF', () => {
  it('names the invoice, both parties, the dates and the terms', async () => {
    const [page] = await pdfText(await renderInvoicePdf(invoice()));
    expect(page).toContain('INV-SO-1001');
    for (const text of [...Object.values(seller), 'License C11-0000123-LIC', 'Green Leaf Dispensary', 'License C10-0000456-LIC']) expect(page).toContain(text);
    expect(page).toContain('Issued Mar 5, 2026');
    expect(page).toContain('Delivered Mar 2, 2026');
    expect(page).toContain('Due Apr 1, 2026');
    expect(page).toContain('Net 30');
    expect(page).toContain('Re-issued after delivery');
  });

  it('lists each line with what was ordered and delivered, billing what was delivered, and the balance', async () => {
    const [page] = await pdfText(await renderInvoicePdf(invoice()));
    // Ordered 2.5 lb, delivered 2 lb at $1,200.00: billed $2,400.00.
    expect(page).toContain('Blue Dream 2.5 lb 2 lb $1,200.00 $2,400.00');
    expect(page).toContain('Sour Diesel 3.5 lb 3.5 lb $1,205.00 $4,217.50');
    expect(page).toContain('Gelato #33 4.5 lb 4.5 lb $1,210.00 $5,445.00');
    expect(page).toContain('Subtotal $12,062.50');
    expect(page).toContain('Total $12,062.50');
    expect(page).toContain('Amount paid $1,000.00');
    expect(page).toContain('Amount due $11,062.50');
    expect(page).toContain('Mar 5, 2026, Check $1,000.00');
  });

  it('shows what was paid beyond the total as a credit, and owes nothing', async () => {
    const order = sampleOrder({ amountPaid: '12100.00', paymentStatus: 'paid' });
    const [page] = await pdfText(await renderInvoicePdf(invoice({ order })));
    expect(page).toContain('Amount due $0.00');
    expect(page).toContain('Credit $37.50');
    expect((await pdfText(await renderInvoicePdf(invoice())))[0]).not.toContain('Credit');
  });

  it('before delivery shows the ordered lines with no delivered quantity and no re-issue note', async () => {
    const order = sampleOrder({ status: 'accepted', deliveredAt: null, dueAt: null, amountPaid: '0.00', payments: [] });
    order.lines = order.lines.map((line) => ({ ...line, deliveredQuantity: null }));
    const [page] = await pdfText(await renderInvoicePdf(invoice({ order })));
    expect(page).toContain('Blue Dream 2.5 lb - $1,200.00 $3,000.00');
    expect(page).toContain('Delivered Not yet');
    expect(page).not.toContain('Re-issued');
  });

  it('writes names in letters the PDF can draw, never as the wrong glyphs', async () => {
    const order = sampleOrder({}, 1);
    order.lines[0] = { ...order.lines[0]!, strainName: 'Zoë’s Café “OG” 大麻 🌿' };
    const [page] = await pdfText(await renderInvoicePdf(invoice({ order, buyer: { businessName: 'Łódź Leaf', licenseNumber: null } })));
    expect(page).toContain('Lódz Leaf');
    expect(page).toContain('Zoë’s Café “OG” ?? ?');
  });

  it('runs a long order onto further pages, every line and the totals kept', async () => {
    const order = sampleOrder({}, 80);
    const pages = await pdfText(await renderInvoicePdf(invoice({ order })));
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join(' ');
    for (const line of order.lines) expect(text).toContain(line.strainName);
    expect(pages.at(-1)).toContain(`Total ${'$'}`);
    expect(pages[0]).toContain(`INV-SO-1001, page 1 of ${pages.length}`);
  });
});
