/** The device's optimistic view of 'menu.regenerateLink': the new link shows at once, before any sync. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Menu } from '../entities/menu';
import { menuFixture } from '../testing/entity-fixtures';
import { applyMutation, withPending } from './replica';
import type { ReplicaState } from './replica-state';

const userId = randomUUID();
const created = '2025-01-01T00:00:00.000Z';
const now = '2025-02-01T12:00:00.000Z';

const menu = (overrides: Partial<Menu> = {}): Menu =>
  menuFixture({ id: randomUUID(), userId, publicLinkId: randomUUID(), productIds: [randomUUID(), randomUUID()], createdAt: created, updatedAt: created, ...overrides });

function stateWith(...menus: Menu[]): ReplicaState {
  return {
    user: null,
    products: new Map(),
    menus: new Map(menus.map((m) => [m.id, m])),
    savedMenus: new Map(),
    inquiries: new Map(),
    customers: new Map(),
    priceLists: new Map(),
    orders: new Map(),
  };
}

describe("applyMutation: 'menu.regenerateLink'", () => {
  it('gives the menu the new link and a new updatedAt, leaving every other field as it was', () => {
    const original = menu();
    const state = stateWith(original);
    const publicLinkId = randomUUID();
    applyMutation(state, { name: 'menu.regenerateLink', args: { id: original.id, publicLinkId } }, { userId, now });
    expect(state.menus.get(original.id)).toEqual({ ...original, publicLinkId, updatedAt: now });
  });

  it('changes nothing for a menu the device does not have, or for malformed arguments', () => {
    const original = menu();
    const state = stateWith(original);
    applyMutation(state, { name: 'menu.regenerateLink', args: { id: randomUUID(), publicLinkId: randomUUID() } }, { userId, now });
    applyMutation(state, { name: 'menu.regenerateLink', args: { id: original.id, publicLinkId: 'not-a-uuid' } }, { userId, now });
    expect([...state.menus.values()]).toEqual([original]);
  });

  it('on top of pending changes: a menu created and relinked offline shows the last link, and the base is untouched', () => {
    const base = stateWith();
    const id = randomUUID();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    const view = withPending(
      base,
      [
        { name: 'menu.create', args: { id, publicLinkId: first, name: 'Offline menu', productIds: [] } },
        { name: 'menu.regenerateLink', args: { id, publicLinkId: second } },
        { name: 'menu.update', args: { id, changes: { name: 'Renamed' } } },
        { name: 'menu.regenerateLink', args: { id, publicLinkId: third } },
      ],
      { userId, now },
    );
    expect(view.menus.get(id)).toMatchObject({ id, name: 'Renamed', publicLinkId: third, isPublic: false });
    expect(base.menus.size).toBe(0);
  });

  it('a deleted menu stays deleted', () => {
    const original = menu();
    const view = withPending(
      stateWith(original),
      [
        { name: 'menu.delete', args: { id: original.id } },
        { name: 'menu.regenerateLink', args: { id: original.id, publicLinkId: randomUUID() } },
      ],
      { userId, now },
    );
    expect(view.menus.has(original.id)).toBe(false);
  });
});
