import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { productCreateSchema } from '../entities/product';
import { pushRequestSchema } from '../contract/protocol';
import { NUL_CHARACTER_MESSAGE, parseEnvelopeOrThrow, validate } from '../contract/validation';

describe('validate', () => {
  it('refuses text holding a NUL character at its field, as a form on the device shows it', () => {
    expect(validate(productCreateSchema, { id: crypto.randomUUID(), strainName: 'Blue\u0000Dream' })).toEqual({
      ok: false,
      message: NUL_CHARACTER_MESSAGE,
      fieldErrors: { strainName: NUL_CHARACTER_MESSAGE },
    });
  });

  it('refuses a NUL in a key or deep in a list, named by its path', () => {
    const schema = z.object({ labels: z.array(z.object({ text: z.string() })), extra: z.record(z.string(), z.number()) });
    expect(validate(schema, { labels: [{ text: 'a' }, { text: 'b\u0000' }], extra: {} })).toMatchObject({ ok: false, fieldErrors: { 'labels.1.text': NUL_CHARACTER_MESSAGE } });
    expect(validate(schema, { labels: [], extra: { 'k\u0000': 1 } })).toMatchObject({ ok: false, fieldErrors: { 'extra.k\u0000': NUL_CHARACTER_MESSAGE } });
  });

  it('takes text without one as it is', () => {
    expect(validate(z.object({ note: z.string() }), { note: 'Line one\nline two\ttabbed' })).toEqual({ ok: true, data: { note: 'Line one\nline two\ttabbed' } });
  });
});

describe('parseEnvelopeOrThrow', () => {
  it("leaves a mutation's arguments to its own schema, so one mutation's NUL refuses only that mutation", () => {
    const push = { clientId: crypto.randomUUID(), mutations: [{ seq: 1, name: 'product.create', args: { strainName: 'a\u0000' } }] };
    expect(parseEnvelopeOrThrow(pushRequestSchema, push).mutations[0]?.args).toEqual({ strainName: 'a\u0000' });
  });
});
