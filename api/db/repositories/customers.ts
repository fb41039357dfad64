/** A seller team's customer book. */
import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Customer, CustomerContactField } from '../../../sync/entities/customer';
import type { Db } from '../database';
import { keysetOf, pageOf, type KeysetPage, type PageRequest } from '../keyset-page';
import { customers } from '../schema';

type CustomerRow = typeof customers.$inferSelect;

/** A customer's writable fields as the domain passes them. */
export type CustomerFields = Pick<Customer, 'name' | 'email' | 'licenseNumber' | 'paymentTerms' | 'priceListId' | 'repUserId' | 'holdWhenOverdue' | 'tags' | CustomerContactField>;

/**
 * The entry as the seller sees it: the buyer's team only once the buyer consented. A link made by a confirmed address
 * alone prices the buyer and shows nothing here, so no answer says whether an address has an account.
 */
function toCustomer(row: CustomerRow): Customer {
  const linked = row.buyerTeamId !== null && row.buyerConsentAt !== null;
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    buyerTeamId: linked ? row.buyerTeamId : null,
    link: linked ? 'linked' : row.invitedAt ? 'invited' : 'unlinked',
    invitedAt: row.invitedAt?.toISOString() ?? null,
    licenseNumber: row.licenseNumber,
    paymentTerms: row.paymentTerms,
    priceListId: row.priceListId,
    repUserId: row.repUserId,
    holdWhenOverdue: row.holdWhenOverdue,
    tags: row.tags,
    phoneNumber: row.phoneNumber,
    billingLine1: row.billingLine1,
    billingLine2: row.billingLine2,
    billingCity: row.billingCity,
    billingState: row.billingState,
    billingZipCode: row.billingZipCode,
    shippingSameAsBilling: row.shippingSameAsBilling,
    shippingLine1: row.shippingLine1,
    shippingLine2: row.shippingLine2,
    shippingCity: row.shippingCity,
    shippingState: row.shippingState,
    shippingZipCode: row.shippingZipCode,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What only the server knows of an entry's link: the buyer team it prices (consented or not) and when the buyer consented. */
export type CustomerLinkFacts = { buyerTeamId: string | null; buyerConsentAt: Date | null };

export async function findCustomerLinkFacts(db: Db, id: string): Promise<CustomerLinkFacts | null> {
  const row = await db.select({ buyerTeamId: customers.buyerTeamId, buyerConsentAt: customers.buyerConsentAt }).from(customers).where(eq(customers.id, id)).get();
  return row ?? null;
}

/** A rep's part of the book: the customers assigned to them; undefined, the whole book. */
const assignedTo = (repUserId: string | undefined) => (repUserId === undefined ? undefined : eq(customers.repUserId, repUserId));

export async function listCustomersByOwner(db: Db, userId: string, repUserId?: string): Promise<Customer[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.userId, userId), assignedTo(repUserId)))
    .orderBy(asc(customers.name), asc(customers.id))
    .all();
  return rows.map(toCustomer);
}

/** The customer when it is in this seller's book; null for another book's, so an id reveals nothing. */
export async function findCustomerOfSeller(db: Db, userId: string, id: string): Promise<Customer | null> {
  const row = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.userId, userId)))
    .get();
  return row ? toCustomer(row) : null;
}

/** The entries of this seller's book among `ids`, by id (another book's are left out). */
export async function findCustomersOfSeller(db: Db, userId: string, ids: string[]): Promise<Map<string, Customer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customers)
    .where(and(inArray(customers.id, [...new Set(ids)]), eq(customers.userId, userId)))
    .all();
  return new Map(rows.map((row) => [row.id, toCustomer(row)]));
}

/** The entry of this book linked to the buyer team, consented or only priced. */
export async function findCustomerOfBuyerTeam(db: Db, userId: string, buyerTeamId: string): Promise<Customer | null> {
  const row = await db
    .select()
    .from(customers)
    .where(and(eq(customers.userId, userId), eq(customers.buyerTeamId, buyerTeamId)))
    .get();
  return row ? toCustomer(row) : null;
}

