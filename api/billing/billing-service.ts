/** The seller's Pro plan: where it stands, starting it with the payment provider, and its self-service portal. */
import type { SubscriptionState } from '../../sync/entities/subscription';
import type { CreatedSubscription } from '../../sync/entities/subscription';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import { billingAccountOf, findBillingSubscription, saveBillingSubscriptionIfNew } from '../db/repositories/billing';
import { findUserById, updateUser } from '../db/repositories/users';
import type { Payments, ProviderSubscription } from './payments';

export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server yet.';

function paymentsOf(services: Services): Payments {
  if (!services.payments) throw new AppError('unavailable', PAYMENTS_OFF_MESSAGE);
  return services.payments;
}

export async function subscriptionState(services: Services, user: User): Promise<SubscriptionState> {
  const now = services.now();
  const account = await billingAccountOf(services.db.read, user.id);
  const subscription = account.subscriptionId ? await findBillingSubscription(services.db.read, account.subscriptionId) : null;
  const common = {
    trialEndsAt: user.trialEndsAt,
    currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    paymentsEnabled: services.payments !== null,
    hasBillingAccount: account.customerId !== null,
  };
  if (user.subscriptionStatus !== 'trial') return { status: user.subscriptionStatus, ...common };
  if (user.trialEndsAt !== null && new Date(user.trialEndsAt) > now) return { status: 'trialing', ...common };
  return { status: subscription?.status === 'incomplete' ? 'incomplete' : 'trial_expired', ...common };
}

/**
 * Each seller's creations run one at a time in this process, so concurrent
 * calls find the customer the first one stored; the idempotency keys cover
 * retries and other processes.
 */
const sellerQueues = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = sellerQueues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  sellerQueues.set(key, next);
  void next
    .finally(() => {
      if (sellerQueues.get(key) === next) sellerQueues.delete(key);
    })
    .catch(() => undefined);
  return next;
}

/**
 * One customer per seller, stored and reused; a standing subscription is
 * reused, never doubled; a new one keeps the free trial's remaining days.
 * During the trial the answer's secret is the setup intent of the card form:
 * the card is saved now and first charged when the trial ends.
 */
export async function createSubscription(services: Services, seller: User): Promise<CreatedSubscription> {
  const payments = paymentsOf(services);
  return oneAtATime(seller.id, async () => {
    const user = (await findUserById(services.db.read, seller.id)) ?? seller;
    const account = await billingAccountOf(services.db.read, user.id);
    const customerId = account.customerId ?? (await payments.createCustomer(user, `customer-${user.id}`));
    if (!account.customerId) {
      await services.db.transaction((tx) => updateUser(tx.db, user.id, { stripeCustomerId: customerId }, tx.version, services.now()));
    }
    const { standing, newestId } = await payments.standingSubscription(customerId);
    const now = services.now();
    const trialEnd = user.trialEndsAt && new Date(user.trialEndsAt) > now ? new Date(user.trialEndsAt) : null;
    const subscription = standing
      ? await keepTrialEnd(payments, standing, trialEnd)
      : await payments.createSubscription({
          customerId,
          userId: user.id,
          trialEnd,
          // The same request after the same newest subscription is the same creation; after a canceled one it is a new one.
          idempotencyKey: `subscription-${user.id}-after-${newestId ?? 'none'}-${trialEnd ? Math.floor(trialEnd.getTime() / 1000) : 'now'}`,
        });
    await services.db.transaction(async (tx) => {
      await saveBillingSubscriptionIfNew(tx.db, {
        id: subscription.id,
        userId: user.id,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        // Any event about it, however early, tells more than this answer.
        lastEventAt: new Date(0),
        updatedAt: now,
      });
      if (account.subscriptionId !== subscription.id) {
        await updateUser(tx.db, user.id, { stripeSubscriptionId: subscription.id }, tx.version, now);
      }
    });
    return { status: subscription.status, clientSecret: subscription.clientSecret };
  });
}

/**
 * A subscription made during the trial charges first when the trial ended
 * then; the trial may have been extended since (an admin gave more days), so
 * the first charge moves with it: the seller is told, and charged, by one date.
 */
async function keepTrialEnd(payments: Payments, standing: ProviderSubscription, trialEnd: Date | null): Promise<ProviderSubscription> {
  if (standing.status !== 'trialing' || !trialEnd || !standing.trialEnd) return standing;
  if (Math.floor(standing.trialEnd.getTime() / 1000) === Math.floor(trialEnd.getTime() / 1000)) return standing;
  return payments.moveTrialEnd(standing.id, trialEnd);
}

export async function billingPortalUrl(services: Services, seller: User, returnUrl: string): Promise<{ url: string }> {
  const payments = paymentsOf(services);
  const { customerId } = await billingAccountOf(services.db.read, seller.id);
  if (!customerId) throw new AppError('conflict', 'There is no billing account to manage yet: subscribe first.');
  return { url: await payments.portalUrl(customerId, returnUrl) };
}
