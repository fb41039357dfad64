import { describe, expect, it } from 'vitest';
import { priceListSaveSchema } from '../../../sync/entities/price-list';
import { validate } from '../../../sync/contract/validation';
import { draftOf, EMPTY_DRAFT, entriesFromDrafts, rowErrors } from './price-list-draft';

const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const C = '00000000-0000-4000-8000-000000000003';

describe('price list grid rows', () => {
  it('turns the rows typed into the entries saved, leaving out rows with nothing set', () => {
    const drafts = new Map([
      [A, { ...EMPTY_DRAFT, price: '1100', breaks: '10@1000; 25.5 @ 950' }],
      [B, EMPTY_DRAFT],
      [C, { ...EMPTY_DRAFT, hidden: true }],
    ]);
    const { entries, problems } = entriesFromDrafts([A, B, C], drafts);
    expect(problems.size).toBe(0);
    const checked = validate(priceListSaveSchema, { id: A, name: 'Gold', entries });
    expect(checked.ok && checked.data.entries).toEqual([
      {
        productId: A,
        price: '1100.00',
        percentOff: null,
        hidden: false,
        minQuantity: null,
        increment: null,
        breaks: [
          { minQuantity: '10.000', price: '1000.00' },
          { minQuantity: '25.500', price: '950.00' },
        ],
      },
      { productId: C, price: null, percentOff: null, hidden: true, minQuantity: null, increment: null, breaks: [] },
    ]);
    expect(checked.ok && draftOf(checked.data.entries[0])).toEqual({
      price: '1100.00',
      percentOff: '',
      hidden: false,
      minQuantity: '',
      increment: '',
      breaks: '10@1000.00;25.5@950.00',
    });
  });

  it('puts each error on the row of its product', () => {
    const drafts = new Map([
      [A, { ...EMPTY_DRAFT, price: '10', percentOff: '5' }],
      [B, { ...EMPTY_DRAFT, breaks: '10-5' }],
      [C, { ...EMPTY_DRAFT, increment: '-1' }],
    ]);
    const { entries, problems } = entriesFromDrafts([A, B, C], drafts);
    expect(problems.get(B)).toMatch(/quantity@price/);
    const checked = validate(priceListSaveSchema, { id: A, name: 'Gold', entries });
    const errors = checked.ok ? new Map() : rowErrors(entries, checked.fieldErrors);
    expect(errors.get(A)).toBe('Give a price or a percentage off, not both');
    expect(errors.get(C)).toMatch(/^Increment/);
  });
});
