/**
 * A new order's input: at most MAX_ORDER_LINES lines, and a refusal that names the field at fault, whichever party
 * writes it (a buyer's order names a menu, a seller's a customer).
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../contract/validation';
import { MAX_ORDER_LINES, orderCreateSchema } from './order';

const id = '7b0c7d8e-3a55-4a5e-9a53-3b3c2a8f1b11';
const productId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const lines = (count: number) => Array.from({ length: count }, (_, n) => ({ productId: productId(n + 1), quantity: '1' }));
const byBuyer = (orderLines: unknown) => ({ id, menuId: id, lines: orderLines });
const bySeller = (orderLines: unknown) => ({ id, customerId: id, lines: orderLines });

describe('a new order', () => {
  it.each([
    ['a buyer', byBuyer],
    ['a seller', bySeller],
  ])(`written by %s lists up to ${MAX_ORDER_LINES} products, and more is refused under its lines`, (_, input) => {
    expect(validate(orderCreateSchema, input(lines(MAX_ORDER_LINES))).ok).toBe(true);
    expect(validate(orderCreateSchema, input(lines(MAX_ORDER_LINES + 1)))).toEqual({
      ok: false,
      message: `An order lists at most ${MAX_ORDER_LINES} products`,
      fieldErrors: { lines: `An order lists at most ${MAX_ORDER_LINES} products` },
    });
  });

  it("written by a seller names the line at fault, not the buyer's missing menu", () => {
    expect(validate(orderCreateSchema, bySeller([{ productId: productId(1), quantity: 'x' }]))).toEqual({
      ok: false,
      message: 'Quantity must be a number',
      fieldErrors: { 'lines.0.quantity': 'Quantity must be a number' },
    });
  });

  it('naming neither a menu nor a customer says what is missing', () => {
    const result = validate(orderCreateSchema, { id, lines: lines(1) });
    expect(result).toMatchObject({ ok: false, message: 'Must be a valid id' });
  });
});
