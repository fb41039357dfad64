/**
 * A batch applier answers one outcome per mutation. One that answers fewer must fail the push (the device
 * retries), never have the missing mutations reported as applied: the device would drop writes never made.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../sync/entities/user';
import type { Services, TeamSession } from '../context';
import type * as productService from '../products/product-service';
import { createProducts } from '../products/product-service';
import { applyServerMutations, type Pusher } from './server-mutations';

vi.mock('../products/product-service', async (importOriginal) => ({
  ...(await importOriginal<typeof productService>()),
  createProducts: vi.fn(),
}));

const seller = { id: 'seller', role: 'seller' } as User;
const by: Pusher = { user: seller, team: { account: seller, role: 'owner' } as TeamSession };
const creations = [
  { id: randomUUID(), strainName: 'One' },
  { id: randomUUID(), strainName: 'Two' },
];

describe('a batch applier answering too few outcomes', () => {
  it('fails the push instead of reporting the missing mutations applied', async () => {
    vi.mocked(createProducts).mockResolvedValueOnce([{ product: { id: 'one' } as never }]);
    await expect(applyServerMutations({} as Services, by, 'product.create', creations)).rejects.toThrow('product.create answered 1 outcomes for 2 mutations');
  });

  it('passes each outcome on when there is one per mutation', async () => {
    vi.mocked(createProducts).mockResolvedValueOnce([{ product: { id: 'one' } as never }, { product: { id: 'two' } as never }]);
    expect(await applyServerMutations({} as Services, by, 'product.create', creations)).toEqual([null, null]);
  });
});
