/**
 * The notifications, each email and push queued in the transaction of the
 * change it tells of, and only when that kind is on for its recipient.
 */
import type { Inquiry } from '../../sync/entities/inquiry';
import { partyName } from '../../sync/entities/user';
import type { FirstBuyerOpen } from '../analytics/menu-view-recorder';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { findCustomerOfBuyerTeam } from '../db/repositories/customers';
import { mailKindSentTo, sellersWithTrialEndingBetween } from '../db/repositories/mail';
import { findMenu } from '../db/repositories/menus';
import { findUserById } from '../db/repositories/users';
import { pushNews } from '../push/push-news';
import { ENTRY_GONE, type NewsScope } from '../team/news-audience';
import { appLink, greetingName, notify } from './mail-service';
import {
  firstMenuViewMail,
  newMessageMail,
  orderRequestMail,
  orderStatusMail,
  paymentFailedMail,
  sellerReplyMail,
  subscriptionCanceledMail,
  trialEndingMail,
} from './templates/notifications';

const EXCERPT_LENGTH = 300;
const excerpt = (body: string) => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH)}…` : body);

/** Where a push about a conversation opens it, and the tag that folds its news into one notification. */
const inboxPlace = (inquiry: Inquiry) => ({ url: `/inbox?id=${encodeURIComponent(inquiry.id)}`, tag: `inquiry-${inquiry.id}` });

/**
 * Whose business an inquiry is on the seller's side: a message the whole team's, an order request its buyer's entry in
 * the book, so that a rep hears of it only as that customer's rep, as only then do they see it.
 */
async function sellerSide(tx: Tx, inquiry: Inquiry): Promise<NewsScope> {
  if (inquiry.kind !== 'order') return { teamId: inquiry.sellerId };
  return { teamId: inquiry.sellerId, customerId: (await findCustomerOfBuyerTeam(tx.db, inquiry.sellerId, inquiry.buyerId))?.id ?? ENTRY_GONE };
}

/** A buyer's new order request or first message reaches the seller. */
export async function notifyNewInquiry(services: Services, tx: Tx, inquiry: Inquiry, message: string | undefined): Promise<void> {
  const url = appLink(services, '/inbox');
  const scope = await sellerSide(tx, inquiry);
  if (inquiry.kind === 'order') {
    await notify(
      services,
      tx,
      inquiry.sellerId,
      'order-request',
      (seller, unsubscribeUrl) =>
        orderRequestMail({ name: greetingName(seller), buyer: inquiry.buyerName, menuName: inquiry.menuName, total: inquiry.total && `$${inquiry.total}`, url, unsubscribeUrl }),
      scope,
    );
  } else {
    await notify(
      services,
      tx,
      inquiry.sellerId,
      'new-message',
      (seller, unsubscribeUrl) =>
        newMessageMail({ name: greetingName(seller), buyer: inquiry.buyerName, menuName: inquiry.menuName, excerpt: excerpt(message ?? ''), url, unsubscribeUrl }),
      scope,
    );
  }
  const title = inquiry.kind === 'order' ? `Order request from ${inquiry.buyerName}` : `New inquiry from ${inquiry.buyerName}`;
  await pushNews(
    services,
    tx,
    { team: inquiry.sellerId, customerId: scope.customerId },
    { kind: inquiry.kind === 'order' ? 'new-order' : 'new-message', title, body: message || `About ${inquiry.menuName}`, ...inboxPlace(inquiry) },
  );
}

/** A reply reaches the other party: a seller's reply the buyer, a buyer's message the seller. */
export async function notifyReply(services: Services, tx: Tx, inquiry: Inquiry, authorId: string, body: string): Promise<void> {
  const url = appLink(services, '/inbox');
  const fromSeller = authorId === inquiry.sellerId;
  const scope = fromSeller ? { teamId: inquiry.buyerId } : await sellerSide(tx, inquiry);
  if (fromSeller) {
    await notify(
      services,
      tx,
      inquiry.buyerId,
      'seller-reply',
      (buyer, unsubscribeUrl) =>
        sellerReplyMail({ name: greetingName(buyer), seller: inquiry.sellerName, menuName: inquiry.menuName, excerpt: excerpt(body), url, unsubscribeUrl }),
      scope,
    );
  } else {
    await notify(
      services,
      tx,
      inquiry.sellerId,
      'new-message',
      (seller, unsubscribeUrl) => newMessageMail({ name: greetingName(seller), buyer: inquiry.buyerName, menuName: inquiry.menuName, excerpt: excerpt(body), url, unsubscribeUrl }),
      scope,
    );
  }
  await pushNews(
    services,
    tx,
    { team: scope.teamId, customerId: scope.customerId },
    { kind: 'new-message', title: `Message from ${fromSeller ? inquiry.sellerName : inquiry.buyerName}`, body, ...inboxPlace(inquiry) },
  );
}

export async function notifyOrderStatus(services: Services, tx: Tx, inquiry: Inquiry, status: 'accepted' | 'declined'): Promise<void> {
  await notify(
    services,
    tx,
    inquiry.buyerId,
    'order-status',
    (buyer, unsubscribeUrl) =>
      orderStatusMail({ name: greetingName(buyer), seller: inquiry.sellerName, menuName: inquiry.menuName, status, url: appLink(services, '/inbox'), unsubscribeUrl }),
    { teamId: inquiry.buyerId },
  );
  await pushNews(
    services,
    tx,
    { team: inquiry.buyerId },
    { kind: 'order-status', title: `Order request ${status}`, body: `${inquiry.sellerName} ${status} your order request from ${inquiry.menuName}.`, ...inboxPlace(inquiry) },
  );
}

/** The first time a signed-in buyer opens one of the seller's menus: the seller may want to write to them. */
export async function notifyFirstMenuOpen(services: Services, tx: Tx, open: FirstBuyerOpen): Promise<void> {
  const [menu, buyer] = await Promise.all([findMenu(tx.db, open.menuId), findUserById(tx.db, open.buyerId)]);
  if (!menu || !buyer) return;
  await notify(
    services,
    tx,
    open.sellerId,
    'first-menu-view',
    (seller, unsubscribeUrl) =>
      firstMenuViewMail({
        name: greetingName(seller),
        buyer: partyName(buyer, 'A buyer'),
        menuName: menu.name,
        url: appLink(services, `/menus/${menu.id}/insights`),
        unsubscribeUrl,
      }),
    { teamId: open.sellerId },
  );
  await pushNews(
    services,
    tx,
    { team: open.sellerId },
    {
      kind: 'first-menu-view',
      title: `${partyName(buyer, 'A buyer')} opened ${menu.name}`,
      body: 'The first time they opened this menu: a good moment to write to them.',
      url: `/menus/${menu.id}/insights`,
      tag: `menu-view-${menu.id}`,
    },
  );
}

/** Once per seller: the provider's notice and the server's own sweep of trials without a subscription may both ask. */
export async function notifyTrialEnding(services: Services, tx: Tx, sellerId: string, trialEnd: Date): Promise<void> {
  if (await mailKindSentTo(tx.db, sellerId, 'trial-ending')) return;
  const endsOn = trialEnd.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  await notify(services, tx, sellerId, 'trial-ending', (seller, unsubscribeUrl) =>
    trialEndingMail({ name: greetingName(seller), endsOn, url: appLink(services, '/subscribe'), unsubscribeUrl }),
  );
}

export async function notifyPaymentFailed(services: Services, tx: Tx, sellerId: string): Promise<void> {
  await notify(services, tx, sellerId, 'payment-failed', (seller, unsubscribeUrl) =>
    paymentFailedMail({ name: greetingName(seller), url: appLink(services, '/subscribe'), unsubscribeUrl }),
  );
}

export async function notifySubscriptionCanceled(services: Services, tx: Tx, sellerId: string): Promise<void> {
  await notify(services, tx, sellerId, 'subscription-canceled', (seller, unsubscribeUrl) =>
    subscriptionCanceledMail({ name: greetingName(seller), url: appLink(services, '/subscribe'), unsubscribeUrl }),
  );
}

export const TRIAL_REMINDER_DAYS = 3;

/** Reminds every seller whose trial ends within 3 days (run periodically). */
export async function remindEndingTrials(services: Services): Promise<void> {
  const now = services.now();
  const by = new Date(now.getTime() + TRIAL_REMINDER_DAYS * 24 * 60 * 60 * 1000);
  for (const seller of await sellersWithTrialEndingBetween(services.db.read, now, by)) {
    await services.db.transaction((tx) => notifyTrialEnding(services, tx, seller.id, seller.trialEndsAt));
  }
}
