import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cancelQuestion } from './cancel-question';
import { InvoiceSummary } from './invoice-summary';
import { PaymentForm, paymentFormErrors } from './payment-form';

const order = { id: '11111111-1111-4111-8111-111111111111', total: '1250.00', amountPaid: '300.00' };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('recording a payment', () => {
  it('says under each field what is missing, as the server would', () => {
    expect(paymentFormErrors(order, { amount: '', method: '', receivedAt: '' })).toEqual({
      ok: false,
      errors: { amount: 'Enter the amount received', method: 'Choose how it was paid', receivedAt: 'Enter the day it was received' },
    });
  });

  it('refuses more than is still owed, saying how much that is', () => {
    expect(paymentFormErrors(order, { amount: '950.01', method: 'check', receivedAt: '2026-03-05' })).toEqual({
      ok: false,
      errors: { amount: 'That is more than the $950.00 still owed' },
    });
  });

  it('hands on the checked payment', () => {
    expect(paymentFormErrors(order, { amount: '950', method: 'ach', receivedAt: '2026-03-05' })).toEqual({
      ok: true,
      input: { id: order.id, amount: '950.00', method: 'ach', receivedAt: '2026-03-05' },
    });
  });

  it('starts with what is still owed and today', () => {
    const html = renderToStaticMarkup(<PaymentForm order={order} today="2026-03-05" onSubmit={() => {}} />);
    expect(text(html)).toContain('Still owed: $950.00');
    expect(html).toContain('value="950.00"');
    expect(html).toContain('value="2026-03-05"');
  });
});

describe('invoice summary', () => {
  const summary = {
    status: 'delivered',
    customerName: 'Corner Dispensary',
    sellerName: 'North Star Farms',
    subtotal: '1250.00',
    total: '1250.00',
    amountPaid: '300.00',
    paymentStatus: 'partial',
    paymentTerms: 'net30',
    dueAt: '2026-04-01T15:30:00.000Z',
    overdue: false,
  } as const;

  it('shows the totals, what was paid, what is due and by when', () => {
    const shown = text(renderToStaticMarkup(<InvoiceSummary order={summary} reader="seller" invoiceHref="/api/orders/1/invoice.pdf" />));
    expect(shown).toContain('Partly paid');
    expect(shown).toContain('Total $1,250.00');
    expect(shown).toContain('Paid $300.00');
    expect(shown).toContain('Amount due $950.00');
    expect(shown).toContain('Net 30. Due Apr 1, 2026.');
    expect(shown).toContain('Download the invoice (PDF)');
    expect(shown).not.toContain('Overdue');
  });

  it('shows what was paid beyond a lowered total as a credit for the customer, never as nothing', () => {
    const overpaid = { ...summary, subtotal: '900.00', total: '900.00', amountPaid: '1250.00', paymentStatus: 'paid' } as const;
    const forSeller = text(renderToStaticMarkup(<InvoiceSummary order={overpaid} reader="seller" />));
    expect(forSeller).toContain('Amount due $0.00');
    expect(forSeller).toContain('Credit $350.00');
    expect(forSeller).toContain('$350.00 paid beyond its total stays recorded as a credit for Corner Dispensary.');
    const forBuyer = text(renderToStaticMarkup(<InvoiceSummary order={overpaid} reader="buyer" />));
    expect(forBuyer).toContain('$350.00 paid beyond its total stays recorded as your credit with North Star Farms.');
    expect(text(renderToStaticMarkup(<InvoiceSummary order={summary} reader="seller" />))).not.toContain('Credit');
  });

  it('owes nothing on a cancelled order, and keeps what was paid on it as a credit', () => {
    const shown = text(renderToStaticMarkup(<InvoiceSummary order={{ ...summary, status: 'cancelled', dueAt: null }} reader="seller" />));
    expect(shown).toContain('Amount due $0.00');
    expect(shown).toContain('Credit $300.00');
    expect(shown).toContain('$300.00 paid on this order stays recorded as a credit for Corner Dispensary.');
  });

  it('marks an overdue order', () => {
    const shown = text(renderToStaticMarkup(<InvoiceSummary order={{ ...summary, overdue: true }} reader="seller" />));
    expect(shown).toContain('Overdue');
    expect(shown).toContain('Was due Apr 1, 2026.');
  });
});

describe('cancelling an order', () => {
  const accepted = { number: 'SO-1001', total: '1250.00', amountPaid: '300.00', customerName: 'Corner Dispensary', sellerName: 'North Star Farms' };

  it('says before cancelling a paid order what happens to the money, in words for each side', () => {
    expect(cancelQuestion(accepted, 'seller')).toEqual({
      title: 'Cancel order SO-1001?',
      description: '$300.00 paid on this order stays recorded as a credit for Corner Dispensary. Cancelling cannot be undone.',
      confirmLabel: 'Cancel order',
      destructive: true,
    });
    expect(cancelQuestion(accepted, 'buyer').description).toBe('$300.00 paid on this order stays recorded as your credit with North Star Farms. Cancelling cannot be undone.');
  });

  it('speaks of no money when none was paid', () => {
    expect(cancelQuestion({ ...accepted, amountPaid: '0.00' }, 'seller').description).toBe('Cancelling cannot be undone.');
  });
});
