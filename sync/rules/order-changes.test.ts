import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../entities/order';
import { historyEntryTitle, latestLineChanges, lineChanges, lineChangeText, linesChangedHistory, shortDeliveries } from './order-changes';

const line = (productId: string, strainName: string, quantity: string, unitType = 'oz', deliveredQuantity: string | null = null): OrderLine => ({
  productId,
  strainName,
  unitType,
  quantity,
  unitPrice: '10.00',
  listPrice: '10.00',
  lineTotal: '0.00',
  deliveredQuantity,
});

const [A, B, C] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

describe('the lines an edit changed', () => {
  it('names each line changed, removed or added, and none that kept its quantity', () => {
    const before = [line(A, 'Gelato', '4.000'), line(B, 'Haze', '3.000'), line(C, 'Kush', '1.000')];
    const after = [line(A, 'Gelato', '6.000'), line(C, 'Kush', '1'), line('44444444-4444-4444-8444-444444444444', 'Runtz', '2.000', 'unit')];
    expect(lineChanges(before, after).map(lineChangeText)).toEqual(['Gelato: 4 oz → 6 oz', 'Haze removed (was 3 oz)', 'Runtz added: 2 units']);
  });

  it('joins the timeline as the changed lines, then the move the edit made, and as nothing when it changed none', () => {
    const changes = lineChanges([line(A, 'Gelato', '4.000')], [line(A, 'Gelato', '6.000')]);
    const at = '2031-05-01T09:00:00.000Z';
    expect(linesChangedHistory([], { lineChanges: changes, from: 'accepted', to: 'awaiting_buyer', at, byName: 'Sam' })).toEqual([
      { status: 'awaiting_buyer', at, byName: 'Sam', lineChanges: changes },
      { status: 'awaiting_buyer', at, byName: 'Sam' },
    ]);
    expect(linesChangedHistory([], { lineChanges: [], from: 'accepted', to: 'accepted', at, byName: 'Sam' })).toEqual([]);
  });

  it('are the latest step only: an email of an edit that changed nothing lists none of an earlier one', () => {
    const changes = lineChanges([line(A, 'Gelato', '4.000')], [line(A, 'Gelato', '6.000')]);
    const edited = linesChangedHistory([], { lineChanges: changes, from: 'submitted', to: 'awaiting_buyer', at: '2031-05-01T09:00:00.000Z', byName: 'Sam' });
    expect(latestLineChanges(edited)).toEqual(changes);
    expect(latestLineChanges([...edited, { status: 'accepted', at: '2031-05-02T09:00:00.000Z', byName: 'Dana' }])).toEqual([]);
  });
});

describe('a short delivery', () => {
  it('names each line delivered short, with what was delivered of what was ordered', () => {
    expect(shortDeliveries([line(A, 'Gelato', '10.000', 'lb', '8.000'), line(B, 'Haze', '2.000', 'lb', '2.000'), line(C, 'Kush', '1.000')])).toEqual([
      'Gelato: 8 lb of 10 lb delivered',
    ]);
  });
});

describe('a step of the timeline', () => {
  it('says what happened', () => {
    const at = '2031-05-01T09:00:00.000Z';
    expect(historyEntryTitle({ status: 'accepted', at, byName: 'Sam' })).toBe('Accepted');
    expect(historyEntryTitle({ status: 'accepted', at, byName: 'Sam', payment: { amount: '1250.00', method: 'ach' } })).toBe('Payment of $1,250.00 recorded (ACH transfer)');
    expect(historyEntryTitle({ status: 'accepted', at, byName: 'Sam', lineChanges: [] })).toBe('Lines changed');
  });
});
