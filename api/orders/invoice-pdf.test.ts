import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { SAMPLE_BUYER as buyer, SAMPLE_SELLER as seller } from '../testing/sample-invoice-parties';
import { sampleOrder } from '../../sync/testing/sample-order';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

const invoice = (data: Partial<InvoiceData> = {}): InvoiceData => ({ order: sampleOrder(), seller, buyer, issuedAt: '2026-03-05T09:00:00.000Z', ...data });

describe('invoice PDF', () => {
  it('names the invoice, the seller, whom it bills and where it ships, the dates and the terms', async () => {
    const [page] = await pdfText(await renderInvoicePdf(invoice()));
    expect(page).toContain('INV-SO-1001');
    expect(page).toContain('FROM Emerald Valley Farms License C11-0000123-LIC 400 Farm Road Eureka, CA 95501 sales@emeraldvalley.example, (707) 555-0100');
    expect(page).toContain('BILL TO Green Leaf Dispensary 12 Telegraph Avenue Suite 4 Oakland, CA 94612 License C10-0000456-LIC (510) 555-0199');
    expect(page).toContain('SHIP TO Green Leaf Dispensary 900 Dock Road Oakland, CA 94607-1234');
    expect(page).toContain('Issued Mar 5, 2026');
    expect(page).toContain('Delivered Mar 2, 2026');
    expect(page).toContain('Due Apr 1, 2026');
    expect(page).toContain('Net 30');
    expect(page).toContain('Re-issued after delivery');
  });

  it('leaves out Ship to when the customer gave no shipping address', async () => {
    const [page] = await pdfText(await renderInvoicePdf(invoice({ buyer: { ...buyer, shippingAddress: [] } })));
    expect(page).toContain('BILL TO Green Leaf Dispensary');
    expect(page).not.toContain('SHIP TO');
    expect(page).not.toContain('900 Dock Road');
  });

  it('lists each line with its list price, its discount, the net price, and the amount billed for what was delivered', async () => {
    const order = sampleOrder();
    // The customer's price list took $100.00 off the first line; the second was ordered before lines kept their list price.
    order.lines = order.lines.map((line, index) => (index === 0 ? { ...line, listPrice: '1300.00' } : index === 1 ? { ...line, listPrice: null } : line));
    const [page] = await pdfText(await renderInvoicePdf(invoice({ order })));
    expect(page).toContain('PRODUCT ORDERED DELIVERED LIST PRICE DISCOUNT NET PRICE AMOUNT');
    // Ordered 2.5 lb, delivered 2 lb at $1,200.00: billed $2,400.00.
    expect(page).toContain('Blue Dream 2.5 lb 2 lb $1,300.00 $100.00 $1,200.00 $2,400.00');
    expect(page).toContain('Sour Diesel 3.5 lb 3.5 lb - - $1,205.00 $4,217.50');
    expect(page).toContain('Gelato #33 4.5 lb 4.5 lb $1,210.00 - $1,210.00 $5,445.00');
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
    expect(page).toContain('Blue Dream 2.5 lb - $1,200.00 - $1,200.00 $3,000.00');
    expect(page).toContain('Delivered Not yet');
    expect(page).not.toContain('Re-issued');
  });

  it('writes names in Greek, Cyrillic and accented Latin as typed, emoji in their own font, and a character no font has as a visible gap', async () => {
    const order = sampleOrder({ note: 'Παράδοση στην πίσω πόρτα 🚚' }, 3);
    order.lines[0] = { ...order.lines[0]!, strainName: 'Zoë’s Café “OG” 🌿' };
    order.lines[1] = { ...order.lines[1]!, strainName: 'Сорт Белая вдова' };
    order.lines[2] = { ...order.lines[2]!, strainName: '大麻 Kush' };
    const party = { ...buyer, businessName: 'Łódź Ωμέγα Лавка', billingAddress: ['Ulica Żółwia 7', 'Kraków, MP 30-001'] };
    const [page] = await pdfText(await renderInvoicePdf(invoice({ order, buyer: party })));
    expect(page).toContain('Łódź Ωμέγα Лавка');
    expect(page).toContain('Ulica Żółwia 7');
    expect(page).toContain('Zoë’s Café “OG” 🌿');
    expect(page).toContain('Сорт Белая вдова');
    expect(page).toContain('□□ Kush');
    expect(page).toContain('Παράδοση στην πίσω πόρτα 🚚');
    expect(page).not.toContain('?');
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
