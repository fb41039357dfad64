/**
 * How a seller's customer entry comes to name a buyer's team. Both sides must have shown it: an entry links by its
 * email only to an account that confirmed that address (and then only prices the buyer: the seller is told nothing),
 * and the buyer consents by an act of their own (saving one of the seller's menus, writing, ordering, or accepting the
 * seller's invitation). Only a consented entry lets the seller's orders reach the buyer. Each runs in the caller's
 * transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Customer } from '../../sync/entities/customer';
import type { User } from '../../sync/entities/user';
import type { Db, Tx } from '../db/database';
import { touchSavedCopiesOfBuyers } from '../db/repositories/buyer-prices';
import { findCustomerOfBuyerTeam, insertCustomer, linkCustomersByEmail, moveBuyerTeam, recordBuyerConsent } from '../db/repositories/customers';
import { giveSellerOrdersToBuyer } from '../db/repositories/orders';
import { findMembership, findTeam } from '../db/repositories/teams';
import { findCredentialsByEmail } from '../db/repositories/users';

/** The team a person acts for: the one they are a member of, else their own. */
const teamOf = async (db: Db, person: User): Promise<string> => (await findMembership(db, person.id))?.teamId ?? person.id;

/**
 * The buyer team whose member confirmed this address, when the seller's book has no entry for that team yet: an entry
 * with this email prices that team. Null for any other address, so nothing tells the seller which it was.
 */
export async function confirmedBuyerTeam(db: Db, sellerId: string, email: string | null): Promise<string | null> {
  if (!email) return null;
  const account = (await findCredentialsByEmail(db, email))?.user;
  if (account?.role !== 'buyer' || !account.emailConfirmedAt || account.disabled) return null;
  const teamId = await teamOf(db, account);
  return (await findCustomerOfBuyerTeam(db, sellerId, teamId)) ? null : teamId;
}

/** Where a buyer team is newly linked to (or unlinked from) an entry with a price list, its saved copies of that seller's menus are priced anew. */
export async function restampBooks(tx: Tx, sellerIds: string[], buyerTeamIds: string[]): Promise<void> {
  for (const sellerId of sellerIds) await touchSavedCopiesOfBuyers(tx, sellerId, buyerTeamIds);
}

/** The buyer team consents to the entry: it shows as linked, and the orders the seller wrote for it become the buyer's. */
export async function recordConsent(tx: Tx, entry: Customer, buyerTeamId: string, now: Date): Promise<Customer> {
  const consented = await recordBuyerConsent(tx.db, entry.id, buyerTeamId, tx.version, now);
  await giveSellerOrdersToBuyer(tx.db, entry.userId, entry.id, buyerTeamId, tx.version);
  return consented;
}

/**
 * A buyer team that saved one of the seller's menus, wrote to the seller or ordered consents to the seller's book: its
 * entry (one linked to it, or one added by the team's confirmed address) records the consent, or a new entry is
 * added. An address nobody confirmed links to nothing, so a stranger who registered it never takes over the
 * entry a seller keyed in for its owner. Answers the team's entry, or null when the buyer is the seller's own team.
 */
export async function addBuyerAsCustomer(tx: Tx, sellerId: string, buyer: User, now: Date): Promise<Customer | null> {
  const buyerTeamId = await teamOf(tx.db, buyer);
  if (buyerTeamId === sellerId) return null;
  const email = buyer.email.toLowerCase();
  let entry = await findCustomerOfBuyerTeam(tx.db, sellerId, buyerTeamId);
  if (!entry && buyer.emailConfirmedAt) {
    await restampBooks(tx, await linkCustomersByEmail(tx.db, email, buyerTeamId, sellerId), [buyerTeamId]);
    entry = await findCustomerOfBuyerTeam(tx.db, sellerId, buyerTeamId);
  }
  if (entry) return entry.link === 'linked' ? entry : recordConsent(tx, entry, buyerTeamId, now);
  // The business name as the buyer's profile says it now (the team's own name was taken at registration).
  const name = buyer.businessName?.trim() || buyer.companyName?.trim() || (await findTeam(tx.db, buyerTeamId))?.name || email;
  const added = await insertCustomer(
    tx.db,
    {
      id: randomUUID(),
      userId: sellerId,
      buyerTeamId,
      buyerConsentAt: now,
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

/**
 * A buyer who has just proved their address (confirmed it, completed a change to it, reset their password by a link
 * sent there, or registered by a link sent there) is linked to every book that added it, for prices only.
 */
export async function linkConfirmedAddress(tx: Tx, person: User): Promise<void> {
  if (person.role !== 'buyer') return;
  const teamId = await teamOf(tx.db, person);
  await restampBooks(tx, await linkCustomersByEmail(tx.db, person.email, teamId), [teamId]);
}

/** A person joining a buyer team brings the books' entries of their own account to it, and links those that added their address, when they confirmed it. */
export async function linkJoiningBuyer(tx: Tx, person: User, teamId: string, now: Date): Promise<void> {
  await restampBooks(tx, await moveBuyerTeam(tx.db, person.id, teamId, tx.version, now), [person.id, teamId]);
  if (person.emailConfirmedAt) await restampBooks(tx, await linkCustomersByEmail(tx.db, person.email, teamId), [teamId]);
}
