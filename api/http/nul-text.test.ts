/**
 * A NUL character (\u0000) in text is refused where input is read, on SQLite as on PostgreSQL (whose text cannot hold
 * one, so a row holding one could never be copied there): in a REST body at any depth, in a query, and in a sync
 * mutation, which alone is refused while the ones behind it apply. The answer is the validation `{ message, reason }`
 * with the field that holds it, and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { pushResponseSchema } from '../../sync/contract/protocol';
import { NUL_CHARACTER_MESSAGE } from '../../sync/contract/validation';
import { everyRow } from '../testing/database-tables';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
});
afterAll(() => t.close());

const NUL = '\u0000';

async function expectRefusedUnchanged(request: () => Promise<{ status: number; body: unknown }>, field: string) {
  const before = await everyRow(t.services.db.read);
  const res = await request();
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: NUL_CHARACTER_MESSAGE, reason: 'validation', errors: { [field]: NUL_CHARACTER_MESSAGE } } satisfies ErrorBody);
  expect(await everyRow(t.services.db.read)).toEqual(before);
}

describe('text holding a NUL character', () => {
  it('is refused in a REST body, at the field that holds it, and nothing is written', async () => {
    await expectRefusedUnchanged(() => t.request('POST', '/api/products', { token: seller.token, body: { strainName: `Blue${NUL}Dream` } }), 'strainName');
    const products = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    expect(products.map((product) => product.strainName)).not.toContain(`Blue${NUL}Dream`);
  });

  it('is refused deep inside a body, named by its path', async () => {
    await expectRefusedUnchanged(() => t.request('POST', '/api/customers', { token: seller.token, body: { name: 'Green Leaf', tags: ['north', `v${NUL}ip`] } }), 'tags.1');
    expect((await t.request<Customer[]>('GET', '/api/customers', { token: seller.token })).body).toEqual([]);
  });

  it('is refused in a query', async () => {
    await expectRefusedUnchanged(() => t.request('GET', `/api/browse?q=${encodeURIComponent(`kush${NUL}`)}`, { token: seller.token }), 'q');
  });

  it('refuses the one sync mutation that holds it, with its reason, and applies the ones behind it', async () => {
    const [bad, good] = [
      { id: randomUUID(), strainName: 'Gelato', description: `Sweet${NUL}` },
      { id: randomUUID(), strainName: 'Queued after the NUL' },
    ];
    const res = await t.request('POST', '/api/sync/push', {
      token: seller.token,
      body: {
        clientId: randomUUID(),
        mutations: [
          { seq: 1, name: 'product.create', args: bad },
          { seq: 2, name: 'product.create', args: good },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(pushResponseSchema.parse(res.body)).toEqual({
      lastProcessedSeq: 2,
      results: [
        { seq: 1, outcome: 'refused', reason: 'validation', message: NUL_CHARACTER_MESSAGE },
        { seq: 2, outcome: 'applied' },
      ],
    });
    const names = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body.map((product) => product.strainName);
    expect(names).toContain('Queued after the NUL');
    expect(names).not.toContain('Gelato');
  });
});
