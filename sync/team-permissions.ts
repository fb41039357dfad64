/**
 * What each role of a team may do: the one rule the server enforces for REST and sync alike, and the screens read to
 * hide what a role cannot do. Pure: the caller says who acts and, for ownership rules, who made the row.
 */
import type { TeamKind, TeamRole } from './entities/team';

export type TeamAction =
  /** See the subscription, start it, open the billing portal. */
  | 'billing'
  /** Invite, resend, revoke, remove members. */
  | 'members.manage'
  /** Change a member's role, hand ownership over. */
  | 'members.roles'
  /** Change a product's price or stock. */
  | 'product.priceAndStock'
  /** Delete a product or a menu someone else made. */
  | 'deleteOthersWork';

const ALLOWED: Record<TeamRole, readonly TeamAction[]> = {
  owner: ['billing', 'members.manage', 'members.roles', 'product.priceAndStock', 'deleteOthersWork'],
  manager: ['members.manage', 'product.priceAndStock', 'deleteOthersWork'],
  rep: [],
};

export function can(role: TeamRole, action: TeamAction): boolean {
  return ALLOWED[role].includes(action);
}

/** A rep may delete only what they made themselves; owners and managers anything of the team's. */
export function mayDelete(role: TeamRole, actorId: string, createdBy: string | null): boolean {
  return can(role, 'deleteOthersWork') || createdBy === actorId;
}

/** A rep handles only the orders of the customers assigned to them; owners and managers every order of the team. */
export function mayHandleCustomer(role: TeamRole, actorId: string, repUserId: string | null): boolean {
  return role !== 'rep' || repUserId === actorId;
}

/** The roles a team of this kind has: a buyer team has no reps. */
export function rolesOf(kind: TeamKind): TeamRole[] {
  return kind === 'seller' ? ['owner', 'manager', 'rep'] : ['owner', 'manager'];
}

/** The product fields that set its price or its stock: a rep's change touching one of them is refused. */
export const PRICE_AND_STOCK_FIELDS = ['pricePerUnit', 'availableQuantity'] as const;

export const REP_PRICE_MESSAGE = 'A rep cannot change prices or stock: ask an owner or a manager';
export const REP_DELETE_MESSAGE = 'A rep can delete only what they added themselves';
export const NOT_OWNER_MESSAGE = 'Only an owner of the team can do this';
export const NOT_MANAGER_MESSAGE = 'Only an owner or a manager of the team can do this';
