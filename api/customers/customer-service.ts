/** A seller team's customer book: every customer write goes through here, from REST routes and sync alike. */
import { randomUUID } from 'node:crypto';
import { customerCreateSchema, customerUpdateSchema, type Customer } from '../../sync/entities/customer';
import type { User } from '../../sync/entities/user';
import { AppError, type FieldErrors } from '../../sync/errors';
import { can, CUSTOMER_TERMS_FIELDS, REP_CUSTOMER_DELETE_MESSAGE, REP_CUSTOMER_TERMS_MESSAGE, seesCustomer } from '../../sync/team-permissions';
import { parseOrThrow } from '../../sync/validation';
import { assertSellerMayWrite } from '../billing/entitlement-gate';
import type { Member, Services } from '../context';
import type { Db, Tx } from '../db/database';
import {
  deleteCustomer as deleteCustomerRow,
  findCustomerOfBuyerTeam,
  findCustomerOfSeller,
  insertCustomer,
  linkCustomersByEmail,
  listCustomersByOwner,
  moveBuyerTeam,
  updateCustomer as updateCustomerRow,
  type CustomerFields,
} from '../db/repositories/customers';
import { touchSavedCopiesOfBuyers } from '../db/repositories/buyer-prices';
import { findPriceList } from '../db/repositories/price-lists';
import { findMembership, findTeam } from '../db/repositories/teams';
import { findCredentialsByEmail } from '../db/repositories/users';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const UNKNOWN_PRICE_LIST = 'Choose one of your price lists';
export const UNKNOWN_REP = 'Choose a member of your team';

/** A rep's view of the book is the customers assigned to them; undefined, the whole book. */
export const repFilter = (by: Member): string | undefined => (can(by.role, 'customers.manage') ? undefined : by.userId);

export function listCustomers(services: Services, seller: User, by: Member): Promise<Customer[]> {
  return listCustomersByOwner(services.db.read, seller.id, repFilter(by));
}

/** The customer, when it is in the team's book and the member may see it; anything else is "not found", so ids reveal nothing. */
async function visibleCustomer(db: Db, seller: User, id: string, by: Member): Promise<Customer> {
  const customer = await findCustomerOfSeller(db, seller.id, id);
  if (!customer || !seesCustomer(by.role, by.userId, customer.repUserId)) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  return customer;
}

/** A customer's price list must be one of the team's, its rep a member of the team. */
async function assertReferences(db: Db, seller: User, fields: Partial<Pick<CustomerFields, 'priceListId' | 'repUserId'>>): Promise<void> {
  const errors: FieldErrors = {};
  if (fields.priceListId) {
    const list = await findPriceList(db, fields.priceListId);
    if (!list || list.userId !== seller.id) errors.priceListId = UNKNOWN_PRICE_LIST;
  }
  if (fields.repUserId) {
    const membership = await findMembership(db, fields.repUserId);
    if (membership?.teamId !== seller.id) errors.repUserId = UNKNOWN_REP;
  }
  const [first] = Object.values(errors);
  if (first) throw new AppError('validation', first, errors);
}

/** The buyer team that has an account with this email, when the book has no entry for that team yet. */
async function buyerTeamToLink(db: Db, sellerId: string, email: string | null): Promise<string | null> {
  if (!email) return null;
  const account = (await findCredentialsByEmail(db, email))?.user;
  if (account?.role !== 'buyer') return null;
  const teamId = (await findMembership(db, account.id))?.teamId ?? account.id;
  return (await findCustomerOfBuyerTeam(db, sellerId, teamId)) ? null : teamId;
}

/** A REST body without an id gets one: a device makes its own, so its offline creation keeps its id. */
export function withNewId(input: unknown): unknown {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && !('id' in input) ? { ...input, id: randomUUID() } : input;
}

/** A rep adds customers for themselves: assigned to them, on the default terms. */
export async function createCustomer(services: Services, seller: User, input: unknown, by: Member): Promise<Customer> {
  const { id, ...fields } = parseOrThrow(customerCreateSchema, input);
  assertSellerMayWrite(seller, services.now());
  const manages = can(by.role, 'customers.manage');
  if (!manages && (fields.paymentTerms !== 'cod' || fields.priceListId !== null || fields.holdWhenOverdue || (fields.repUserId !== null && fields.repUserId !== by.userId))) {
    throw new AppError('forbidden', REP_CUSTOMER_TERMS_MESSAGE);
  }
  const repUserId = manages ? fields.repUserId : by.userId;
  return services.db.transaction(async (tx) => {
    await assertReferences(tx.db, seller, { ...fields, repUserId });
    const buyerTeamId = await buyerTeamToLink(tx.db, seller.id, fields.email);
    const customer = await insertCustomer(tx.db, { ...fields, repUserId, id, userId: seller.id, buyerTeamId, createdBy: by.userId }, tx.version, services.now());
    if (!customer) throw new AppError('conflict', 'A customer with this id already exists');
    if (customer.priceListId) await touchSavedCopiesOfBuyers(tx, seller.id, buyerTeams(customer));
    return customer;
  });
}

