/**
 * The payment provider behind the Pro plan. With STRIPE_SECRET_KEY set, Stripe
 * holds the subscription and card data; without it the server still runs and
 * answers that payments are not configured.
 */
import Stripe from 'stripe';
import { TRIAL_DAYS } from '../../sync/constants';
import type { SubscriptionState } from '../../sync/entities/subscription';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';

export type CreatedSubscription = SubscriptionState & { customerId: string; subscriptionId: string };

export type Payments = {
  readonly configured: boolean;
  createSubscription(user: User, existingCustomerId: string | null, now: Date): Promise<CreatedSubscription>;
};

const NOT_CONFIGURED = 'Payments are not configured on this server yet. Please contact support.';

export const paymentsNotConfigured: Payments = {
  configured: false,
  async createSubscription() {
    throw new AppError('unavailable', NOT_CONFIGURED);
  },
};

export function stripePayments(secretKey: string, priceId: string | undefined): Payments {
  const stripe = new Stripe(secretKey);
  return {
    configured: true,
    async createSubscription(user, existingCustomerId, now) {
      if (!priceId) throw new AppError('unavailable', NOT_CONFIGURED);
      const customerId =
        existingCustomerId ??
        (await stripe.customers.create({ email: user.email, name: user.businessName ?? undefined, metadata: { userId: user.id } })).id;
      const trialEnd = user.trialEndsAt ? new Date(user.trialEndsAt) : new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
      const subscription = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        ...(trialEnd > now && { trial_end: Math.floor(trialEnd.getTime() / 1000) }),
        expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
      });
      const setupIntent = subscription.pending_setup_intent;
      const invoice = subscription.latest_invoice;
      const clientSecret =
        (typeof setupIntent === 'object' && setupIntent?.client_secret) ||
        (typeof invoice === 'object' && invoice?.confirmation_secret?.client_secret) ||
        null;
      return { status: subscription.status, clientSecret, customerId, subscriptionId: subscription.id };
    },
  };
}
