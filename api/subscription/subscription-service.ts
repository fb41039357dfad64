/** The seller's Pro plan: where it stands, and starting it with the payment provider. */
import type { SubscriptionState } from '../../sync/entities/subscription';
import type { User } from '../../sync/entities/user';
import type { Services } from '../context';
import { updateUser } from '../db/repositories/users';

/** The provider's vocabulary: our stored 'trial' is 'trialing' while it lasts, and 'trial_expired' after. */
export function subscriptionState(user: User, now: Date): SubscriptionState {
  if (user.subscriptionStatus !== 'trial') return { status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt };
  const trialLasts = user.trialEndsAt !== null && new Date(user.trialEndsAt) > now;
  return { status: trialLasts ? 'trialing' : 'trial_expired', trialEndsAt: user.trialEndsAt };
}

export async function createSubscription(services: Services, seller: User): Promise<SubscriptionState> {
  const now = services.now();
  const created = await services.payments.createSubscription(seller, null, now);
  await services.db.transaction(async (tx) =>
    updateUser(
      tx.db,
      seller.id,
      { stripeCustomerId: created.customerId, stripeSubscriptionId: created.subscriptionId },
      tx.version,
      now,
    ),
  );
  return { status: created.status, clientSecret: created.clientSecret, trialEndsAt: seller.trialEndsAt };
}
