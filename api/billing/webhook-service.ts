/**
 * Events from the payment provider keep each seller's standing true. Each
 * event id is applied once; an event older than the last one applied to its
 * subscription changes nothing, so late deliveries never move a status back,
 * and a canceled subscription stays canceled (the provider never revives one:
 * a seller who pays again does so on a new subscription). A signed event the
 * app cannot use (no object, no customer, a subscription of nobody it knows)
 * is acknowledged and changes nothing, so the provider does not retry it for
 * days. The work is local (no calls back to the provider), so the answer is quick.
 */
import type { SubscriptionStatus } from '../../sync/contract/constants';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { billingAccountOf, findBillingSubscription, recordBillingEvent, saveBillingSubscription, userIdOfCustomer } from '../db/repositories/billing';
import { findUserById, updateUser } from '../db/repositories/users';
import { notifyPaymentFailed, notifySubscriptionCanceled, notifyTrialEnding } from '../mail/notifications';
import { PAYMENTS_OFF_MESSAGE } from './billing-service';
import { standingAfter } from './status-mapping';
import { readProviderEvent, type ProviderEvent } from './webhook-event';

export type WebhookOutcome = 'applied' | 'replay' | 'stale' | 'ignored';

/** What an event says about one subscription. */
type SubscriptionNews = { subscriptionId: string; customerId: string; status: string; currentPeriodEnd?: Date | null; cancelAtPeriodEnd?: boolean };

/** Statuses a subscription never leaves: the provider starts a new one instead. */
const FINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

export async function receiveWebhook(services: Services, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  if (!signature) throw new AppError('validation', 'Missing Stripe-Signature header');
  if (!services.payments) throw new AppError('unavailable', PAYMENTS_OFF_MESSAGE);
  let verified: unknown;
  try {
    verified = services.payments.verifyEvent(rawBody, signature);
  } catch {
    throw new AppError('validation', 'The webhook signature does not match');
  }
  const event = readProviderEvent(verified);
  if (!event) return 'ignored';
  return services.db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx.db, event.id, event.type, services.now()))) return 'replay';
    if (event.type === 'customer.subscription.trial_will_end' && event.kind === 'subscription') await remindOfTrialEnd(services, tx, event);
    const news = await newsOf(tx, event);
    if (!news) return 'ignored';
    return applyNews(services, tx, news, event.createdAt);
  });
}

async function newsOf(tx: Tx, event: ProviderEvent): Promise<SubscriptionNews | null> {
  if (event.kind === 'subscription') {
    // The reminder three days before a trial ends changes no standing (its email is sent above).
    if (event.type === 'customer.subscription.trial_will_end') return null;
    const { id, customerId, status, currentPeriodEnd, cancelAtPeriodEnd } = event.subscription;
    return { subscriptionId: id, customerId, status, currentPeriodEnd, cancelAtPeriodEnd };
  }
  if (event.kind === 'invoice') {
    const known = event.subscriptionId ? await findBillingSubscription(tx.db, event.subscriptionId) : null;
    if (!known) return null;
    // A paid invoice settles a subscription waiting for money; a failed one makes a paying one past due. The subscription events say the rest.
    if (event.type === 'invoice.paid' && ['past_due', 'unpaid', 'incomplete'].includes(known.status)) {
      return { subscriptionId: known.id, customerId: event.customerId, status: 'active' };
    }
    if (event.type === 'invoice.payment_failed' && ['active', 'trialing'].includes(known.status)) {
      return { subscriptionId: known.id, customerId: event.customerId, status: 'past_due' };
    }
    return null;
  }
  // Other types do not concern us.
  return null;
}

async function applyNews(services: Services, tx: Tx, news: SubscriptionNews, eventAt: Date): Promise<WebhookOutcome> {
  const known = await findBillingSubscription(tx.db, news.subscriptionId);
  const userId = known?.userId ?? (await userIdOfCustomer(tx.db, news.customerId));
  if (!userId) return 'ignored';
  if (known && eventAt < known.lastEventAt) return 'stale';
  if (known && FINAL_STATUSES.has(known.status)) return 'ignored';
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
  const status = user ? standingAfter(user.subscriptionStatus, news.status) : null;
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
async function remindOfTrialEnd(services: Services, tx: Tx, event: Extract<ProviderEvent, { kind: 'subscription' }>): Promise<void> {
  const { id, customerId } = event.subscription;
  const userId = (await findBillingSubscription(tx.db, id))?.userId ?? (await userIdOfCustomer(tx.db, customerId));
  if (userId && event.trialEnd) await notifyTrialEnding(services, tx, userId, event.trialEnd);
}
