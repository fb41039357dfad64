/**
 * What each role of a team may do: the one rule the server enforces for REST and sync alike, and the screens read to
 * hide what a role cannot do. Pure: the caller says who acts and, for ownership rules, who made the row.
 */
import { parseScaled, QUANTITY_RULE } from './decimal';
import type { TeamKind, TeamRole } from '../entities/team';

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
  | 'deleteOthersWork'
  /** Change a menu someone else made (its settings, its products, its link). */
  | 'menus.editOthers'
  /** See every customer of the book, set a customer's terms, price list, rep or hold, delete a customer. */
  | 'customers.manage'
  /** Create, edit and delete price lists, and choose the list a menu is priced by. */
  | 'priceLists.manage'
  /** Change the business profile (name, licence, contact, address, menu brand) every member and the public menus show. */
  | 'business.edit'
  /** See the insights (views, saves, requests) of every member's menus, not only of the menus one made. */
  | 'insights.team'
  /** Connect the team to other systems (Metrc) and disconnect it. */
  | 'integrations.manage';

/** What an owner may do that a manager may not: the plan, and who holds which role. */
const OWNER_ONLY: readonly TeamAction[] = ['billing', 'members.roles'];

const OWNER_ACTIONS: readonly TeamAction[] = [
  'billing',
  'members.manage',
  'members.roles',
  'product.priceAndStock',
  'deleteOthersWork',
  'menus.editOthers',
  'customers.manage',
  'priceLists.manage',
  'insights.team',
  'business.edit',
  'integrations.manage',
];

const ALLOWED: Record<TeamRole, readonly TeamAction[]> = {
  owner: OWNER_ACTIONS,
  manager: OWNER_ACTIONS.filter((action) => !OWNER_ONLY.includes(action)),
  rep: [],
};

export function can(role: TeamRole, action: TeamAction): boolean {
  return ALLOWED[role].includes(action);
}

/** A rep may delete only what they made themselves; owners and managers anything of the team's. */
export function mayDelete(role: TeamRole, actorId: string, createdBy: string | null): boolean {
  return can(role, 'deleteOthersWork') || createdBy === actorId;
}

/**
 * A rep changes only the menus they made (settings, products, a new link, which ends every buyer's old one); owners
 * and managers any menu of the team's. A menu whose maker is unknown (from before teams, or an account gone) counts as
 * someone else's.
 */
export function mayEditMenu(role: TeamRole, actorId: string, createdBy: string | null): boolean {
  return can(role, 'menus.editOthers') || createdBy === actorId;
}

/** Whether a new product's fields give it a price or stock: a rep's new product has neither until an owner or a manager sets them. */
export function setsPriceOrStock(fields: { pricePerUnit?: string | null; availableQuantity?: string | null }): boolean {
  if (fields.pricePerUnit != null && fields.pricePerUnit !== '') return true;
  if (fields.availableQuantity == null || fields.availableQuantity === '') return false;
  const stock = parseScaled(fields.availableQuantity, QUANTITY_RULE);
  return !stock.ok || stock.scaled !== 0;
}

/** A rep handles only the orders of the customers assigned to them; owners and managers every order of the team. */
export function mayHandleCustomer(role: TeamRole, actorId: string, repUserId: string | null): boolean {
  return role !== 'rep' || repUserId === actorId;
}

/**
 * A member made a rep loses the whole book: their customers are handed over in the same change (left unassigned, or
 * reassigned as the owner chooses), as when a member is removed or leaves.
 */
export function handsOverCustomers(from: TeamRole, to: TeamRole): boolean {
  return can(from, 'customers.manage') && !can(to, 'customers.manage');
}

/**
 * Who hears of a team's business by email or push, when it is queued and again when it is sent: a current member of
 * that team; of one customer's business (an order, an order request: `customerRep` set, null for nobody) only a member
 * who may handle that customer, as only they see it.
 */
export function hearsOf(member: { teamId: string; role: TeamRole } | null, userId: string, news: { teamId: string; customerRep?: string | null }): boolean {
  if (member?.teamId !== news.teamId) return false;
  return news.customerRep === undefined || mayHandleCustomer(member.role, userId, news.customerRep);
}

/** The roles a team of this kind has: a buyer team has no reps. */
export function rolesOf(kind: TeamKind): TeamRole[] {
  return kind === 'seller' ? ['owner', 'manager', 'rep'] : ['owner', 'manager'];
}

/** The product fields that set its price or its stock: a rep's change touching one of them is refused. */
export const PRICE_AND_STOCK_FIELDS = ['pricePerUnit', 'availableQuantity'] as const;

/** The customer fields that set what a customer pays and who looks after them: a rep's change touching one of them is refused. */
export const CUSTOMER_TERMS_FIELDS = ['paymentTerms', 'priceListId', 'repUserId', 'holdWhenOverdue'] as const;

/** A rep sees and edits only the customers assigned to them; owners and managers every customer of the book. */
export function seesCustomer(role: TeamRole, actorId: string, repUserId: string | null): boolean {
  return can(role, 'customers.manage') || repUserId === actorId;
}

export const REP_CUSTOMER_TERMS_MESSAGE = "A rep cannot change a customer's terms, price list, rep or hold: ask an owner or a manager";
export const REP_CUSTOMER_DELETE_MESSAGE = 'A rep cannot delete customers: ask an owner or a manager';
export const REP_PRICE_LIST_MESSAGE = 'A rep cannot change price lists or the list a menu is priced by: ask an owner or a manager';
export const REP_PRICE_MESSAGE = 'A rep cannot change prices or stock: ask an owner or a manager';
export const REP_DELETE_MESSAGE = 'A rep can delete only what they added themselves';
export const REP_NEW_PRODUCT_PRICE_MESSAGE = "A rep's new product has no price or stock: leave them empty, an owner or a manager sets them";
export const REP_MENU_MESSAGE = 'A rep can change only the menus they made: ask an owner or a manager, or duplicate the menu';
export const REP_LINK_MESSAGE = "Only the menu's maker, an owner or a manager can give it a new link";
export const BUSINESS_PROFILE_MESSAGE = "Only an owner or a manager can change the business's profile";
export const NOT_OWNER_MESSAGE = 'Only an owner of the team can do this';
export const NOT_MANAGER_MESSAGE = 'Only an owner or a manager of the team can do this';
export const INTEGRATIONS_MESSAGE = "Only an owner or a manager can connect the team's other systems";
