/**
 * Subscription sign-up (spec section 2, 'Subscribe'): a seller whose plan is
 * already running is told so; anyone else gets a Pro subscription created and
 * pays through the provider's embedded form. After paying (here, or back from
 * the provider's own page) the page waits for the server to confirm the plan.
 * Stripe's script is imported only here, so no other page downloads it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { PRO_PRICE_CENTS, TRIAL_DAYS } from '../../../sync/constants';
import { formatScaled } from '../../../sync/decimal';
import type { SubscriptionState } from '../../../sync/entities/subscription';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, Spinner } from '../../components/ui/card';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useSyncSession } from '../../lib/replica/sync-session';
import { fetchSubscriptionState } from '../../lib/subscription-status';
import { toast } from '../../lib/toast-store';
import { returnFromProvider, waitUntilActive } from './confirm-payment';
import { useDocumentTitle } from '../../lib/document-title';

type RunningStatus = 'active' | 'trialing';

type SetupOutcome = { kind: 'subscribed'; status: RunningStatus } | { kind: 'payment'; clientSecret: string } | { kind: 'unavailable' };

type PageState = { kind: 'loading' } | { kind: 'error' } | { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'unconfirmed' } | SetupOutcome;

const PRICE_TEXT = `$${formatScaled(PRO_PRICE_CENTS, 2)}/month`;
const DASHBOARD_PATH = '/seller-dashboard';

const BENEFITS = [
  `${TRIAL_DAYS}-day free trial`,
  'Unlimited products and menus',
  'Professional sharing links',
  'Real-time inventory updates',
];

function isRunning(status: string): status is RunningStatus {
  return status === 'active' || status === 'trialing';
}

const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server yet.';

async function runSetup(): Promise<SetupOutcome> {
  const current = await fetchSubscriptionState();
  if (isRunning(current.status)) return { kind: 'subscribed', status: current.status };
  if (!current.paymentsEnabled) return { kind: 'unavailable' };
  let created: SubscriptionState;
  try {
    created = await apiRequest<SubscriptionState>('POST', '/api/create-subscription');
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return { kind: 'unavailable' };
    throw error;
  }
  if (!created.clientSecret) throw new Error(`No client secret returned for subscription status '${created.status}'`);
  return { kind: 'payment', clientSecret: created.clientSecret };
}

// Strict mode mounts the page twice in development; sharing the call in flight keeps that from creating two subscriptions.
let setupInFlight: Promise<SetupOutcome> | null = null;

function startSetup(): Promise<SetupOutcome> {
  setupInFlight ??= runSetup().finally(() => {
    setupInFlight = null;
  });
  return setupInFlight;
}

function reportSetupError(error: unknown) {
  console.error('Subscription setup failed', error);
  toast({ title: 'Setup Error', description: 'Failed to set up subscription. Please try again.', variant: 'destructive' });
}

export function SubscribePage() {
  useDocumentTitle('Subscribe');
  const { search } = useLocation();
  const [returned] = useState(() => returnFromProvider(search));
  const [state, setState] = useState<PageState>(returned === 'confirm' ? { kind: 'confirming' } : { kind: 'loading' });

  useEffect(() => {
    if (returned === 'failed') {
      toast({ title: 'Payment Failed', description: 'Your payment could not be completed. Please try again.', variant: 'destructive' });
    }
  }, [returned]);

  useEffect(() => {
    if (state.kind !== 'confirming') return;
    let stopped = false;
    void waitUntilActive({
      readStatus: async () => (await fetchSubscriptionState()).status,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      stopped: () => stopped,
    }).then((outcome) => {
      if (outcome === 'stopped') return;
      if (outcome === 'active') {
        // Bring the account's new status to the device now, so the lapsed banner goes at once.
        void useSyncSession.getState().engine?.syncNow();
        toast({ title: 'Subscription Active!', description: 'Welcome to the Pro plan. Your account is now active.', variant: 'success' });
        setState({ kind: 'confirmed' });
      } else {
        setState({ kind: 'unconfirmed' });
      }
    });
    return () => {
      stopped = true;
    };
  }, [state.kind]);

  useEffect(() => {
    if (returned === 'confirm') return;
    let cancelled = false;
    startSetup()
      .then((outcome) => {
        if (!cancelled) setState(outcome);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        reportSetupError(error);
        setState({ kind: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [returned]);

  return (
    <main id="main-content" className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      {state.kind === 'loading' && (
        <Card className="p-8 text-center">
          <Spinner label="Setting up your subscription" />
          <p className="text-stone-600">Setting up your subscription...</p>
        </Card>
      )}
      {state.kind === 'error' && <SetupErrorCard />}
      {state.kind === 'unavailable' && (
        <Card role="alert" className="p-8 text-center">
          <h1 className="text-xl font-semibold text-stone-900">Subscriptions are not available yet</h1>
          <p className="mt-2 text-stone-600">{PAYMENTS_OFF_MESSAGE}</p>
          <Link to={DASHBOARD_PATH} className={buttonClasses('outline', 'md', 'mt-6')}>
            Go to Dashboard
          </Link>
        </Card>
      )}
      {state.kind === 'confirming' && (
        <Card className="p-8 text-center">
          <Spinner label="Confirming your payment" />
          <p className="text-stone-600">Confirming your payment…</p>
        </Card>
      )}
      {state.kind === 'confirmed' && (
        <Card className="p-8 text-center">
          <span aria-hidden className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
            ✓
          </span>
          <h1 className="mt-4 text-2xl font-bold text-stone-900">Subscription Active!</h1>
          <p className="mt-2 text-stone-600">Welcome to the Pro plan. Your account is now active.</p>
          <Link to={DASHBOARD_PATH} className={buttonClasses('primary', 'md', 'mt-6')}>
            Go to Dashboard
          </Link>
        </Card>
      )}
      {state.kind === 'unconfirmed' && (
        <Card role="alert" className="p-8 text-center">
          <h1 className="text-xl font-semibold text-stone-900">Still confirming your payment</h1>
          <p className="mt-2 text-stone-600">
            Your payment has not been confirmed yet. This can take a few minutes; your Billing page shows when it has.
          </p>
          <Button className="mt-6" onClick={() => setState({ kind: 'confirming' })}>
            Check again
          </Button>
        </Card>
      )}
      {state.kind === 'subscribed' && <AllSetCard status={state.status} />}
      {state.kind === 'payment' && (
        <PaymentCard
          clientSecret={state.clientSecret}
          onPaid={() => setState({ kind: 'confirming' })}
          onSetupError={(error) => {
            reportSetupError(error);
            setState({ kind: 'error' });
          }}
        />
      )}
    </main>
  );
}

function AllSetCard({ status }: { status: RunningStatus }) {
  return (
    <Card className="p-8 text-center">
      <span aria-hidden className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
        ✓
      </span>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">You're All Set!</h1>
      <p className="mt-2 text-stone-600">
        {status === 'trialing' ? `Your ${TRIAL_DAYS}-day free trial is active` : 'Your Pro subscription is active.'}
      </p>
      <Link to={DASHBOARD_PATH} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to Dashboard
      </Link>
    </Card>
  );
}

function SetupErrorCard() {
  return (
    <Card role="alert" className="p-8 text-center">
      <h1 className="text-xl font-semibold text-stone-900">Setup Error</h1>
      <p className="mt-2 text-stone-600">Unable to set up subscription. Please try again or contact support.</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </Card>
  );
}

function PaymentCard({ clientSecret, onPaid, onSetupError }: { clientSecret: string; onPaid: () => void; onSetupError: (error: unknown) => void }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  // The latest callback, so the loading effect runs once per secret rather than once per parent render.
  const onSetupErrorRef = useRef(onSetupError);
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    onSetupErrorRef.current = onSetupError;
  }, [onSetupError]);

  useEffect(() => {
    const container = mountRef.current;
    let cancelled = false;
    let destroy: (() => void) | null = null;

    async function load() {
      const [{ loadStripe }, config] = await Promise.all([
        import('@stripe/stripe-js'),
        apiRequest<{ stripePublishableKey: string | null }>('GET', '/api/config'),
      ]);
      if (!config.stripePublishableKey) throw new Error('The server has no payment provider key configured');
      const stripe = await loadStripe(config.stripePublishableKey);
      if (!stripe) throw new Error('The payment provider could not be loaded');
      if (cancelled || !container) return;
      const elements = stripe.elements({
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#15803d', borderRadius: '6px' } },
      });
      const paymentElement = elements.create('payment');
      paymentElement.on('ready', () => {
        if (!cancelled) setReady(true);
      });
      paymentElement.mount(container);
      stripeRef.current = { stripe, elements };
      destroy = () => paymentElement.destroy();
    }

    load().catch((error: unknown) => {
      if (!cancelled) onSetupErrorRef.current(error);
    });
    return () => {
      cancelled = true;
      destroy?.();
      stripeRef.current = null;
    };
  }, [clientSecret]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded || submitting) return;
    setSubmitting(true);
    const { stripe, elements } = loaded;
    const confirmParams = { return_url: `${window.location.origin}${DASHBOARD_PATH}` };
    try {
      // A trial starts with a setup intent (card saved, nothing charged yet); otherwise the first invoice is paid now.
      const result = clientSecret.startsWith('seti_')
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (result.error) {
        toast({
          title: 'Payment Failed',
          description: result.error.message ?? 'Your payment could not be completed. Please try again.',
          variant: 'destructive',
        });
        return;
      }
      // Paid without leaving the page: the plan is active once the provider has told the server.
      onPaid();
    } catch (error) {
      toast({
        title: 'Payment Failed',
        description: error instanceof Error ? error.message : 'Your payment could not be completed. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="grid gap-6">
      <Card className="border-brand-200 bg-brand-50 p-5">
        <div className="flex items-center justify-between gap-3">
          <div>
            <Badge tone="new">Pro</Badge>
            <p className="mt-2 text-sm text-brand-900">Professional cannabis wholesale menu management</p>
          </div>
          <p className="shrink-0 text-right text-brand-900">
            <span className="text-2xl font-bold">${formatScaled(PRO_PRICE_CENTS, 2)}</span>
            <span className="text-sm">/month</span>
          </p>
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h1 className="text-2xl font-bold text-stone-900">Start Your Subscription</h1>
        <p className="mt-1 text-stone-600">
          Begin your {TRIAL_DAYS}-day free trial, then {PRICE_TEXT}
        </p>
        <ul className="mt-4 grid gap-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2 text-sm text-stone-800">
              <span aria-hidden className="text-brand-700">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>

        <form className="mt-6 grid gap-4" onSubmit={(event) => void submit(event)} aria-busy={!ready || submitting}>
          <div className="relative min-h-40">
            <div ref={mountRef} />
            {!ready && (
              <div className="absolute inset-0 flex items-center justify-center">
                <Spinner label="Loading the payment form" />
              </div>
            )}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={!ready || submitting}>
            {submitting ? 'Processing...' : `Start Subscription (${PRICE_TEXT})`}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-stone-500">You can cancel anytime. No long-term commitments.</p>
      </Card>
    </div>
  );
}
