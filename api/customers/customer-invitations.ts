/**
 * A seller's invitation to its customer book: emailed to the entry's address, or a link the seller sends itself (with
 * a draft order it shows). The seller's approval is the invitation; the buyer's is accepting it, signed in as a
 * buyer: the entry then links to that buyer's team with its consent, and the orders the seller wrote for it become the
 * buyer's. Nothing in an answer to the seller says whether the address has an account.
 */
import type { z } from 'zod';
import type {
  customerInvitationAcceptSchema,
  customerInviteSchema,
  CustomerInvitationAccepted,
  CustomerInvitationPreview,
  CustomerInviteAnswer,
} from '../../sync/entities/customer';
import { partyName, type User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { hashLinkToken, newLinkToken } from '../auth/account-tokens';
import type { Member, Services } from '../context';
import type { Db } from '../db/database';
import { touchSavedCopiesOfBuyers } from '../db/repositories/buyer-prices';
import {
  acceptCustomerInvitation as acceptInvitationRow,
  countEmailedInvitationsSince,
  findCustomerInvitation,
  insertCustomerInvitation,
  type CustomerInvitationRow,
} from '../db/repositories/customer-invitations';
import { findCustomerLinkFacts, findCustomerOfBuyerTeam, findCustomerOfSeller, markCustomerInvited, unlinkCustomer } from '../db/repositories/customers';
import { findOrder, findOrderRow } from '../db/repositories/orders';
import { findUserById } from '../db/repositories/users';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { appLink, sendAccountMail } from '../mail/mail-service';
import { customerInvitationMail } from '../mail/templates/customers';
import { ORDER_NOT_FOUND } from '../orders/order-actor';
import { recordConsent } from './buyer-links';
import { visibleCustomer } from './customer-service';

export const INVITATION_VALID_DAYS = 30;
/** Emailed invitations a seller team may send a day: the platform's mail to addresses a seller typed stays a trickle. */
export const INVITATION_EMAILS_PER_DAY = 100;
/** One entry's address hears from the platform at most this often. */
export const INVITATION_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_INVALID = 'This invitation link does not work: ask the seller for a new one';
export const INVITATION_EXPIRED = 'This invitation has expired: ask the seller for a new one';
export const INVITATION_ACCEPTED = 'This invitation was already accepted';
export const INVITATION_TAKEN = 'Another account already accepted an invitation for this customer';
export const NO_EMAIL_TO_INVITE = "Add the customer's email address first, or copy the invitation link and send it yourself";

/** The seller as its menus name it. */
const sellerNameOf = (seller: User): string => seller.businessName || partyName(seller, 'Cannabis Supplier');

/**
 * Invites the customer to the book: emails the link to the entry's address, or answers it for the seller to send.
 * A rep may invite the customers assigned to them. `orderId` names one of the entry's orders for the link to show.
 */
export async function inviteCustomer(services: Services, seller: User, by: Member, id: string, input: z.output<typeof customerInviteSchema>): Promise<CustomerInviteAnswer> {
  const { delivery, orderId } = input;
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const customer = await visibleCustomer(tx.db, seller, id, by);
    if (orderId) {
      const order = await findOrderRow(tx.db, orderId);
      if (!order || order.sellerId !== seller.id || order.customerId !== customer.id) throw new AppError('not_found', ORDER_NOT_FOUND);
    }
    if (delivery === 'email') {
      if (customer.link === 'linked') throw new AppError('conflict', `${customer.name} is already linked to your book`);
      if (!customer.email) throw new AppError('validation', NO_EMAIL_TO_INVITE);
      const sinceLast = customer.invitedAt ? now.getTime() - Date.parse(customer.invitedAt) : Infinity;
      if (sinceLast < INVITATION_EMAIL_INTERVAL_MS) {
        const wait = INVITATION_EMAIL_INTERVAL_MS - sinceLast;
        throw new RateLimitedError(`An invitation went to ${customer.email} a moment ago. You can send another in ${waitText(wait)}.`, wait);
      }
      if ((await countEmailedInvitationsSince(tx.db, seller.id, new Date(now.getTime() - DAY_MS))) >= INVITATION_EMAILS_PER_DAY) {
        throw new RateLimitedError(`Your team sent ${INVITATION_EMAILS_PER_DAY} invitations today. Please try again tomorrow, or copy the link and send it yourself.`, DAY_MS);
      }
    }
    const { token, tokenHash } = newLinkToken();
    const email = delivery === 'email' ? customer.email : null;
    await insertCustomerInvitation(tx.db, {
      tokenHash,
      customerId: customer.id,
      sellerId: seller.id,
      email,
      orderId: orderId ?? null,
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
      createdBy: by.userId,
      createdAt: now,
    });
    const link = appLink(services, `/customer-invite?token=${token}`);
    if (email) {
      const content = customerInvitationMail({ sellerName: sellerNameOf(seller), customerName: customer.name, url: link, validDays: INVITATION_VALID_DAYS });
      await sendAccountMail(services, tx, { userId: null, email }, 'customer-invitation', content);
    }
    const invited = customer.link === 'linked' ? customer : await markCustomerInvited(tx.db, customer.id, tx.version, now);
    return { customer: invited, link: email ? null : link };
  });
}

