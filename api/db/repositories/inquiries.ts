/** Inquiries and order requests in SQLite, each with its messages and both parties' names. */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { centsAsMoney } from '../../../sync/rules/decimal';
import type { Inquiry } from '../../../sync/entities/inquiry';
import { partyName } from '../../../sync/entities/user';
import type { Db } from '../database';
import { preparedPerConnection } from '../prepared';
import { customers, inquiries, inquiryMessages, users } from '../schema';

type NewInquiry = Omit<typeof inquiries.$inferInsert, 'version' | 'createdAt' | 'updatedAt' | 'status'>;

const buyers = alias(users, 'buyers');
const sellers = alias(users, 'sellers');

async function withMessages(
  db: Db,
  rows: Array<{ inquiry: typeof inquiries.$inferSelect; buyer: typeof users.$inferSelect; seller: typeof users.$inferSelect }>,
): Promise<Inquiry[]> {
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(inquiryMessages)
    .where(
      inArray(
        inquiryMessages.inquiryId,
        rows.map((row) => row.inquiry.id),
      ),
    )
    .orderBy(asc(inquiryMessages.createdAt), asc(inquiryMessages.id))
    .all();
  const authorIds = [...new Set(messages.map((message) => message.authorId))];
  const authorRows = authorIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, authorIds)).all()
    : [];
  const authors = new Map(authorRows.map((author) => [author.id, [author.firstName, author.lastName].filter(Boolean).join(' ')]));
  return rows.map(({ inquiry, buyer, seller }) => ({
    id: inquiry.id,
    buyerId: inquiry.buyerId,
    buyerName: partyName(buyer, 'Buyer'),
    sellerId: inquiry.sellerId,
    sellerName: seller.businessName || partyName(seller, 'Cannabis Supplier'),
    menuId: inquiry.menuId,
    menuName: inquiry.menuName,
    productId: inquiry.productId,
    kind: inquiry.kind,
    status: inquiry.status,
    items: inquiry.items,
    total: inquiry.totalCents === null ? null : centsAsMoney(inquiry.totalCents),
    buyerReadAt: inquiry.buyerReadAt?.toISOString() ?? null,
    sellerReadAt: inquiry.sellerReadAt?.toISOString() ?? null,
    messages: messages
      .filter((message) => message.inquiryId === inquiry.id)
      .map((message) => ({
        id: message.id,
        authorId: message.authorId,
        authorTeamId: message.authorTeamId ?? message.authorId,
        // The member who wrote it; a closed account has no name left to show.
        ...(authors.get(message.authorId) && { authorName: authors.get(message.authorId) }),
        body: message.body,
        createdAt: message.createdAt.toISOString(),
        writtenAt: (message.writtenAt ?? message.createdAt).toISOString(),
      })),
    createdAt: inquiry.createdAt.toISOString(),
    writtenAt: (inquiry.writtenAt ?? inquiry.createdAt).toISOString(),
    updatedAt: inquiry.updatedAt.toISOString(),
  }));
}

function selectWithParties(db: Db) {
  return db
    .select({ inquiry: inquiries, buyer: buyers, seller: sellers })
    .from(inquiries)
    .innerJoin(buyers, eq(buyers.id, inquiries.buyerId))
    .innerJoin(sellers, eq(sellers.id, inquiries.sellerId));
}

/** Asked by every pull. */
const inquiriesOf = preparedPerConnection((db) => {
  const userId = sql.placeholder('userId');
  return selectWithParties(db)
    .where(and(or(eq(inquiries.buyerId, userId), eq(inquiries.sellerId, userId)), gt(inquiries.version, sql.placeholder('since'))))
    .orderBy(desc(inquiries.updatedAt))
    .prepare();
});

/** A value, or a placeholder of a prepared query. */
type Id = string | Placeholder;

/** The buyer teams whose entries in the seller team's book are assigned to `repUserId` (and changed after `changedAfter`, when given). */
const buyersOfRep = (db: Db, teamId: Id, repUserId: Id, changedAfter?: number | Placeholder) =>
  db
    .select({ id: customers.buyerTeamId })
    .from(customers)
    .where(
      and(
        eq(customers.userId, teamId),
        eq(customers.repUserId, repUserId),
        isNotNull(customers.buyerTeamId),
        changedAfter === undefined ? undefined : gt(customers.version, changedAfter),
      ),
    );

/**
 * What a rep of the seller team `teamId` sees of its inquiries, as of its orders: every message, and the order
 * requests of the buyers whose entry in the book is assigned to them.
 */
export function seenByRep(db: Db, teamId: Id, repUserId: Id): SQL {
  return or(ne(inquiries.kind, 'order'), inArray(inquiries.buyerId, buyersOfRep(db, teamId, repUserId)))!;
}

