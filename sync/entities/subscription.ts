import { z } from 'zod';

/** The payment provider's words for a subscription, as GET /api/subscription-status answers them. */
export const subscriptionStateSchema = z.object({
  status: z.string(),
  clientSecret: z.string().nullable().optional(),
  trialEndsAt: z.string().nullable().optional(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;
