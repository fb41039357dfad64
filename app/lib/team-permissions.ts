/**
 * What a member's role lets them do, as the screens show it: controls a role
 * cannot use are hidden or disabled with the reason, while the server
 * enforces the same rules. An unknown role (no team read yet, or an account
 * from before teams) hides nothing: the server still refuses what it must.
 */
import type { Team, TeamKind, TeamMember, TeamRole } from '../../sync/entities/team';
import { can, mayDelete as mayDeleteRow, mayEditMenu as mayEditMenuRow, rolesOf } from '../../sync/rules/team-permissions';

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', manager: 'Manager', rep: 'Rep' };

export type TeamAllowances = {
  /** Price and stock in the product form and on the product's card. */
  changePricesAndStock: boolean;
  /** Deleting products and menus another member made. */
  deleteOthersWork: boolean;
  /** The plan, invoices and payment. */
  seeBilling: boolean;
  /** Inviting, resending and revoking invitations, removing members. */
  manageMembers: boolean;
  /** Changing a member's role and handing ownership over. */
  changeRoles: boolean;
  /** Every customer of the book; setting a customer's terms, price list, rep and hold; deleting and importing customers. */
  manageCustomers: boolean;
  /** Making, changing and deleting price lists, and binding one to a menu. */
  editPriceLists: boolean;
  /** The insights of menus another member made (a rep sees those of their own menus). */
  seeTeamInsights: boolean;
  /** The business profile (name, licence, contact, address, menu brand) that every member and the public menus show. */
  editBusiness: boolean;
  /** Connecting the team to other systems (Metrc) and disconnecting it. */
  manageIntegrations: boolean;
};

const EVERYTHING: TeamAllowances = {
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
};

/** The screens' reading of the one rule in sync/rules/team-permissions.ts, that the server enforces. */
export function teamAllowances(role: TeamRole | null): TeamAllowances {
  if (!role) return EVERYTHING;
  return {
    changePricesAndStock: can(role, 'product.priceAndStock'),
    deleteOthersWork: can(role, 'deleteOthersWork'),
    seeBilling: can(role, 'billing'),
    manageMembers: can(role, 'members.manage'),
    changeRoles: can(role, 'members.roles'),
    manageCustomers: can(role, 'customers.manage'),
    editPriceLists: can(role, 'priceLists.manage'),
    seeTeamInsights: can(role, 'insights.team'),
    editBusiness: can(role, 'business.edit'),
    manageIntegrations: can(role, 'integrations.manage'),
  };
}

/** Why a control is off, for its title. */
export const REFUSAL_REASONS = {
  pricesAndStock: 'Reps cannot change prices or stock; ask an owner or a manager.',
  newProductPriceAndStock: 'Reps do not set prices or stock: the new product has neither until an owner or a manager sets them.',
  deleteOthersWork: 'Reps can delete only what they made.',
  othersMenus: 'Reps change only the menus they made: ask an owner or a manager, or duplicate this menu to make one of your own.',
  othersMenuLink: "Only the menu's maker, an owner or a manager can give it a new link.",
  manageMembers: 'Only owners and managers manage the team.',
  changeRoles: 'Only an owner changes roles.',
  editBusiness: 'Only owners and managers change the business profile.',
} as const;

/** Whether `viewerId`, with `role`, may delete `row` (a row from before teams counts as made by the account that holds it). */
export function mayDelete(role: TeamRole | null, row: { userId: string; createdBy?: string | null }, viewerId: string): boolean {
  return !role || mayDeleteRow(role, viewerId, row.createdBy || row.userId);
}

/** Whether `viewerId`, with `role`, may change `menu` and give it a new link (a menu made on this device and not pulled yet is theirs). */
export function mayEditMenu(role: TeamRole | null, menu: { userId: string; createdBy?: string | null }, viewerId: string): boolean {
  return !role || mayEditMenuRow(role, viewerId, menu.createdBy || menu.userId);
}

/** The roles an invitation may offer: reps exist on seller teams only, and only an owner makes another owner. */
export function inviteRoleOptions(kind: TeamKind, viewerRole: TeamRole | null): TeamRole[] {
  const roles: TeamRole[] = kind === 'seller' ? ['rep', 'manager'] : ['manager'];
  return viewerRole === 'owner' ? [...roles, 'owner'] : roles;
}

/** The roles a member of a team of `kind` may hold. */
export const memberRoleOptions = rolesOf;

function ownerCount(members: readonly TeamMember[]): number {
  return members.filter((member) => member.role === 'owner').length;
}

/** Whether the last owner is `member`: a team always keeps one, so they can be neither removed nor made anything else. */
export function isLastOwner(member: TeamMember, members: readonly TeamMember[]): boolean {
  return member.role === 'owner' && ownerCount(members) === 1;
}

/** Remove: owners and managers, never the last owner; a manager removes no owner. */
export function mayRemove(viewerRole: TeamRole | null, member: TeamMember, members: readonly TeamMember[]): boolean {
  if (!teamAllowances(viewerRole).manageMembers || isLastOwner(member, members)) return false;
  return viewerRole === 'owner' || member.role !== 'owner';
}

/** Make owner: an owner hands ownership over to another member who is not one yet. */
export function mayHandOver(viewerRole: TeamRole | null, member: TeamMember, viewerId: string): boolean {
  return viewerRole === 'owner' && member.role !== 'owner' && member.userId !== viewerId;
}

/** The signed-in person's role in `team`, or null when they are not listed in it. */
export function roleIn(team: Pick<Team, 'members'>, userId: string): TeamRole | null {
  return team.members.find((member) => member.userId === userId)?.role ?? null;
}
