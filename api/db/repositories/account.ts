/** Everything an account owns, for 'Download my data', and the clearing of it when the account is closed. */
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../database';
import {
  billingSubscriptions,
  emailOptOuts,
  mailOutbox,
  menus,
  metrcConnections,
  metrcPackages,
  photos,
  pushDaily,
  pushOptOuts,
  pushSubscriptions,
  savedMenus,
  sessions,
  syncClients,
  users,
} from '../schema';
import { deleteClosedTeamData, exportTeamData, type TeamTable } from './team-data';

/** Everything the account owns; `teamTables`, what its team owns among the synced collections. */
export async function accountData(db: Db, userId: string, teamTables: readonly TeamTable[]) {
  return {
    ...(await exportTeamData(db, userId, teamTables)),
    photos: await db
      .select({ id: photos.id, purpose: photos.purpose, contentType: photos.contentType, size: photos.size, createdAt: photos.createdAt })
      .from(photos)
      .where(eq(photos.userId, userId))
      .all(),
    subscriptions: await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).all(),
    emailsTurnedOff: (await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId)).all()).map((row) => row.kind),
    emailsSent: await db
      .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, userId))
      .all(),
  };
}

/** Buyers' saved copies of the seller's menus, with what decides whether each buyer still reached the menu (see `menuReachable`). */
export async function savedCopiesOfSellerMenus(db: Db, sellerId: string) {
  return db
    .select({
      id: savedMenus.id,
      buyerUserId: savedMenus.buyerUserId,
      savedLinkId: savedMenus.linkId,
      menu: { name: menus.name, isPublic: menus.isPublic, publicLinkId: menus.publicLinkId, linkExpiresAt: menus.linkExpiresAt },
    })
    .from(savedMenus)
    .innerJoin(menus, eq(savedMenus.menuId, menus.id))
    .where(eq(menus.userId, sellerId))
    .orderBy(savedMenus.buyerUserId, menus.name)
    .all();
}

/** The copy stays the buyer's, marked no longer offered, with the names it keeps (none of a menu the buyer no longer reached). */
export async function withdrawSavedCopy(db: Db, id: string, names: { menuName: string | null; sellerName: string | null }, version: number, now: Date): Promise<void> {
  await db
    .update(savedMenus)
    .set({ withdrawnAt: now, withdrawnMenuName: names.menuName, withdrawnSellerName: names.sellerName, version, updatedAt: now })
    .where(eq(savedMenus.id, id))
    .run();
}

/**
 * A team's founding account closed after handing the team over: its row stays, holding the team's data, business name
 * and subscription, but no one can sign in with it and nothing of the person remains.
 */
export async function anonymiseTeamAnchor(db: Db, userId: string, version: number, now: Date): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId)).run();
  await db.delete(syncClients).where(eq(syncClients.userId, userId)).run();
  await db.delete(emailOptOuts).where(eq(emailOptOuts.userId, userId)).run();
  await db.delete(mailOutbox).where(eq(mailOutbox.userId, userId)).run();
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).run();
  await db.delete(pushOptOuts).where(eq(pushOptOuts.userId, userId)).run();
  await db.delete(pushDaily).where(eq(pushDaily.userId, userId)).run();
  await db
    .update(users)
    .set({ email: `closed-${userId}@closed.invalid`, passwordHash: '!closed', firstName: null, lastName: null, profileImageUrl: null, version, updatedAt: now })
    .where(eq(users.id, userId))
    .run();
}

/** Subscriptions of the user the provider may still charge. */
export async function chargeableSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  return (
    await db
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.userId, userId), notInArray(billingSubscriptions.status, ['canceled', 'incomplete_expired'])))
      .all()
  ).map((row) => row.id);
}

/**
 * Removes what a closed account owned and keeps of the person only the
 * business name, so the other side of their conversations still sees who
 * they talked to. Menus go, so their public links answer Menu Not Found;
 * buyers' copies of them stay (withdrawn before, see `withdrawSavedCopy`). The customer book goes with its
 * dispensaries' names, emails and licences, and the price lists with it (what goes: `teamTables`).
 */
export async function clearClosedAccount(db: Db, userId: string, teamTables: readonly TeamTable[], version: number, now: Date): Promise<void> {
  await deleteClosedTeamData(db, userId, teamTables);
  // The team's Metrc key and its copy of the packages go with it: nothing may act in Metrc for a closed account.
  await db.delete(metrcPackages).where(eq(metrcPackages.teamId, userId)).run();
  await db.delete(metrcConnections).where(eq(metrcConnections.teamId, userId)).run();
  await db.delete(photos).where(eq(photos.userId, userId)).run();
  await db.delete(sessions).where(eq(sessions.userId, userId)).run();
  await db.delete(syncClients).where(eq(syncClients.userId, userId)).run();
  await db.delete(emailOptOuts).where(eq(emailOptOuts.userId, userId)).run();
  await db.delete(mailOutbox).where(eq(mailOutbox.userId, userId)).run();
  await db
    .update(users)
    .set({
      email: `closed-${userId}@closed.invalid`,
      passwordHash: '!closed',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      businessType: null,
      licenseNumber: null,
      contactInfo: null,
      companyName: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      phoneNumber: null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      disabledAt: now,
      version,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .run();
}
