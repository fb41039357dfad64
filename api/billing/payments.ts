/**
 * The payment provider behind the Pro plan: Stripe, reached at its own API or
 * at STRIPE_API_BASE. Every failure of a call becomes a 502 whose message a
 * seller understands; creations carry idempotency keys so a retry never makes
 * a second customer or subscription.
 */
import Stripe from 'stripe';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Env } from '../env';
import { missingPaymentVariables } from '../env';

/** A provider subscription, reduced to what the app keeps and shows. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When its free trial ends (the first charge), while it has one. */
  trialEnd: Date | null;
  /** What the payment form confirms: the pending setup intent during a trial, else the first invoice's payment. */
  clientSecret: string | null;
};

export type NewSubscription = { customerId: string; userId: string; trialEnd: Date | null; idempotencyKey: string };

/** The statuses of a subscription that still stands; a seller never gets a second one beside it. */
const STANDING_STATUSES = new Set(['incomplete', 'trialing', 'active', 'past_due', 'unpaid']);

export type Payments = {
  readonly publishableKey: string;
  createCustomer(user: User, idempotencyKey: string): Promise<string>;
  /** The customer's standing subscription, and the newest of all (to key a new creation after it). */
  standingSubscription(customerId: string): Promise<{ standing: ProviderSubscription | null; newestId: string | null }>;
  createSubscription(request: NewSubscription): Promise<ProviderSubscription>;
  /** Moves a trialing subscription's first charge to the end of the seller's trial, as it now stands. */
  moveTrialEnd(subscriptionId: string, trialEnd: Date): Promise<ProviderSubscription>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Ends a subscription now (the seller closed their account). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** The event, when the signature over the raw body is right; throws otherwise. */
  verifyEvent(rawBody: string, signature: string): Stripe.Event;
};

export type PaymentTuning = { timeoutMs?: number; maxNetworkRetries?: number };

const EXPAND_SECRETS = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];

/** Payments when every variable is set; null (payments off, trials as usual) otherwise. */
export function paymentsFromEnv(env: Env, tuning: PaymentTuning = {}): Payments | null {
  if (missingPaymentVariables(env).length > 0) return null;
  return stripePayments(
    {
      secretKey: env.STRIPE_SECRET_KEY!,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
      priceId: env.STRIPE_PRICE_ID!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiBase: env.STRIPE_API_BASE,
    },
    tuning,
  );
}

type StripeSettings = { secretKey: string; publishableKey: string; priceId: string; webhookSecret: string; apiBase?: string };

function stripePayments(settings: StripeSettings, tuning: PaymentTuning): Payments {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    timeout: tuning.timeoutMs ?? 20_000,
    maxNetworkRetries: tuning.maxNetworkRetries ?? 2,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });

  return {
    publishableKey: settings.publishableKey,

    createCustomer: (user, idempotencyKey) =>
      providerCall(async () => {
        const customer = await stripe.customers.create({ email: user.email, name: user.businessName ?? undefined, metadata: { userId: user.id } }, { idempotencyKey });
        return customer.id;
      }),

    standingSubscription: (customerId) =>
      providerCall(async () => {
        const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10, expand: EXPAND_SECRETS.map((path) => `data.${path}`) });
        const standing = list.data.find((subscription) => STANDING_STATUSES.has(subscription.status));
        return { standing: standing ? reduce(standing) : null, newestId: list.data[0]?.id ?? null };
      }),

    createSubscription: ({ customerId, userId, trialEnd, idempotencyKey }) =>
      providerCall(async () => {
        const subscription = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: settings.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { userId },
            // A trial that ends with no card saved ends the subscription instead of leaving an unpayable invoice.
            ...(trialEnd && { trial_end: Math.floor(trialEnd.getTime() / 1000), trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }),
            expand: EXPAND_SECRETS,
          },
          { idempotencyKey },
        );
        return reduce(subscription);
      }),

    moveTrialEnd: (subscriptionId, trialEnd) =>
      providerCall(async () =>
        reduce(
          await stripe.subscriptions.update(subscriptionId, {
            trial_end: Math.floor(trialEnd.getTime() / 1000),
            proration_behavior: 'none',
            expand: EXPAND_SECRETS,
          }),
        ),
      ),

    portalUrl: (customerId, returnUrl) => providerCall(async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url),

    cancelSubscription: (subscriptionId) =>
      providerCall(async () => {
        await stripe.subscriptions.cancel(subscriptionId);
      }),

    verifyEvent: (rawBody, signature) => stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret),
  };
}

export function reduce(subscription: Stripe.Subscription): ProviderSubscription {
  const setupIntent = subscription.pending_setup_intent;
  const invoice = subscription.latest_invoice;
  const clientSecret =
    (typeof setupIntent === 'object' && setupIntent?.client_secret) ||
    (subscription.status !== 'active' && typeof invoice === 'object' && invoice?.confirmation_secret?.client_secret) ||
    null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: typeof subscription.trial_end === 'number' ? new Date(subscription.trial_end * 1000) : null,
    clientSecret,
  };
}

/** The period's end sits on the subscription's items in current API versions. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const seconds = subscription.items?.data?.[0]?.current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

const TIMEOUT_MESSAGE = 'The payment service did not answer in time. Please try again in a minute.';
const OUTAGE_MESSAGE = 'The payment service is having trouble right now. Please try again in a few minutes.';
const REFUSED_MESSAGE = 'The payment service could not process this request. Please try again later or contact support.';

/** Runs a provider call; its failures become a 502 with a sentence for the seller (the details go to the log). */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error(`Payment provider error (${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}): ${error.message}`);
    throw new AppError('payment_provider', providerMessage(error));
  }
}

export function providerMessage(error: Stripe.errors.StripeError): string {
  if (error instanceof Stripe.errors.StripeCardError) return `Your card was not accepted: ${error.message}`;
  if (error instanceof Stripe.errors.StripeConnectionError) return TIMEOUT_MESSAGE;
  if (error instanceof Stripe.errors.StripeAPIError || (error.statusCode ?? 0) >= 500) return OUTAGE_MESSAGE;
  return REFUSED_MESSAGE;
}
