/** The provider's subscription statuses in the app's four words (spec: trial, active, canceled, past_due). */
import type { SubscriptionStatus } from '../../sync/constants';

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
