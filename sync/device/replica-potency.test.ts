/** The device shows a potency change as the server settles it (sync/rules/potency.ts), at once and before any pull. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '../contract/mutations';
import { withPending } from './replica';
import type { ReplicaState } from './replica-state';
import { productFixture } from '../testing/entity-fixtures';

const now = '2025-02-01T12:00:00.000Z';
const balm = productFixture({ category: 'topical', thcBelowDetection: true, cbdPercentage: '12.00' });

function base(): ReplicaState {
  return {
    user: null,
    products: new Map([[balm.id, balm]]),
    menus: new Map(),
    savedMenus: new Map(),
    inquiries: new Map(),
    customers: new Map(),
    priceLists: new Map(),
    orders: new Map(),
  };
}

const view = (...pending: Mutation[]) => withPending(base(), pending, { userId: balm.userId, now, role: 'owner' });

describe('a pending potency change on the device', () => {
  it('a percentage typed for a potency below detection shows the percentage, no longer ND', () => {
    const shown = view({ name: 'product.update', args: { id: balm.id, changes: { thcPercentage: '0.30' } } }).products.get(balm.id);
    expect(shown).toMatchObject({ thcPercentage: '0.30', thcBelowDetection: false });
  });

  it('below detection set clears the percentage', () => {
    const shown = view({ name: 'product.update', args: { id: balm.id, changes: { cbdBelowDetection: true } } }).products.get(balm.id);
    expect(shown).toMatchObject({ cbdPercentage: null, cbdBelowDetection: true });
  });

  it('a change or a new product giving both shows nothing, as the server refuses it', () => {
    const id = randomUUID();
    const shown = view(
      { name: 'product.update', args: { id: balm.id, changes: { cbdPercentage: '3', cbdBelowDetection: true } } },
      { name: 'product.create', args: { id, strainName: 'Both', thcPercentage: '1', thcBelowDetection: true, selectedMenus: [] } },
    ).products;
    expect(shown.get(balm.id)).toMatchObject({ cbdPercentage: '12.00', cbdBelowDetection: false });
    expect(shown.has(id)).toBe(false);
  });
});
