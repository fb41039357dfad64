import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../sync/entities/team';
import { inviteRoleOptions, isLastOwner, mayDelete, mayEditMenu, mayHandOver, mayRemove, memberRoleOptions, roleIn, teamAllowances } from './team-permissions';
import { teamRoleOfUser } from './team-role';

const OWNER: TeamMember = { userId: 'u-owner', email: 'owner@north.test', name: 'Olivia', role: 'owner' };
const MANAGER: TeamMember = { userId: 'u-manager', email: 'manager@north.test', name: 'Marcus', role: 'manager' };
const REP: TeamMember = { userId: 'u-rep', email: 'rep@north.test', name: 'Rita', role: 'rep' };
const TEAM = [OWNER, MANAGER, REP];

describe('what each role may do on the screens', () => {
  it('lets an owner do everything', () => {
    expect(teamAllowances('owner')).toEqual({
      changePricesAndStock: true,
      deleteOthersWork: true,
      seeBilling: true,
      manageMembers: true,
      changeRoles: true,
      manageCustomers: true,
      editPriceLists: true,
      seeTeamInsights: true,
      editBusiness: true,
      manageIntegrations: true,
    });
  });

  it('keeps billing and roles from a manager', () => {
    expect(teamAllowances('manager')).toEqual({
      changePricesAndStock: true,
      deleteOthersWork: true,
      seeBilling: false,
      manageMembers: true,
      changeRoles: false,
      manageCustomers: true,
      editPriceLists: true,
      seeTeamInsights: true,
      editBusiness: true,
      manageIntegrations: true,
    });
  });

  it('keeps prices, stock, others’ work, billing, the team, customer terms, price lists, others’ insights and the team’s other systems from a rep', () => {
    expect(teamAllowances('rep')).toEqual({
      changePricesAndStock: false,
      deleteOthersWork: false,
      seeBilling: false,
      manageMembers: false,
      changeRoles: false,
      manageCustomers: false,
      editPriceLists: false,
      seeTeamInsights: false,
      editBusiness: false,
      manageIntegrations: false,
    });
  });

  it('hides nothing while the role is unknown: the server decides', () => {
    expect(teamAllowances(null)).toEqual(teamAllowances('owner'));
  });

  it('lets a rep delete what they made and nothing else; others delete anything', () => {
    const theirs = { userId: 'u-owner', createdBy: 'u-rep' };
    const ownersOwn = { userId: 'u-owner', createdBy: 'u-owner' };
    expect(mayDelete('rep', theirs, 'u-rep')).toBe(true);
    expect(mayDelete('rep', ownersOwn, 'u-rep')).toBe(false);
    expect(mayDelete('manager', ownersOwn, 'u-manager')).toBe(true);
  });

  it('takes the holding account as the maker of a row that does not record one', () => {
    expect(mayDelete('rep', { userId: 'u-owner' }, 'u-rep')).toBe(false);
    expect(mayDelete('rep', { userId: 'u-owner', createdBy: 'u-rep' }, 'u-rep')).toBe(true);
    expect(mayDelete('rep', { userId: 'u-owner', createdBy: 'u-manager' }, 'u-rep')).toBe(false);
  });

  it('lets a rep change and relink only the menus they made, one made on their device included; others any menu', () => {
    expect(mayEditMenu('rep', { userId: 'u-owner', createdBy: 'u-rep' }, 'u-rep')).toBe(true);
    expect(mayEditMenu('rep', { userId: 'u-rep' }, 'u-rep')).toBe(true);
    expect(mayEditMenu('rep', { userId: 'u-owner', createdBy: 'u-manager' }, 'u-rep')).toBe(false);
    expect(mayEditMenu('rep', { userId: 'u-owner', createdBy: null }, 'u-rep')).toBe(false);
    expect(mayEditMenu('manager', { userId: 'u-owner', createdBy: 'u-owner' }, 'u-manager')).toBe(true);
    expect(mayEditMenu(null, { userId: 'u-owner', createdBy: 'u-owner' }, 'u-rep')).toBe(true);
  });
});

describe('the roles an invitation offers', () => {
  it('offers a seller team reps and managers, and owners to an owner', () => {
    expect(inviteRoleOptions('seller', 'manager')).toEqual(['rep', 'manager']);
    expect(inviteRoleOptions('seller', 'owner')).toEqual(['rep', 'manager', 'owner']);
  });

  it('offers a buyer team managers, and owners to an owner, never reps', () => {
    expect(inviteRoleOptions('buyer', 'manager')).toEqual(['manager']);
    expect(inviteRoleOptions('buyer', 'owner')).toEqual(['manager', 'owner']);
  });

  it('lists the roles a member may hold per kind of team', () => {
    expect(memberRoleOptions('seller')).toEqual(['owner', 'manager', 'rep']);
    expect(memberRoleOptions('buyer')).toEqual(['owner', 'manager']);
  });
});

describe('managing members', () => {
  it('never removes the last owner, but an owner among two may go', () => {
    expect(isLastOwner(OWNER, TEAM)).toBe(true);
    expect(mayRemove('owner', OWNER, TEAM)).toBe(false);
    const coOwner: TeamMember = { ...MANAGER, role: 'owner' };
    expect(mayRemove('owner', OWNER, [OWNER, coOwner])).toBe(true);
  });

  it('lets a manager remove reps and managers but no owner, and a rep remove no one', () => {
    expect(mayRemove('manager', REP, TEAM)).toBe(true);
    expect(mayRemove('manager', { ...REP, role: 'owner' }, [...TEAM, { ...REP, role: 'owner' }])).toBe(false);
    expect(mayRemove('rep', MANAGER, TEAM)).toBe(false);
  });

  it('lets only an owner hand ownership over, to someone not yet an owner', () => {
    expect(mayHandOver('owner', REP, OWNER.userId)).toBe(true);
    expect(mayHandOver('owner', OWNER, OWNER.userId)).toBe(false);
    expect(mayHandOver('manager', REP, MANAGER.userId)).toBe(false);
  });
});

describe("the signed-in person's role", () => {
  it('is their row in the team, or none when they are not listed', () => {
    expect(roleIn({ members: TEAM }, 'u-rep')).toBe('rep');
    expect(roleIn({ members: TEAM }, 'u-stranger')).toBeNull();
  });

  it("prefers a role the session's user carries, and ignores one it does not know", () => {
    expect(teamRoleOfUser({ id: 'u-rep', teamRole: 'rep' })).toBe('rep');
    expect(teamRoleOfUser({ id: 'u-rep', teamRole: 'captain' })).toBeNull();
    expect(teamRoleOfUser({ id: 'u-rep' })).toBeNull();
    expect(teamRoleOfUser(null)).toBeNull();
  });
});
