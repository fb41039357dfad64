import { z } from 'zod';

/**
 * GET /api/subscription-status, in the payment provider's words: `trialing`
 * while the free trial runs (with or without a subscription yet), `active`,
 * `past_due`, `canceled`, `incomplete` (a first payment not yet made after the
 * trial), and `trial_expired` for a trial that ended unpaid.
 */
export const SUBSCRIPTION_STATE_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'trial_expired'] as const;
export type SubscriptionStateStatus = (typeof SUBSCRIPTION_STATE_STATUSES)[number];

export const subscriptionStateSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATE_STATUSES),
  clientSecret: z.string().nullable().optional(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable().optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  /** Whether the server takes payments at all (all its payment settings are present). */
  paymentsEnabled: z.boolean(),
  /** Whether there is a billing account to manage in the provider's portal. */
  hasBillingAccount: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** GET /api/config: the payment provider's public key, or null when the server takes no payments. */
export const paymentConfigSchema = z.object({ stripePublishableKey: z.string().nullable() });

/** POST /api/create-subscription. */
export type CreatedSubscription = { status: string; clientSecret: string | null };
