import { describe, expect, it } from 'vitest';
import { customersToCsv, parseCustomersCsv } from './customer-csv';
import type { Customer } from '../../../sync/entities/customer';

const LIST = '00000000-0000-4000-8000-00000000000a';
const REP = '00000000-0000-4000-8000-00000000000b';
const CUSTOMER = '00000000-0000-4000-8000-00000000000c';
const context = {
  priceLists: [{ id: LIST, name: 'Gold' }],
  members: [{ userId: REP, email: 'rita@example.com', name: 'Rita' }],
};
const customer: Customer = {
  id: CUSTOMER,
  userId: 'team',
  name: 'Green Leaf, Inc.',
  email: 'buy@greenleaf.example',
  buyerTeamId: null,
  link: 'unlinked',
  invitedAt: null,
  licenseNumber: 'C10-0000001',
  paymentTerms: 'net30',
  priceListId: LIST,
  repUserId: REP,
  holdWhenOverdue: true,
  tags: ['north', 'vip'],
  phoneNumber: '(734) 555-0142',
  billingLine1: '12 Main Street',
  billingLine2: 'Suite 4',
  billingCity: 'Ann Arbor',
  billingState: 'MI',
  billingZipCode: '48104-1234',
  shippingSameAsBilling: false,
  shippingLine1: '900 Dock Road',
  shippingLine2: null,
  shippingCity: 'Ypsilanti',
  shippingState: 'MI',
  shippingZipCode: '48197',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('customers CSV', () => {
  it('reads back the customer it wrote, as an update of that customer', () => {
    const text = customersToCsv([customer], context);
    expect(text).toContain(
      `"Green Leaf, Inc.",buy@greenleaf.example,C10-0000001,net30,Gold,rita@example.com,yes,"north;vip",(734) 555-0142,12 Main Street,Suite 4,Ann Arbor,MI,48104-1234,no,900 Dock Road,,Ypsilanti,MI,48197,${CUSTOMER}`,
    );
    const parsed = parseCustomersCsv(text, [customer], context);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        label: 'Green Leaf, Inc.',
        customerId: CUSTOMER,
        values: {
          name: 'Green Leaf, Inc.',
          email: 'buy@greenleaf.example',
          licenseNumber: 'C10-0000001',
          paymentTerms: 'net30',
          priceListId: LIST,
          repUserId: REP,
          holdWhenOverdue: true,
          tags: ['north', 'vip'],
          phoneNumber: '(734) 555-0142',
          billingLine1: '12 Main Street',
          billingLine2: 'Suite 4',
          billingCity: 'Ann Arbor',
          billingState: 'MI',
          billingZipCode: '48104-1234',
          shippingSameAsBilling: false,
          shippingLine1: '900 Dock Road',
          shippingLine2: null,
          shippingCity: 'Ypsilanti',
          shippingState: 'MI',
          shippingZipCode: '48197',
        },
      },
    ]);
  });

  it('reads addresses as other systems head them, and refuses a ZIP code that is not a US one', () => {
    const parsed = parseCustomersCsv(
      'Customer,Phone,Address,City,State,ZIP,Same as billing\nHigh Tide,734 555 0100,1 Shore Drive,Traverse City,MI,496841234,yes\nLow Tide,,,,,abcde,\n',
      [],
      context,
    );
    expect(parsed.ignoredColumns).toEqual([]);
    expect(parsed.rows[0]!.values).toMatchObject({
      phoneNumber: '734 555 0100',
      billingLine1: '1 Shore Drive',
      billingCity: 'Traverse City',
      billingState: 'MI',
      billingZipCode: '49684-1234',
      shippingSameAsBilling: true,
    });
    expect(parsed.rows[1]).toMatchObject({ label: 'Low Tide', error: 'Billing ZIP code must be 5 digits, or 9 digits like 48104-1234' });
  });

  it('updates a customer of the book only in the columns the file has', () => {
    const parsed = parseCustomersCsv(`id,name,city\n${CUSTOMER},Green Leaf,Detroit\n`, [customer], context);
    expect(parsed.rows).toEqual([{ line: 2, label: 'Green Leaf', customerId: CUSTOMER, values: { name: 'Green Leaf', billingCity: 'Detroit' } }]);
  });

  it('reads a column named constructor or __proto__ as an unknown column, left out like any other', () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    const parsed = parseCustomersCsv('name,constructor,__proto__,Notes\nHigh Tide,x,y,z\n', [], context);
    expect(parsed.error).toBeUndefined();
    expect(parsed.ignoredColumns).toEqual(['constructor', '__proto__', 'Notes']);
    expect(parsed.rows).toEqual(parseCustomersCsv('name\nHigh Tide\n', [], context).rows);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(inherited);
  });

  it('adds new customers with the defaults and matches terms, lists and reps as people write them', () => {
    const parsed = parseCustomersCsv('Customer,Email,Terms,Price list,Sales rep\nHigh Tide,,Net 15,gold,Rita\nBare,,,,\n', [], context);
    expect(parsed.rows.map((row) => row.values && [row.values.name, row.values.paymentTerms, row.values.priceListId, row.values.repUserId, row.values.holdWhenOverdue])).toEqual([
      ['High Tide', 'net15', LIST, REP, false],
      ['Bare', 'cod', null, null, false],
    ]);
    expect(parsed.rows.every((row) => row.customerId === undefined)).toBe(true);
  });

  it('gives each bad row its own errors', () => {
    const parsed = parseCustomersCsv(
      'name,email,paymentTerms,priceList,rep,holdWhenOverdue\n,not-an-email,net90,Silver,Bob,perhaps\nA,a@x.example,,,,\nB,A@x.example,,,,\n',
      [],
      context,
    );
    expect(parsed.rows.map((row) => row.error)).toEqual([
      'Unknown payment terms "net90": use cod, net7, net15, net30; No price list is named Silver; Bob is not a member of the team; Hold when overdue must be yes or no; Customer name is required; Enter a valid email address',
      undefined,
      'Row 3 already sets this customer',
    ]);
    expect(parseCustomersCsv('email\na@x.example\n', [], context).error).toMatch(/no name column/);
  });
});
