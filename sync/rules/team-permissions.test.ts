import { describe, expect, it } from 'vitest';
import type { TeamRole } from '../entities/team';
import { handsOverCustomers, hearsOf } from './team-permissions';

describe('who hears of a team business', () => {
  const team = 'team-1';
  const member = (role: TeamRole, teamId = team) => ({ teamId, role });

  it("is a current member of that team: not someone removed (now in a team of their own), nor a team's stranger", () => {
    expect(hearsOf(member('rep'), 'rita', { teamId: team })).toBe(true);
    expect(hearsOf(member('owner', 'rita'), 'rita', { teamId: team })).toBe(false);
    expect(hearsOf(null, 'rita', { teamId: team })).toBe(false);
  });

  it("of one customer's business: owners and managers, and of the reps only that customer's", () => {
    const heard = (role: TeamRole, userId: string, customerRep: string | null) => hearsOf(member(role), userId, { teamId: team, customerRep });
    expect([heard('owner', 'olivia', 'rita'), heard('manager', 'max', null), heard('rep', 'rita', 'rita')]).toEqual([true, true, true]);
    expect([heard('rep', 'rita', 'ray'), heard('rep', 'rita', null)]).toEqual([false, false]);
  });
});

describe('a role change that hands customers over', () => {
  it('is one that takes the whole book away: an owner or a manager made a rep', () => {
    expect([handsOverCustomers('owner', 'rep'), handsOverCustomers('manager', 'rep')]).toEqual([true, true]);
    expect([handsOverCustomers('owner', 'manager'), handsOverCustomers('rep', 'manager'), handsOverCustomers('rep', 'rep')]).toEqual([false, false, false]);
  });
});
