/**
 * What a seller may do, from their subscription alone: the same rules on the
 * device (banners, the trial countdown) and on the server (refusing writes).
 *
 * A running trial and an active subscription have full use; a failed payment
 * (`past_due`) keeps full use for a grace period; after that, an ended trial
 * and a canceled subscription leave the seller able to read, export, answer
 * buyers and manage billing, but not to create or edit products and menus.
 */
import type { SubscriptionStatus, UserRole } from '../contract/constants';

export const PAST_DUE_GRACE_DAYS = 7;
/** From this many days before the end, the trial countdown is shown prominently. */
export const TRIAL_ENDING_SOON_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BillingSubject = {
  role: UserRole;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  pastDueSince: string | null;
};

export type Entitlement =
  | { mayEdit: true; state: 'not_a_seller' }
  | { mayEdit: true; state: 'trialing'; trialEndsAt: string; daysLeft: number }
  | { mayEdit: true; state: 'active' }
  | { mayEdit: true; state: 'past_due_grace'; graceEndsAt: string; daysLeft: number }
  | { mayEdit: false; state: 'trial_ended' | 'past_due' | 'canceled' };

export type LapsedState = Extract<Entitlement, { mayEdit: false }>['state'];

/** Whole days left until `end`, counting a part day as a day; 0 once it has passed. */
export function daysUntil(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

export function entitlementOf(subject: BillingSubject, now: Date): Entitlement {
  if (subject.role !== 'seller') return { mayEdit: true, state: 'not_a_seller' };
  switch (subject.subscriptionStatus) {
    case 'active':
      return { mayEdit: true, state: 'active' };
    case 'trial': {
      const end = subject.trialEndsAt ? new Date(subject.trialEndsAt) : null;
      if (!end || end <= now) return { mayEdit: false, state: 'trial_ended' };
      return { mayEdit: true, state: 'trialing', trialEndsAt: end.toISOString(), daysLeft: daysUntil(end, now) };
    }
    case 'past_due': {
      // Without the day the payment failed there is nothing to count the grace period from.
      if (!subject.pastDueSince) return { mayEdit: false, state: 'past_due' };
      const graceEnds = new Date(new Date(subject.pastDueSince).getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
      if (graceEnds <= now) return { mayEdit: false, state: 'past_due' };
      return { mayEdit: true, state: 'past_due_grace', graceEndsAt: graceEnds.toISOString(), daysLeft: daysUntil(graceEnds, now) };
    }
    case 'canceled':
      return { mayEdit: false, state: 'canceled' };
  }
}

/** Why a lapsed seller's change was not accepted, in words the seller understands. */
export function lapsedMessage(state: LapsedState): string {
  switch (state) {
    case 'trial_ended':
      return 'Your free trial has ended. Subscribe to the Pro plan to keep editing your catalogue.';
    case 'past_due':
      return `Your last payment did not go through and the ${PAST_DUE_GRACE_DAYS}-day grace period is over. Update your payment to keep editing your catalogue.`;
    case 'canceled':
      return 'Your subscription has ended. Subscribe to the Pro plan to keep editing your catalogue.';
  }
}

export function trialEndingSoon(entitlement: Entitlement): boolean {
  return entitlement.state === 'trialing' && entitlement.daysLeft <= TRIAL_ENDING_SOON_DAYS;
}