/** The invitation while it can be accepted; a used, expired or unknown one is refused with what to do. */
async function usableInvitation(db: Db, token: string, now: Date): Promise<CustomerInvitationRow> {
  const invitation = await findCustomerInvitation(db, hashLinkToken(token));
  if (!invitation) throw new AppError('not_found', INVITATION_INVALID);
  if (invitation.acceptedAt) throw new AppError('conflict', INVITATION_ACCEPTED);
  if (invitation.expiresAt <= now) throw new AppError('conflict', INVITATION_EXPIRED);
  return invitation;
}

/** GET /api/customer-invitations/preview?token=: what the link shows anyone who has it. */
export async function previewCustomerInvitation(services: Services, { token }: z.output<typeof customerInvitationAcceptSchema>): Promise<CustomerInvitationPreview> {
  const db = services.db.read;
  const now = services.now();
  const invitation = await usableInvitation(db, token, now);
  const [seller, customer, order] = await Promise.all([
    findUserById(db, invitation.sellerId),
    findCustomerOfSeller(db, invitation.sellerId, invitation.customerId),
    invitation.orderId ? findOrder(db, invitation.orderId, now) : null,
  ]);
  if (!seller || seller.disabled || !customer) throw new AppError('not_found', INVITATION_INVALID);
  const shown = order && order.customerId === customer.id ? order : null;
  return {
    sellerName: sellerNameOf(seller),
    customerName: customer.name,
    order: shown && {
      number: shown.number,
      createdAt: shown.createdAt,
      lines: shown.lines.map(({ strainName, quantity, unitType, unitPrice, lineTotal }) => ({ strainName, quantity, unitType, unitPrice, lineTotal })),
      total: shown.total,
      paymentTerms: shown.paymentTerms,
      note: shown.note,
    },
  };
}

/**
 * POST /api/customer-invitations/accept, by a member of a buyer team (`buyerTeam` is the team's account): the entry
 * links to that team with its consent. Another entry of the book linked to the team lets it go, since the seller
 * named this one for the buyer.
 */
export async function acceptCustomerInvitation(services: Services, buyerTeam: User, input: z.output<typeof customerInvitationAcceptSchema>): Promise<CustomerInvitationAccepted> {
  const { token } = input;
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const invitation = await usableInvitation(tx.db, token, now);
    if (invitation.sellerId === buyerTeam.id) throw new AppError('forbidden', 'A team cannot be its own customer');
    const [seller, entry, facts] = await Promise.all([
      findUserById(tx.db, invitation.sellerId),
      findCustomerOfSeller(tx.db, invitation.sellerId, invitation.customerId),
      findCustomerLinkFacts(tx.db, invitation.customerId),
    ]);
    if (!seller || seller.disabled || !entry || !facts) throw new AppError('not_found', INVITATION_INVALID);
    const alreadyOurs = facts.buyerConsentAt !== null && facts.buyerTeamId === buyerTeam.id;
    if (facts.buyerConsentAt !== null && !alreadyOurs) throw new AppError('conflict', INVITATION_TAKEN);
    if (!(await acceptInvitationRow(tx.db, invitation.tokenHash, buyerTeam.id, now))) throw new AppError('conflict', INVITATION_ACCEPTED);
    if (!alreadyOurs) {
      const other = await findCustomerOfBuyerTeam(tx.db, seller.id, buyerTeam.id);
      if (other && other.id !== entry.id) await unlinkCustomer(tx.db, other.id, tx.version, now);
      await recordConsent(tx, entry, buyerTeam.id, now);
      // The team now has this entry's prices; a team it priced before by its address no longer does.
      await touchSavedCopiesOfBuyers(tx, seller.id, [...new Set([buyerTeam.id, ...(facts.buyerTeamId ? [facts.buyerTeamId] : [])])]);
    }
    const sellerName = sellerNameOf(seller);
    return {
      sellerId: seller.id,
      sellerName,
      message: `You are in ${sellerName}'s customer book: its prices for you show on its menus, and the orders it writes for you appear under Orders.`,
    };
  });
}
