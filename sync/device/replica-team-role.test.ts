/**
 * The device's optimistic view with the person's team role known: a change the role may not make (a rep's price or
 * stock, a rep's change to another member's menu or its link) shows nothing, as the server refuses it; what the role
 * may do shows at once, and an unknown role shows everything, leaving the server to decide.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Menu } from '../entities/menu';
import type { TeamRole } from '../entities/team';
import type { Mutation } from '../contract/mutations';
import { withPending } from './replica';
import type { ReplicaState } from './replica-state';
import { productFixture } from '../testing/entity-fixtures';

const teamId = randomUUID();
const repId = randomUUID();
const now = '2025-02-01T12:00:00.000Z';
const gelato = productFixture({ userId: teamId, createdBy: teamId, pricePerUnit: '1450.00', availableQuantity: '10.000' });

function menu(overrides: Partial<Menu> = {}): Menu {
  return {
    id: randomUUID(),
    userId: teamId,
    name: 'Wholesale List',
    description: null,
    publicLinkId: randomUUID(),
    isPublic: true,
    linkExpiresAt: null,
    productIds: [gelato.id],
    createdBy: teamId,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ownersMenu = menu();
const repsMenu = menu({ name: 'Trade show', createdBy: repId });

function base(): ReplicaState {
  return {
    user: null,
    products: new Map([[gelato.id, gelato]]),
    menus: new Map([ownersMenu, repsMenu].map((row) => [row.id, row])),
    savedMenus: new Map(),
    inquiries: new Map(),
    customers: new Map(),
    priceLists: new Map(),
    orders: new Map(),
  };
}

const viewAs = (role: TeamRole | null, ...pending: Mutation[]) => withPending(base(), pending, { userId: repId, now, role });

describe("a rep's pending changes, as their device shows them", () => {
  it('a new product with a price or stock does not show; one without shows at once', () => {
    const [priced, stocked, plain] = [randomUUID(), randomUUID(), randomUUID()];
    const view = viewAs(
      'rep',
      { name: 'product.create', args: { id: priced, strainName: 'Cheap Haze', pricePerUnit: '1.00', selectedMenus: [] } },
      { name: 'product.create', args: { id: stocked, strainName: 'Stocked Haze', availableQuantity: '500', selectedMenus: [] } },
      { name: 'product.create', args: { id: plain, strainName: 'Fresh Kush', availableQuantity: '0', selectedMenus: [repsMenu.id] } },
    );
    expect([...view.products.keys()].sort()).toEqual([gelato.id, plain].sort());
    expect(view.products.get(plain)).toMatchObject({ pricePerUnit: null, availableQuantity: '0.000' });
    expect(view.menus.get(repsMenu.id)?.productIds).toEqual([gelato.id, plain]);
  });

  it("a new product for another member's menu does not show, nor goes on the menu", () => {
    const swapped = randomUUID();
    const view = viewAs('rep', { name: 'product.create', args: { id: swapped, strainName: 'Swap Kush', selectedMenus: [repsMenu.id, ownersMenu.id] } });
    expect(view.products.has(swapped)).toBe(false);
    expect([view.menus.get(ownersMenu.id)?.productIds, view.menus.get(repsMenu.id)?.productIds]).toEqual([[gelato.id], [gelato.id]]);
  });

  it('a change of price or stock does not show; a change of the description does', () => {
    const view = viewAs(
      'rep',
      { name: 'product.update', args: { id: gelato.id, changes: { pricePerUnit: '1.00', description: 'Cut price' } } },
      { name: 'product.update', args: { id: gelato.id, changes: { description: 'Sweet and earthy', pricePerUnit: '1450.00' } } },
    );
    expect(view.products.get(gelato.id)).toMatchObject({ pricePerUnit: '1450.00', description: 'Sweet and earthy' });
  });

  it("another member's menu keeps its products, name and link; the rep's own menu, and one made on the device, change", () => {
    const newMenu = randomUUID();
    const [ownersLink, repsLink, newLink] = [randomUUID(), randomUUID(), randomUUID()];
    const view = viewAs(
      'rep',
      { name: 'menu.update', args: { id: ownersMenu.id, changes: { name: 'Clearance', productIds: [] } } },
      { name: 'menu.regenerateLink', args: { id: ownersMenu.id, publicLinkId: ownersLink } },
      { name: 'menu.delete', args: { id: ownersMenu.id } },
      { name: 'menu.update', args: { id: repsMenu.id, changes: { name: 'Trade show, day 2' } } },
      { name: 'menu.regenerateLink', args: { id: repsMenu.id, publicLinkId: repsLink } },
      { name: 'menu.create', args: { id: newMenu, publicLinkId: randomUUID(), name: 'Offline menu', productIds: [] } },
      { name: 'menu.regenerateLink', args: { id: newMenu, publicLinkId: newLink } },
    );
    expect(view.menus.get(ownersMenu.id)).toEqual(ownersMenu);
    expect(view.menus.get(repsMenu.id)).toMatchObject({ name: 'Trade show, day 2', publicLinkId: repsLink });
    expect(view.menus.get(newMenu)?.publicLinkId).toBe(newLink);
  });
});

describe('other roles', () => {
  const everything: Mutation[] = [
    { name: 'product.update', args: { id: gelato.id, changes: { pricePerUnit: '1.00' } } },
    { name: 'menu.update', args: { id: ownersMenu.id, changes: { name: 'Clearance' } } },
    { name: 'product.create', args: { id: '10000000-0000-4000-8000-00000000000a', strainName: 'Cheap Haze', pricePerUnit: '1.00', selectedMenus: [ownersMenu.id] } },
  ];

  it('a manager sees every change at once, and so does a device that does not know the role yet', () => {
    for (const role of ['manager', null] as const) {
      const view = viewAs(role, ...everything);
      expect(view.products.get(gelato.id)?.pricePerUnit, String(role)).toBe('1.00');
      expect(view.menus.get(ownersMenu.id), String(role)).toMatchObject({ name: 'Clearance', productIds: [gelato.id, '10000000-0000-4000-8000-00000000000a'] });
    }
  });
});
