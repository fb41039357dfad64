import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validate } from '../contract/validation';
import { inquiryCreateSchema } from './inquiry';

const base = { id: randomUUID(), menuId: randomUUID() };

describe('inquiryCreateSchema', () => {
  it('refuses the same product twice in an order request, so stock cannot be ordered twice over', () => {
    const productId = randomUUID();
    const result = validate(inquiryCreateSchema, {
      ...base,
      kind: 'order',
      items: [
        { productId, quantity: '30' },
        { productId, quantity: '30' },
      ],
    });
    expect(result).toMatchObject({ ok: false, message: 'List each product once, with its whole quantity' });
  });

  it('asks for a message, or for at least one product in an order request', () => {
    expect(validate(inquiryCreateSchema, { ...base, kind: 'message', message: '  ' })).toMatchObject({ ok: false, message: 'Write a message' });
    expect(validate(inquiryCreateSchema, { ...base, kind: 'order' })).toMatchObject({ ok: false, message: 'Add at least one product to the order request' });
  });
});