/** The new customer, or null (and nothing written) when one already has its id, or its buyer team already has an entry in this book (a concurrent first order). */
export async function insertCustomer(
  db: Db,
  customer: CustomerFields & { id: string; userId: string; buyerTeamId: string | null; buyerConsentAt: Date | null; createdBy: string | null },
  version: number,
  now: Date,
): Promise<Customer | null> {
  const row = await db
    .insert(customers)
    .values({ ...customer, updatedBy: customer.createdBy, version, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  return row ? toCustomer(row) : null;
}

/** `updatedBy`: the member who changed it. */
export async function updateCustomer(
  db: Db,
  id: string,
  fields: Partial<CustomerFields & { buyerTeamId: string | null }>,
  updatedBy: string,
  version: number,
  now: Date,
): Promise<Customer> {
  const row = await db
    .update(customers)
    .set({ ...fields, updatedBy, version, updatedAt: now })
    .where(eq(customers.id, id))
    .returning()
    .get();
  return toCustomer(row);
}

export async function deleteCustomer(db: Db, id: string): Promise<void> {
  await db.delete(customers).where(eq(customers.id, id)).run();
}

/** The customers (of this rep, when one is named) changed after change-clock value `cursor`. */
export async function listCustomersChangedSince(db: Db, userId: string, cursor: number, repUserId?: string): Promise<Customer[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.userId, userId), gt(customers.version, cursor), assignedTo(repUserId)))
    .orderBy(asc(customers.version))
    .all();
  return rows.map(toCustomer);
}

/** A page of the customers (of this rep, when one is named), newest change first, for a pull from nothing. */
export async function listCustomersPage(db: Db, userId: string, repUserId: string | undefined, page: PageRequest): Promise<KeysetPage<Customer>> {
  const { where, orderBy } = keysetOf(customers.version, customers.id, page);
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.userId, userId), assignedTo(repUserId), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1)
    .all();
  return pageOf(rows, page, toCustomer);
}

/** How many customers (of this rep, when one is named) the seller has. */
export async function countCustomers(db: Db, userId: string, repUserId: string | undefined): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(customers)
        .where(and(eq(customers.userId, userId), assignedTo(repUserId)))
        .get()
    )?.n ?? 0
  );
}

/**
 * The customers changed after `cursor` that are not the rep's: one reassigned away from them is among these, and
 * their device must drop it. Only ids leave, so nothing of another rep's customer is shown.
 */
export async function customerIdsNotAssignedSince(db: Db, userId: string, repUserId: string, cursor: number): Promise<string[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, userId), gt(customers.version, cursor), or(isNull(customers.repUserId), ne(customers.repUserId, repUserId))))
    .all();
  return rows.map((row) => row.id);
}

/**
 * The customers of the book that `fromUserId` looks after now go to `toUserId` (null: to nobody), changed so replicas
 * learn of it: the former rep's devices drop them, the new rep's take them. Answers how many moved.
 */
export async function handOverCustomers(
  db: Db,
  userId: string,
  fromUserId: string,
  toUserId: string | null,
  updatedBy: string | null,
  version: number,
  now: Date,
): Promise<number> {
  const moved = await db
    .update(customers)
    .set({ repUserId: toUserId, updatedBy, version, updatedAt: now })
    .where(and(eq(customers.userId, userId), eq(customers.repUserId, fromUserId)))
    .returning({ id: customers.id })
    .all();
  return moved.length;
}

/** Customers priced by a list about to go: they lose it, and change so replicas learn of it. */
export async function dropPriceListFromCustomers(db: Db, priceListId: string, version: number, now: Date): Promise<void> {
  await db.update(customers).set({ priceListId: null, version, updatedAt: now }).where(eq(customers.priceListId, priceListId)).run();
}

/** The books (seller teams) of these changed entries where one names a price list: there the buyer's prices moved. */
const booksWithList = (rows: Array<{ userId: string; priceListId: string | null }>): string[] => [...new Set(rows.filter((row) => row.priceListId).map((row) => row.userId))];

