/**
 * What /subscribe offers a seller, from where the plan stands: a paying
 * seller is told so; a seller in the free trial is told the days left and,
 * when the server takes payments, gets the card form (the provider's setup
 * intent: the card is saved now and charged when the trial ends, so the trial
 * rolls into Pro with no gap), or is told the card is already saved; anyone
 * else gets a Pro subscription created and pays through the form.
 */
import type { CreatedSubscription, SubscriptionState } from '../../../sync/entities/subscription';
import { ApiError } from '../../lib/api-client';

/** The card during the trial: the form to save one, saved already, or no payments on this server. */
export type TrialCard = { kind: 'form'; clientSecret: string } | { kind: 'saved' } | { kind: 'payments-off' };

export type SetupOutcome = { kind: 'active' } | { kind: 'trial'; trialEndsAt: string; card: TrialCard } | { kind: 'payment'; clientSecret: string } | { kind: 'unavailable' };

export type SetupCalls = {
  readStatus: () => Promise<SubscriptionState>;
  /** POST /api/create-subscription: reuses a standing subscription, never makes a second. */
  createSubscription: () => Promise<CreatedSubscription>;
};

export async function runSetup({ readStatus, createSubscription }: SetupCalls): Promise<SetupOutcome> {
  const current = await readStatus();
  if (current.status === 'active') return { kind: 'active' };
  const trialEndsAt = current.status === 'trialing' ? current.trialEndsAt : null;
  const paymentsOff = (): SetupOutcome => (trialEndsAt ? { kind: 'trial', trialEndsAt, card: { kind: 'payments-off' } } : { kind: 'unavailable' });
  if (!current.paymentsEnabled) return paymentsOff();
  let created: CreatedSubscription;
  try {
    created = await createSubscription();
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return paymentsOff();
    throw error;
  }
  if (trialEndsAt) {
    if (created.clientSecret) return { kind: 'trial', trialEndsAt, card: { kind: 'form', clientSecret: created.clientSecret } };
    // A trialing subscription with nothing left to confirm has its card.
    if (created.status === 'trialing' || created.status === 'active') return { kind: 'trial', trialEndsAt, card: { kind: 'saved' } };
  }
  if (!created.clientSecret) throw new Error(`No client secret returned for subscription status '${created.status}'`);
  return { kind: 'payment', clientSecret: created.clientSecret };
}
