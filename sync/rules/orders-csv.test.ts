import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../testing/sample-order';
import { ordersCsvFileName, ordersToCsv } from './orders-csv';
import type { BillTo } from './postal-address';

const rowsOf = (csv: string) => Papa.parse<string[]>(csv.trimEnd()).data;
const SELLER_HEADER = [
  'Number',
  'Date',
  'Customer',
  'Status',
  'Payment status',
  'Total',
  'Paid',
  'Due',
  'Due date',
  'Overdue',
  'Bill to',
  'Bill to street',
  'Bill to city',
  'Bill to state',
  'Bill to ZIP',
  'Bill to license',
  'Bill to phone',
];

describe('orders CSV', () => {
  it('has one row per order with its number, customer, states, money and due date', () => {
    const late = sampleOrder({ number: 'SO-1002', customerName: 'Green Leaf, Oakland', overdue: true, createdAt: '2026-02-28T23:00:00.000Z' });
    const open = sampleOrder({ number: 'SO-1003', status: 'awaiting_buyer', paymentStatus: 'unpaid', amountPaid: '0.00', deliveredAt: null, dueAt: null, payments: [] });
    expect(rowsOf(ordersToCsv([late, open]))).toEqual([
      [...SELLER_HEADER],
      [
        'SO-1002',
        '2026-02-28',
        'Green Leaf, Oakland',
        'Delivered',
        'Partly paid',
        '12062.50',
        '1000.00',
        '11062.50',
        '2026-04-01',
        'Yes',
        'Green Leaf, Oakland',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      [
        'SO-1003',
        '2026-02-27',
        'Green Leaf Dispensary',
        "Awaiting buyer's approval",
        'Unpaid',
        '12062.50',
        '0.00',
        '12062.50',
        '',
        'No',
        'Green Leaf Dispensary',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
  });

  it("names whom each order is billed to in the seller's books: name, street, city, state, ZIP code, licence and phone", () => {
    const order = sampleOrder();
    const billTo: BillTo = {
      name: 'Green Leaf Dispensary',
      licenseNumber: 'C10-0000456-LIC',
      phoneNumber: '(510) 555-0199',
      billing: { line1: '12 Telegraph Avenue', line2: 'Suite 4', city: 'Oakland', state: 'CA', zipCode: '94612' },
      shipping: { line1: '900 Dock Road', line2: null, city: 'Oakland', state: 'CA', zipCode: '94607' },
    };
    const [, row] = rowsOf(ordersToCsv([order], 'seller', new Map([[order.id, billTo]])));
    expect(row?.slice(10)).toEqual(['Green Leaf Dispensary', '12 Telegraph Avenue, Suite 4', 'Oakland', 'CA', '94612', 'C10-0000456-LIC', '(510) 555-0199']);
  });

  it('keeps a customer name that looks like a formula from running in a spreadsheet', () => {
    const [, row] = rowsOf(ordersToCsv([sampleOrder({ customerName: '=HYPERLINK("http://x.example")' })]));
    expect(row?.[2]).toBe(`'=HYPERLINK("http://x.example")`);
  });

  it('quotes a customer name holding a semicolon or a tab, which spreadsheets in some languages split on', () => {
    const csv = ordersToCsv([sampleOrder({ number: 'SO-2001', customerName: 'Green; Leaf\tOakland' })]);
    expect(csv.split('\r\n')[1]).toMatch(/^SO-2001,[\d-]+,"Green; Leaf\tOakland",/);
    expect(rowsOf(csv)[1]?.[2]).toBe('Green; Leaf\tOakland');
  });

  it("names the seller in a buyer's export, where the seller's names the customer", () => {
    expect(rowsOf(ordersToCsv([sampleOrder()], 'buyer'))).toEqual([
      ['Number', 'Date', 'Seller', 'Status', 'Payment status', 'Total', 'Paid', 'Due', 'Due date', 'Overdue'],
      ['SO-1001', '2026-02-27', 'Emerald Valley Farms', 'Delivered', 'Partly paid', '12062.50', '1000.00', '11062.50', '2026-04-01', 'No'],
    ]);
  });

  it('is the header alone when there are no orders, and is named by the day', () => {
    expect(ordersToCsv([])).toBe(`${SELLER_HEADER.join(',')}\r\n`);
    expect(ordersCsvFileName(new Date('2026-03-05T12:00:00Z'))).toBe('orders-2026-03-05.csv');
  });
});
