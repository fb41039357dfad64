/** The words the app uses for a seller's standing, from the shared entitlement rules. */
import { trialEndingSoon, type Entitlement } from '../../sync/billing/entitlements';
import type { SubscriptionStateStatus } from '../../sync/entities/subscription';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The short countdown for the top bar and the dashboard; null when there is nothing to count down. */
export function countdownText(entitlement: Entitlement): { text: string; urgent: boolean } | null {
  if (entitlement.state === 'trialing') {
    return { text: `Free trial: ${days(entitlement.daysLeft)} left`, urgent: trialEndingSoon(entitlement) };
  }
  if (entitlement.state === 'past_due_grace') {
    return { text: `Payment failed: ${days(entitlement.daysLeft)} to update`, urgent: true };
  }
  return null;
}

/** The status line of the billing page, in the seller's words rather than the provider's. */
export function statusLabel(status: SubscriptionStateStatus): string {
  switch (status) {
    case 'trialing':
      return 'Free trial';
    case 'active':
      return 'Active';
    case 'past_due':
      return 'Payment past due';
    case 'canceled':
      return 'Canceled';
    case 'incomplete':
      return 'Waiting for the first payment';
    case 'trial_expired':
      return 'Free trial ended';
  }
}

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
