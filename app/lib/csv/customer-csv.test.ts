import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../sync/entities/customer';
import { customersToCsv, parseCustomerCsv } from './customer-csv';

const LISTS = [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'Tier A' }];
const customer: Customer = {
  id: '00000000-0000-4000-8000-0000000000c1',
  userId: '00000000-0000-4000-8000-0000000000f1',
  name: '=Green Door, Inc.',
  email: 'buying@greendoor.example',
  buyerTeamId: null,
  licenseNumber: 'C10-0000123',
  paymentTerms: 'net30',
  priceListId: LISTS[0]!.id,
  repUserId: null,
  holdWhenOverdue: true,
  tags: ['vip', 'north'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the customer book as CSV', () => {
  it('reads back what it wrote: the same fields, the price list by name, the id to update the same customer', () => {
    const parsed = parseCustomerCsv(customersToCsv([customer], LISTS), LISTS);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        id: customer.id,
        errors: [],
        values: {
          name: customer.name,
          email: customer.email,
          licenseNumber: customer.licenseNumber,
          paymentTerms: 'net30',
          priceListId: LISTS[0]!.id,
          repUserId: null,
          holdWhenOverdue: true,
          tags: ['vip', 'north'],
        },
      },
    ]);
  });

  it("reads other spreadsheets' headers and terms, and names each bad cell by its row and field", () => {
    const text = ['Customer,Email Address,Terms,Price List,Hold', 'Corner Shop,corner@shop.example,Net 15,,no', ',not-an-email,Net 60,Tier Z,maybe', '', 'Third,,COD,tier a,'].join(
      '\n',
    );
    const parsed = parseCustomerCsv(text, LISTS);
    expect(parsed.rows[0]!.values).toMatchObject({ name: 'Corner Shop', paymentTerms: 'net15', priceListId: null, holdWhenOverdue: false });
    expect(parsed.rows[2]).toMatchObject({ row: 5, values: { name: 'Third', paymentTerms: 'cod', priceListId: LISTS[0]!.id } });
    expect(parsed.rows[1]!.values).toBeUndefined();
    expect(parsed.errors.map(({ row, field }) => [row, field]).sort()).toEqual(
      [
        [3, 'email'],
        [3, 'holdWhenOverdue'],
        [3, 'name'],
        [3, 'paymentTerms'],
        [3, 'priceList'],
      ].sort(),
    );
  });

  it('refuses a file without a name column as a whole', () => {
    expect(parseCustomerCsv('email\na@b.example\n', LISTS).error).toMatch(/no name column/);
  });
});
