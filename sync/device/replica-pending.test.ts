/** The replica with pending changes on top: the server's state is left as it was, and only what a change looks at is copied. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES } from '../contract/collections';
import { menuFixture } from '../testing/entity-fixtures';
import { withPending } from './replica';
import type { ReplicaState } from './replica-state';

const userId = randomUUID();
const now = '2025-02-01T12:00:00.000Z';

const fallMenu = menuFixture({ userId, name: 'Fall menu' });

function serverState(): ReplicaState {
  const empty = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, new Map()]));
  return { ...empty, user: null, menus: new Map([[fallMenu.id, fallMenu]]) } as ReplicaState;
}

describe('withPending', () => {
  it('shows a pending rename while the server’s state keeps the old name', () => {
    const base = serverState();
    const view = withPending(base, [{ name: 'menu.update', args: { id: fallMenu.id, changes: { name: 'Winter menu' } } }], { userId, now });
    expect(view.menus.get(fallMenu.id)?.name).toBe('Winter menu');
    expect(base.menus.get(fallMenu.id)?.name).toBe('Fall menu');
  });

  it('copies only the collections a pending change looks at: the others are the server’s own', () => {
    const base = serverState();
    const view = withPending(base, [{ name: 'menu.update', args: { id: fallMenu.id, changes: { name: 'Winter menu' } } }], { userId, now });
    expect(view.menus).not.toBe(base.menus);
    for (const name of COLLECTION_NAMES.filter((collection) => collection !== 'menus')) expect(view[name]).toBe(base[name]);
  });

  it('is the server’s state itself when nothing is pending', () => {
    const base = serverState();
    expect(withPending(base, [], { userId, now })).toBe(base);
  });
});
