/** The words the app uses for a seller's standing, from the shared entitlement rules. */
import { trialEndingSoon, type Entitlement } from '../../sync/rules/entitlements';
import type { SubscriptionStateStatus } from '../../sync/entities/subscription';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** What Billing and Subscribe both say on a server that takes no payments. */
export const PAYMENTS_OFF_TEXT = 'Payments are not set up on this server yet.';

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

/** One line on where the plan stands, as the device last knew it; null for someone who is not a seller. */
export function planHeadline(entitlement: Entitlement): string | null {
  const countdown = countdownText(entitlement);
  switch (entitlement.state) {
    case 'not_a_seller':
      return null;
    case 'trialing':
      return `${countdown?.text} (ends ${formatDay(entitlement.trialEndsAt)})`;
    case 'active':
      return 'Pro plan: active';
    case 'past_due_grace':
      return countdown?.text ?? null;
    default:
      return 'Pro plan: not active';
  }
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
