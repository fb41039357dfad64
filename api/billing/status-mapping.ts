/** The provider's subscription statuses in the app's four words (docs/product-rules.md's Billing). */
import type { SubscriptionStatus } from '../../sync/contract/constants';

/** null: the status says nothing yet about the seller's standing (a first payment still being made). */
export function userStatusFor(providerStatus: string): SubscriptionStatus | null {
  switch (providerStatus) {
    case 'trialing':
      return 'trial';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    default:
      return null;
  }
}

/**
 * The standing a seller moves to when their current subscription reports `providerStatus`. A subscription that ends
 * while the seller has never paid (still on the free trial: the trial ran out with no card, or they canceled during
 * it) leaves them on the trial, whose end date then reads as "trial ended" rather than a canceled plan.
 */
export function standingAfter(current: SubscriptionStatus, providerStatus: string): SubscriptionStatus | null {
  const next = userStatusFor(providerStatus);
  return current === 'trial' && next === 'canceled' ? null : next;
}
