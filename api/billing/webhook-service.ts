/**
 * Events from the payment provider keep each seller's standing true. Each
 * event id is applied once; an event older than the last one applied to its
 * subscription changes nothing, so late deliveries never move a status back.
 * The work is local (no calls back to the provider), so the answer is quick.
 */
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../sync/constants';
import { AppError } from '../../sync/errors';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import {
  billingAccountOf,
  findBillingSubscription,
  recordBillingEvent,
  saveBillingSubscription,
  userIdOfCustomer,
} from '../db/repositories/billing';
import { findUserById, updateUser } from '../db/repositories/users';
import { notifyPaymentFailed, notifySubscriptionCanceled, notifyTrialEnding } from '../mail/notifications';
import { PAYMENTS_OFF_MESSAGE } from './billing-service';
import { reduce } from './payments';
import { userStatusFor } from './status-mapping';

export type WebhookOutcome = 'applied' | 'replay' | 'stale' | 'ignored';

/** What an event says about one subscription. */
type SubscriptionNews = { subscriptionId: string; customerId: string; status: string; currentPeriodEnd?: Date | null; cancelAtPeriodEnd?: boolean };

export async function receiveWebhook(services: Services, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  if (!signature) throw new AppError('validation', 'Missing Stripe-Signature header');
  if (!services.payments) throw new AppError('unavailable', PAYMENTS_OFF_MESSAGE);
  let event: Stripe.Event;
  try {
    event = services.payments.verifyEvent(rawBody, signature);
  } catch {
    throw new AppError('validation', 'The webhook signature does not match');
  }
  return services.db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx.db, event.id, event.type, services.now()))) return 'replay';
    if (event.type === 'customer.subscription.trial_will_end') await remindOfTrialEnd(services, tx, event.data.object);
    const news = await newsOf(tx, event);
    if (!news) return 'ignored';
    return applyNews(services, tx, news, new Date(event.created * 1000));
  });
}

async function newsOf(tx: Tx, event: Stripe.Event): Promise<SubscriptionNews | null> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = reduce(event.data.object);
      return {
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionIdOf(invoice);
      const known = subscriptionId ? await findBillingSubscription(tx.db, subscriptionId) : null;
      if (!known || !invoice.customer) return null;
      const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer.id;
      // A paid invoice settles a subscription waiting for money; a failed one makes a paying one past due. The subscription events say the rest.
      if (event.type === 'invoice.paid' && ['past_due', 'unpaid', 'incomplete'].includes(known.status)) {
        return { subscriptionId: known.id, customerId, status: 'active' };
      }
      if (event.type === 'invoice.payment_failed' && ['active', 'trialing'].includes(known.status)) {
        return { subscriptionId: known.id, customerId, status: 'past_due' };
      }
      return null;
    }
    default:
      // customer.subscription.trial_will_end changes no standing (the reminder email is sent elsewhere); other types do not concern us.
      return null;
  }
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  if (fromParent) return typeof fromParent === 'string' ? fromParent : fromParent.id;
  // Older API versions named it on the invoice itself.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return legacy ? (typeof legacy === 'string' ? legacy : legacy.id) : null;
}

async function applyNews(services: Services, tx: Tx, news: SubscriptionNews, eventAt: Date): Promise<WebhookOutcome> {
  const known = await findBillingSubscription(tx.db, news.subscriptionId);
  const userId = known?.userId ?? (await userIdOfCustomer(tx.db, news.customerId));
  if (!userId) return 'ignored';
  if (known && eventAt < known.lastEventAt) return 'stale';
  const now = services.now();
  await saveBillingSubscription(tx.db, {
    id: news.subscriptionId,
    userId,
    status: news.status,
    currentPeriodEnd: news.currentPeriodEnd !== undefined ? news.currentPeriodEnd : (known?.currentPeriodEnd ?? null),
    cancelAtPeriodEnd: news.cancelAtPeriodEnd ?? known?.cancelAtPeriodEnd ?? false,
    lastEventAt: eventAt,
    updatedAt: now,
  });
  const user = await findUserById(tx.db, userId);
  const account = await billingAccountOf(tx.db, userId);
  const status = userStatusFor(news.status);
  // Only the seller's current subscription speaks for them; a standing one becomes current (it replaced a canceled one).
  const isCurrent = account.subscriptionId === null || account.subscriptionId === news.subscriptionId || (status !== null && status !== 'canceled');
  if (!user || !isCurrent) return 'applied';
  const changes: { stripeSubscriptionId?: string; subscriptionStatus?: SubscriptionStatus; pastDueSince?: Date | null } = {};
  if (account.subscriptionId !== news.subscriptionId) changes.stripeSubscriptionId = news.subscriptionId;
  if (status && status !== user.subscriptionStatus) {
    changes.subscriptionStatus = status;
    changes.pastDueSince = status === 'past_due' ? eventAt : null;
  }
  if (Object.keys(changes).length > 0) await updateUser(tx.db, userId, changes, tx.version, now);
  if (changes.subscriptionStatus === 'past_due') await notifyPaymentFailed(services, tx, userId);
  if (changes.subscriptionStatus === 'canceled') await notifySubscriptionCanceled(services, tx, userId);
  return 'applied';
}

/** The provider's notice three days before a subscription's trial ends: an email, and no change of standing. */
async function remindOfTrialEnd(services: Services, tx: Tx, subscription: Stripe.Subscription): Promise<void> {
  const { id, customerId } = reduce(subscription);
  const userId = (await findBillingSubscription(tx.db, id))?.userId ?? (await userIdOfCustomer(tx.db, customerId));
  if (userId && subscription.trial_end) await notifyTrialEnding(services, tx, userId, new Date(subscription.trial_end * 1000));
}
