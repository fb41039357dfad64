/**
 * Messages and order requests between a buyer and a seller. Only the two
 * parties can read or change one; of the seller's team, a rep only the order
 * requests of the customers assigned to them, as with orders. An order request is checked against each
 * product's minimum order (lot size, and the buyer's price list's minimum and increment) and what is available, and
 * priced at the buyer's prices of that moment (see `sync/rules/pricing.ts`: their list, quantity breaks; totals in whole cents,
 * rounded half up). A product the buyer's list hides cannot be ordered.
 * Both go through the menu's link: a dead one (expired, regenerated, unknown)
 * takes neither, nor the buyer's later messages about that menu.
 */
import { addBuyerAsCustomer } from '../customers/buyer-links';
import type { inquiryCreateSchema, inquiryReplySchema, inquiryStatusSchema } from '../../sync/entities/inquiry';
import { type Inquiry } from '../../sync/entities/inquiry';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { orderTotal, totalsBeyondCents, type LineAmount } from '../../sync/rules/order-request';
import { pricedOrderLine } from '../../sync/rules/priced-menu';
import { calendarDay, entriesByProduct, productTerms } from '../../sync/rules/pricing';
import { mayHandleCustomer } from '../../sync/rules/team-permissions';
import type { z } from 'zod';
import type { Member, Services } from '../context';
import type { Db } from '../db/database';
import { findCustomerOfBuyerTeam } from '../db/repositories/customers';
import { findInquiry, inquiryLinkId, insertInquiry, insertInquiryMessage, listInquiriesOf, messageExists, updateInquiry } from '../db/repositories/inquiries';
import { findProductsByIds } from '../db/repositories/products';
import { notifyNewInquiry, notifyOrderStatus, notifyReply } from '../mail/notifications';
import { listPricing } from '../public-menu/buyer-prices';
import { reachMenu } from '../public-menu/public-menu-service';
import { takeMessageQuota } from './message-quota';
import { acceptedWrittenAt } from '../../sync/rules/written-at';

export const INQUIRY_NOT_FOUND = 'Conversation not found';

/** A rep of a seller team, whose view of the team's order requests is their customers'; undefined for anyone else. */
const repOf = (user: User, by: Member): string | undefined => (user.role === 'seller' && by.role === 'rep' ? by.userId : undefined);

/** The team's (`user`'s) inquiries as the member `by` sees them; with `since`, those changed after it. */
export function listInquiries(services: Services, user: User, by: Member, since?: number): Promise<Inquiry[]> {
  return listInquiriesOf(services.db.read, user.id, since, repOf(user, by));
}

/**
 * The inquiry when the team `user` is one of its two parties and the member `by` may see it (a rep of the seller an
 * order request only of a customer assigned to them); anyone else gets "not found".
 */
async function partyInquiry(db: Db, user: User, by: Member, id: string): Promise<Inquiry> {
  const inquiry = await findInquiry(db, id);
  if (!inquiry || (inquiry.buyerId !== user.id && inquiry.sellerId !== user.id)) throw new AppError('not_found', INQUIRY_NOT_FOUND);
  if (inquiry.sellerId === user.id && inquiry.kind === 'order' && repOf(user, by) !== undefined) {
    const customer = await findCustomerOfBuyerTeam(db, inquiry.sellerId, inquiry.buyerId);
    if (!mayHandleCustomer(by.role, by.userId, customer?.repUserId ?? null)) throw new AppError('not_found', INQUIRY_NOT_FOUND);
  }
  return inquiry;
}

export async function getInquiry(services: Services, user: User, by: Member, id: string): Promise<Inquiry> {
  return partyInquiry(services.db.read, user, by, id);
}