/**
 * Links every customer added by `email` and not yet linked to the buyer team, in each book (or only `sellerId`'s)
 * that has no entry for that team yet: a book holds one entry per buyer team. The link only prices the buyer, so the
 * entry's version stays: the seller's devices see no change, and learn nothing of the address. Answers the books
 * where an entry so linked names a price list.
 */
export async function linkCustomersByEmail(db: Db, email: string, buyerTeamId: string, sellerId?: string): Promise<string[]> {
  const booksWithTeam = db.select({ userId: customers.userId }).from(customers).where(eq(customers.buyerTeamId, buyerTeamId));
  const candidates = await db
    .select({ id: customers.id, userId: customers.userId })
    .from(customers)
    .where(
      and(
        eq(customers.email, email.toLowerCase()),
        isNull(customers.buyerTeamId),
        sellerId === undefined ? undefined : eq(customers.userId, sellerId),
        sql`${customers.userId} not in ${booksWithTeam}`,
      ),
    )
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .all();
  // One per book: two unlinked entries with one email in a book, only the oldest is linked.
  const firstOfBook = new Map<string, string>();
  for (const candidate of candidates) if (!firstOfBook.has(candidate.userId)) firstOfBook.set(candidate.userId, candidate.id);
  if (firstOfBook.size === 0) return [];
  const linked = await db
    .update(customers)
    .set({ buyerTeamId, buyerConsentAt: null })
    .where(inArray(customers.id, [...firstOfBook.values()]))
    .returning({ userId: customers.userId, priceListId: customers.priceListId })
    .all();
  return booksWithList(linked);
}

/** The buyer team consents to the entry's seller: the entry shows it as linked, on the seller's devices too. */
export async function recordBuyerConsent(db: Db, id: string, buyerTeamId: string, version: number, now: Date): Promise<Customer> {
  const row = await db.update(customers).set({ buyerTeamId, buyerConsentAt: now, version, updatedAt: now }).where(eq(customers.id, id)).returning().get();
  return toCustomer(row);
}

/** The entry lets go of its buyer team (another entry of the book takes it); the seller sees it when the buyer had consented. */
export async function unlinkCustomer(db: Db, id: string, version: number, now: Date): Promise<void> {
  const row = await db.select({ buyerConsentAt: customers.buyerConsentAt }).from(customers).where(eq(customers.id, id)).get();
  const seen = row?.buyerConsentAt ? { version, updatedAt: now } : {};
  await db
    .update(customers)
    .set({ buyerTeamId: null, buyerConsentAt: null, ...seen })
    .where(eq(customers.id, id))
    .run();
}

/** The seller invited the customer to its book. */
export async function markCustomerInvited(db: Db, id: string, version: number, now: Date): Promise<Customer> {
  const row = await db.update(customers).set({ invitedAt: now, version, updatedAt: now }).where(eq(customers.id, id)).returning().get();
  return toCustomer(row);
}

/**
 * A buyer whose own team's entries move to the team they join: each book's entry follows them, unless the book
 * already has one for that team, where the older entry stays unlinked. Only an entry the buyer consented to changes
 * its version: the seller saw that link, and no other. Answers the books where an entry that moved or was unlinked
 * names a price list.
 */
export async function moveBuyerTeam(db: Db, fromTeamId: string, toTeamId: string, version: number, now: Date): Promise<string[]> {
  const [entries, booksWithTeam] = await Promise.all([
    db.select().from(customers).where(eq(customers.buyerTeamId, fromTeamId)).all(),
    db.select({ userId: customers.userId }).from(customers).where(eq(customers.buyerTeamId, toTeamId)).all(),
  ]);
  const taken = new Set(booksWithTeam.map((row) => row.userId));
  for (const entry of entries) {
    const seen = entry.buyerConsentAt ? { version, updatedAt: now } : {};
    const link = taken.has(entry.userId) ? { buyerTeamId: null, buyerConsentAt: null } : { buyerTeamId: toTeamId };
    await db
      .update(customers)
      .set({ ...link, ...seen })
      .where(eq(customers.id, entry.id))
      .run();
  }
  return booksWithList(entries);
}