/** A rep may change a customer's name, email, licence and tags, not what they pay nor who looks after them. */
export async function updateCustomer(services: Services, seller: User, id: string, input: unknown, by: Member): Promise<Customer> {
  const fields = parseOrThrow(customerUpdateSchema, input);
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const current = await visibleCustomer(tx.db, seller, id, by);
    const changesTerms = CUSTOMER_TERMS_FIELDS.some((field) => fields[field] !== undefined && fields[field] !== current[field]);
    if (changesTerms && !can(by.role, 'customers.manage')) throw new AppError('forbidden', REP_CUSTOMER_TERMS_MESSAGE);
    await assertReferences(tx.db, seller, fields);
    // An unlinked entry whose email now names a buyer's account is linked to that buyer's team.
    const buyerTeamId = current.buyerTeamId === null && fields.email !== undefined ? await buyerTeamToLink(tx.db, seller.id, fields.email) : null;
    const updated = await updateCustomerRow(tx.db, id, { ...definedFields(fields), ...(buyerTeamId && { buyerTeamId }) }, by.userId, tx.version, services.now());
    // The buyer who had the list and the one who has it now both see other prices on their saved copies.
    if (updated.priceListId !== current.priceListId || updated.buyerTeamId !== current.buyerTeamId) {
      await touchSavedCopiesOfBuyers(tx, seller.id, buyerTeams(current, updated));
    }
    return updated;
  });
}

export async function deleteCustomer(services: Services, seller: User, id: string, by: Member): Promise<void> {
  await services.db.transaction(async (tx) => {
    const customer = await visibleCustomer(tx.db, seller, id, by);
    if (!can(by.role, 'customers.manage')) throw new AppError('forbidden', REP_CUSTOMER_DELETE_MESSAGE);
    await deleteCustomerRow(tx.db, id);
    // Without the entry the buyer falls back to list prices.
    if (customer.priceListId) await touchSavedCopiesOfBuyers(tx, seller.id, buyerTeams(customer));
  });
}

/** The buyer teams these customer entries are linked to. */
const buyerTeams = (...entries: Customer[]): string[] => [...new Set(entries.flatMap((entry) => (entry.buyerTeamId ? [entry.buyerTeamId] : [])))];

function definedFields<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/**
 * A buyer team that saved one of the seller's menus, wrote to the seller or ordered is in the seller's book: linked to
 * an entry added by the buyer's email, or added as a new one. Runs in the caller's transaction; answers the team's
 * entry, or null when the buyer is the seller's own team.
 */
export async function addBuyerAsCustomer(tx: Tx, sellerId: string, buyer: User, now: Date): Promise<Customer | null> {
  const buyerTeamId = (await findMembership(tx.db, buyer.id))?.teamId ?? buyer.id;
  if (buyerTeamId === sellerId) return null;
  const existing = await findCustomerOfBuyerTeam(tx.db, sellerId, buyerTeamId);
  if (existing) return existing;
  const email = buyer.email.toLowerCase();
  await restampBooks(tx, await linkCustomersByEmail(tx.db, email, buyerTeamId, tx.version, now, sellerId), [buyerTeamId]);
  const linked = await findCustomerOfBuyerTeam(tx.db, sellerId, buyerTeamId);
  if (linked) return linked;
  // The business name as the buyer's profile says it now (the team's own name was taken at registration).
  const name = buyer.businessName?.trim() || buyer.companyName?.trim() || (await findTeam(tx.db, buyerTeamId))?.name || email;
  const added = await insertCustomer(
    tx.db,
    {
      id: randomUUID(),
      userId: sellerId,
      buyerTeamId,
      name,
      email,
      licenseNumber: buyer.licenseNumber?.trim() || null,
      paymentTerms: 'cod',
      priceListId: null,
      repUserId: null,
      holdWhenOverdue: false,
      tags: [],
      createdBy: null,
    },
    tx.version,
    now,
  );
  return added ?? findCustomerOfBuyerTeam(tx.db, sellerId, buyerTeamId);
}

/** Where a buyer team is newly linked to (or unlinked from) an entry with a price list, its saved copies of that seller's menus are priced anew. */
async function restampBooks(tx: Tx, sellerIds: string[], buyerTeamIds: string[]): Promise<void> {
  for (const sellerId of sellerIds) await touchSavedCopiesOfBuyers(tx, sellerId, buyerTeamIds);
}

/** A buyer who has just made their account is linked to every book that added them by email (a new account has no saved copies to price anew). */
export async function linkNewBuyer(tx: Tx, buyer: User, now: Date): Promise<void> {
  if (buyer.role === 'buyer') await linkCustomersByEmail(tx.db, buyer.email, buyer.id, tx.version, now);
}

/** A person joining a buyer team brings the books' entries of their own account to it, and links those that added them by email. */
export async function linkJoiningBuyer(tx: Tx, person: User, teamId: string, now: Date): Promise<void> {
  await restampBooks(tx, await moveBuyerTeam(tx.db, person.id, teamId, tx.version, now), [person.id, teamId]);
  await restampBooks(tx, await linkCustomersByEmail(tx.db, person.email, teamId, tx.version, now), [teamId]);
}