/** `buyer` is the buyer's team (the party); `authorId` the member who wrote it. */
export async function createInquiry(services: Services, buyer: User, authorId: string, input: z.output<typeof inquiryCreateSchema>): Promise<Inquiry> {
  const args = input;
  return services.db.transaction(async (tx) => {
    // The first message is stored under the inquiry's id, so that id must be free among messages too.
    if ((await findInquiry(tx.db, args.id)) || (args.message && (await messageExists(tx.db, args.id)))) {
      throw new AppError('conflict', 'This message was already sent');
    }
    const { menu, seller } = await reachMenu(tx.db, services.now(), args.menuId, { link: args.publicLinkId });
    if (args.productId && !menu.productIds.includes(args.productId)) {
      throw new AppError('validation', 'That product is not on this menu', { productId: 'Not on this menu' });
    }
    const onMenu = new Map((await findProductsByIds(tx.db, menu.productIds)).map((product) => [product.id, product]));
    const list = await listPricing(tx.db, { sellerId: seller.id, menuId: menu.id, buyerTeamId: buyer.id, day: calendarDay(services.now()) });
    const entries = entriesByProduct(list);
    const fieldErrors: Record<string, string> = {};
    const amounts: LineAmount[] = args.items.map(() => null);
    const items = args.items.map((item, index) => {
      const product = onMenu.get(item.productId);
      if (!product) {
        fieldErrors[`items.${index}`] = 'That product is not on this menu';
        return null;
      }
      const { problem, quantity, pricePerUnit, lineTotal, amount } = pricedOrderLine(product, productTerms(product, entries.get(product.id)), item.quantity ?? '');
      if (problem) fieldErrors[`items.${index}`] = problem;
      amounts[index] = amount;
      return { productId: product.id, strainName: product.strainName, unitType: product.unitType, quantity, pricePerUnit, lineTotal };
    });
    for (const [field, message] of Object.entries(totalsBeyondCents(amounts, 'items') ?? {})) fieldErrors[field] ??= message;
    const firstError = Object.values(fieldErrors)[0];
    if (firstError) throw new AppError('validation', firstError, fieldErrors);
    // Last of the checks: an inquiry refused for what it says spends none of the quota.
    await takeMessageQuota(services, buyer.id, seller.id);
    const lines = items.filter((item) => item !== null);
    const total = args.kind === 'order' ? orderTotal(lines.map((line) => line.lineTotal)) : null;
    const now = services.now();
    const writtenAt = acceptedWrittenAt(args.writtenAt, now);
    await insertInquiry(
      tx.db,
      {
        id: args.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        menuId: menu.id,
        // The buyer's later messages go through this link as long as the menu is not public-listing.
        linkId: menu.publicLinkId,
        menuName: menu.name,
        productId: args.productId,
        kind: args.kind,
        items: lines,
        totalCents: total === null ? null : Number(total.replace('.', '')),
        buyerReadAt: now,
        writtenAt,
      },
      tx.version,
      now,
    );
    if (args.message) await insertInquiryMessage(tx.db, { id: args.id, inquiryId: args.id, authorId, authorTeamId: buyer.id, body: args.message, writtenAt }, tx.version, now);
    await addBuyerAsCustomer(tx, seller.id, buyer, now);
    const created = (await findInquiry(tx.db, args.id))!;
    await notifyNewInquiry(services, tx, created, args.message);
    return created;
  });
}

/** `user` is the replying team (the party); `by` the member who writes it. */
export async function replyToInquiry(services: Services, user: User, by: Member, input: z.output<typeof inquiryReplySchema>): Promise<Inquiry> {
  const { id, inquiryId, body, writtenAt } = input;
  const authorId = by.userId;
  return services.db.transaction(async (tx) => {
    const inquiry = await partyInquiry(tx.db, user, by, inquiryId);
    // The buyer came through the menu's link, and a dead link ends that; the seller answers about their own menu.
    if (inquiry.buyerId === user.id) {
      await reachMenu(tx.db, services.now(), inquiry.menuId, { recordedLink: await inquiryLinkId(tx.db, inquiry.id) });
    }
    if (await messageExists(tx.db, id)) throw new AppError('conflict', 'This message was already sent');
    await takeMessageQuota(services, user.id, inquiry.buyerId === user.id ? inquiry.sellerId : inquiry.buyerId);
    const now = services.now();
    await insertInquiryMessage(tx.db, { id, inquiryId, authorId, authorTeamId: user.id, body, writtenAt: acceptedWrittenAt(writtenAt, now) }, tx.version, now);
    // Writing is reading: the author has seen the conversation up to their own message.
    await updateInquiry(tx.db, inquiry.id, inquiry.buyerId === user.id ? { buyerReadAt: now } : { sellerReadAt: now }, tx.version, null);
    await notifyReply(services, tx, inquiry, user.id, body);
    return (await findInquiry(tx.db, inquiryId))!;
  });
}

export async function setInquiryStatus(services: Services, seller: User, by: Member, input: z.output<typeof inquiryStatusSchema>): Promise<Inquiry> {
  const { id, status } = input;
  return services.db.transaction(async (tx) => {
    const inquiry = await partyInquiry(tx.db, seller, by, id);
    if (inquiry.sellerId !== seller.id) throw new AppError('forbidden', 'Only the seller can accept or decline an order request');
    if (inquiry.kind !== 'order') throw new AppError('validation', 'Only an order request can be accepted or declined');
    if (inquiry.status !== 'open') throw new AppError('conflict', `This order request was already ${inquiry.status}`);
    const now = services.now();
    await updateInquiry(tx.db, id, { status, sellerReadAt: now }, tx.version, now);
    await notifyOrderStatus(services, tx, inquiry, status);
    return (await findInquiry(tx.db, id))!;
  });
}

export async function markInquiryRead(services: Services, user: User, by: Member, id: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const inquiry = await partyInquiry(tx.db, user, by, id);
    const now = services.now();
    await updateInquiry(tx.db, id, inquiry.buyerId === user.id ? { buyerReadAt: now } : { sellerReadAt: now }, tx.version, null);
  });
}
