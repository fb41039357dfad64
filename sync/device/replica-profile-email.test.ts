/** The device's optimistic view of 'profile.update': a new email waits for its confirmation, and a password sent with it is never kept. */
import { describe, expect, it } from 'vitest';
import { applyMutation } from './replica';
import type { ReplicaState } from './replica-state';
import { userFixture } from '../testing/entity-fixtures';

const now = '2025-02-01T12:00:00.000Z';

function stateOf(email: string): ReplicaState {
  return {
    user: userFixture({ email }),
    products: new Map(),
    menus: new Map(),
    savedMenus: new Map(),
    inquiries: new Map(),
    customers: new Map(),
    priceLists: new Map(),
    orders: new Map(),
  };
}

describe("applyMutation: 'profile.update'", () => {
  it('shows the other fields at once but keeps the current email, and keeps no password', () => {
    const state = stateOf('owner@test.example');
    const before = state.user!;
    applyMutation(state, { name: 'profile.update', args: { email: 'new@test.example', currentPassword: 'secret-pass', city: 'Denver' } }, { userId: before.id, now });
    expect(state.user).toEqual({ ...before, city: 'Denver', updatedAt: now });
    expect(JSON.stringify(state.user)).not.toContain('secret-pass');
  });
});
