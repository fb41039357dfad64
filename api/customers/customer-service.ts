/** A seller team's customer book: every customer write goes through here, from REST routes and sync alike. */
import { randomUUID } from 'node:crypto';
import type { customerCreateSchema, customerUpdateSchema } from '../../sync/entities/customer';
import { type Customer } from '../../sync/entities/customer';
import type { User } from '../../sync/entities/user';
import { AppError, type FieldErrors } from '../../sync/contract/errors';
import { can, CUSTOMER_TERMS_FIELDS, REP_CUSTOMER_DELETE_MESSAGE, REP_CUSTOMER_TERMS_MESSAGE, seesCustomer } from '../../sync/rules/team-permissions';
import type { z } from 'zod';
import { assertSellerMayWrite } from '../billing/entitlement-gate';
import type { Member, Services } from '../context';
import type { Db } from '../db/database';
import {
  deleteCustomer as deleteCustomerRow,
  findCustomerLinkFacts,
  findCustomerOfSeller,
  insertCustomer,
  listCustomersByOwner,
  updateCustomer as updateCustomerRow,
  type CustomerFields,
} from '../db/repositories/customers';
import { touchSavedCopiesOfBuyers } from '../db/repositories/buyer-prices';
import { findPriceList } from '../db/repositories/price-lists';
import { findMembership } from '../db/repositories/teams';
import { confirmedBuyerTeam } from './buyer-links';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const UNKNOWN_PRICE_LIST = 'Choose one of your price lists';
export const UNKNOWN_REP = 'Choose a member of your team';

/** A rep's view of the book is the customers assigned to them; undefined, the whole book. */
export const repFilter = (by: Member): string | undefined => (can(by.role, 'customers.manage') ? undefined : by.userId);

export function listCustomers(services: Services, seller: User, by: Member): Promise<Customer[]> {
  return listCustomersByOwner(services.db.read, seller.id, repFilter(by));
}

/** The customer, when it is in the team's book and the member may see it; anything else is "not found", so ids reveal nothing. */
export async function visibleCustomer(db: Db, seller: User, id: string, by: Member): Promise<Customer> {
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

/** A REST body without an id gets one: a device makes its own, so its offline creation keeps its id. */
export function withNewId(input: unknown): unknown {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && !('id' in input) ? { ...input, id: randomUUID() } : input;
}

/** A rep adds customers for themselves: assigned to them, on the default terms. */
export async function createCustomer(services: Services, seller: User, input: z.output<typeof customerCreateSchema>, by: Member): Promise<Customer> {
  const { id, ...fields } = input;
  assertSellerMayWrite(seller, services.now());
  const manages = can(by.role, 'customers.manage');
  if (!manages && (fields.paymentTerms !== 'cod' || fields.priceListId !== null || fields.holdWhenOverdue || (fields.repUserId !== null && fields.repUserId !== by.userId))) {
    throw new AppError('forbidden', REP_CUSTOMER_TERMS_MESSAGE);
  }
  const repUserId = manages ? fields.repUserId : by.userId;
  return services.db.transaction(async (tx) => {
    await assertReferences(tx.db, seller, { ...fields, repUserId });
    // A confirmed buyer's address links the entry for prices alone: the answer is the same whoever has the address.
    const buyerTeamId = await confirmedBuyerTeam(tx.db, seller.id, fields.email);
    const customer = await insertCustomer(
      tx.db,
      { ...fields, repUserId, id, userId: seller.id, buyerTeamId, buyerConsentAt: null, createdBy: by.userId },
      tx.version,
      services.now(),
    );
    if (!customer) throw new AppError('conflict', 'A customer with this id already exists');
    // The linked buyer's saved copies carry their prices and terms with this seller.
    if (buyerTeamId) await touchSavedCopiesOfBuyers(tx, seller.id, [buyerTeamId]);
    return customer;
  });
}

/** A rep may change a customer's name, email, licence and tags, not what they pay nor who looks after them. */
export async function updateCustomer(services: Services, seller: User, id: string, input: z.output<typeof customerUpdateSchema>, by: Member): Promise<Customer> {
  const fields = input;
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const current = await visibleCustomer(tx.db, seller, id, by);
    const changesTerms = CUSTOMER_TERMS_FIELDS.some((field) => fields[field] !== undefined && fields[field] !== current[field]);
    if (changesTerms && !can(by.role, 'customers.manage')) throw new AppError('forbidden', REP_CUSTOMER_TERMS_MESSAGE);
    await assertReferences(tx.db, seller, fields);
    const before = (await findCustomerLinkFacts(tx.db, id))!;
    // An entry the buyer has not consented to is linked by its email alone, so a new email prices whoever confirmed that one (or nobody).
    const relinks = before.buyerConsentAt === null && fields.email !== undefined && fields.email !== current.email;
    const buyerTeamId = relinks ? await confirmedBuyerTeam(tx.db, seller.id, fields.email ?? null) : before.buyerTeamId;
    const updated = await updateCustomerRow(tx.db, id, { ...definedFields(fields), ...(relinks && { buyerTeamId }) }, by.userId, tx.version, services.now());
    // The buyer who had the list and the one who has it now both see other prices (and terms) on their saved copies.
    if (updated.priceListId !== current.priceListId || updated.paymentTerms !== current.paymentTerms || buyerTeamId !== before.buyerTeamId) {
      await touchSavedCopiesOfBuyers(tx, seller.id, linkedTeams(before.buyerTeamId, buyerTeamId));
    }
    return updated;
  });
}

export async function deleteCustomer(services: Services, seller: User, id: string, by: Member): Promise<void> {
  await services.db.transaction(async (tx) => {
    const customer = await visibleCustomer(tx.db, seller, id, by);
    if (!can(by.role, 'customers.manage')) throw new AppError('forbidden', REP_CUSTOMER_DELETE_MESSAGE);
    const { buyerTeamId } = (await findCustomerLinkFacts(tx.db, id))!;
    await deleteCustomerRow(tx.db, id);
    // Without the entry the buyer falls back to list prices.
    if (customer.priceListId) await touchSavedCopiesOfBuyers(tx, seller.id, linkedTeams(buyerTeamId));
  });
}

/** The buyer teams among these links. */
const linkedTeams = (...teamIds: Array<string | null>): string[] => [...new Set(teamIds.filter((teamId): teamId is string => teamId !== null))];

function definedFields<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
