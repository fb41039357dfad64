import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
    subtotal: '1250.00',
    total: '1250.00',
    amountPaid: '300.00',
    paymentStatus: 'partial',
    paymentTerms: 'net30',
    dueAt: '2026-04-01T15:30:00.000Z',
    overdue: false,
  } as const;

  it('shows the totals, what was paid, what is due and by when', () => {
    const shown = text(renderToStaticMarkup(<InvoiceSummary order={summary} invoiceHref="/api/orders/1/invoice.pdf" />));
    expect(shown).toContain('Partly paid');
    expect(shown).toContain('Total $1,250.00');
    expect(shown).toContain('Paid $300.00');
    expect(shown).toContain('Amount due $950.00');
    expect(shown).toContain('Net 30. Due Apr 1, 2026.');
    expect(shown).toContain('Download the invoice (PDF)');
    expect(shown).not.toContain('Overdue');
  });

  it('marks an overdue order', () => {
    const shown = text(renderToStaticMarkup(<InvoiceSummary order={{ ...summary, overdue: true }} />));
    expect(shown).toContain('Overdue');
    expect(shown).toContain('Was due Apr 1, 2026.');
  });
});