/**
 * Asked by every rep's pull: the team's inquiries the rep sees changed after `since`, and the order requests of
 * customers assigned to them since (their older requests come with the customer).
 */
const inquiriesOfRep = preparedPerConnection((db) => {
  const teamId = sql.placeholder('teamId');
  const repUserId = sql.placeholder('repUserId');
  const since = sql.placeholder('since');
  const newlyAssigned = and(eq(inquiries.kind, 'order'), inArray(inquiries.buyerId, buyersOfRep(db, teamId, repUserId, since)));
  return selectWithParties(db)
    .where(and(eq(inquiries.sellerId, teamId), seenByRep(db, teamId, repUserId), or(gt(inquiries.version, since), newlyAssigned)))
    .orderBy(desc(inquiries.updatedAt))
    .prepare();
});

/**
 * The user's inquiries as buyer or seller, newest activity first; with `since`, only those changed after it. With
 * `repUserId` (a rep of the seller team `userId`), only those the rep sees (see `seenByRep`).
 */
export async function listInquiriesOf(db: Db, userId: string, since?: number, repUserId?: string): Promise<Inquiry[]> {
  // Without `since`, every version is after the smallest number there is.
  const after = since ?? Number.MIN_SAFE_INTEGER;
  const rows = repUserId === undefined ? await inquiriesOf(db).all({ userId, since: after }) : await inquiriesOfRep(db).all({ teamId: userId, repUserId, since: after });
  return withMessages(db, rows);
}

/**
 * The seller team's order requests that left what the rep sees after `cursor`: those of buyers whose entry changed
 * since and is not the rep's (reassigned away). Only ids leave.
 */
export async function orderRequestIdsWithdrawnSince(db: Db, teamId: string, repUserId: string, cursor: number): Promise<string[]> {
  const notTheReps = db
    .select({ id: customers.buyerTeamId })
    .from(customers)
    .where(and(eq(customers.userId, teamId), gt(customers.version, cursor), isNotNull(customers.buyerTeamId), or(isNull(customers.repUserId), ne(customers.repUserId, repUserId))));
  const rows = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(and(eq(inquiries.sellerId, teamId), eq(inquiries.kind, 'order'), inArray(inquiries.buyerId, notTheReps)))
    .all();
  return rows.map((row) => row.id);
}

export async function findInquiry(db: Db, id: string): Promise<Inquiry | null> {
  const rows = await selectWithParties(db).where(eq(inquiries.id, id)).all();
  return (await withMessages(db, rows))[0] ?? null;
}

/** The menu link the inquiry was made through (null when there is no such inquiry, or its menu was gone before links were recorded). */
export async function inquiryLinkId(db: Db, id: string): Promise<string | null> {
  return (await db.select({ linkId: inquiries.linkId }).from(inquiries).where(eq(inquiries.id, id)).get())?.linkId ?? null;
}

export async function insertInquiry(db: Db, inquiry: NewInquiry, version: number, now: Date): Promise<void> {
  await db
    .insert(inquiries)
    .values({ ...inquiry, version, createdAt: now, updatedAt: now })
    .run();
}

export async function insertInquiryMessage(
  db: Db,
  message: { id: string; inquiryId: string; authorId: string; authorTeamId: string; body: string; writtenAt: Date },
  version: number,
  now: Date,
): Promise<void> {
  await db
    .insert(inquiryMessages)
    .values({ ...message, createdAt: now })
    .run();
  await db.update(inquiries).set({ version, updatedAt: now }).where(eq(inquiries.id, message.inquiryId)).run();
}

export async function messageExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: inquiryMessages.id }).from(inquiryMessages).where(eq(inquiryMessages.id, id)).get()) !== undefined;
}

/** Changes an inquiry; `activity` (a new status) also moves it up the inbox, a read mark does not. */
export async function updateInquiry(
  db: Db,
  id: string,
  changes: Partial<Pick<typeof inquiries.$inferInsert, 'status' | 'buyerReadAt' | 'sellerReadAt'>>,
  version: number,
  now: Date | null,
): Promise<void> {
  await db
    .update(inquiries)
    .set({ ...changes, version, ...(now && { updatedAt: now }) })
    .where(eq(inquiries.id, id))
    .run();
}

/** The conversations the team is a party to, on either side, each with its messages, for 'Download my data'. */
export async function exportConversations(db: Db, teamId: string) {
  return Promise.all(
    (
      await db
        .select()
        .from(inquiries)
        .where(or(eq(inquiries.buyerId, teamId), eq(inquiries.sellerId, teamId)))
        .all()
    ).map(async (inquiry) => ({ ...inquiry, messages: await db.select().from(inquiryMessages).where(eq(inquiryMessages.inquiryId, inquiry.id)).all() })),
  );
}
