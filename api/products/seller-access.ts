/** Sellers may keep working during their trial or an active subscription; after that, writes need a subscription. */
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';

export function assertSellerMayWrite(user: User, now: Date): void {
  if (user.role !== 'seller') return;
  if (user.subscriptionStatus === 'active') return;
  if (user.subscriptionStatus === 'trial' && user.trialEndsAt && new Date(user.trialEndsAt) > now) return;
  throw new AppError(
    'subscription_required',
    'Your free trial has ended. Subscribe to the Pro plan to keep editing your catalogue.',
  );
}
