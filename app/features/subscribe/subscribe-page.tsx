/**
 * Subscription sign-up: a paying seller is told
 * so; a seller in the free trial sees the days left and may add a card now,
 * charged only when the trial ends; anyone else gets a Pro subscription
 * created and pays through the provider's embedded form. After paying (here,
 * or back from the provider's own page) the page waits for the server to
 * confirm the plan. When the server cannot be reached it says so, with
 * 'Try again', instead of waiting.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from '../../lib/router';
import { daysUntil } from '../../../sync/rules/entitlements';
import { PRO_PRICE_CENTS, TRIAL_DAYS } from '../../../sync/contract/constants';
import { centsAsMoney } from '../../../sync/rules/decimal';
import type { CreatedSubscription } from '../../../sync/entities/subscription';
import { CannotReachServer } from '../../components/cannot-reach-server';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { apiRequest, NetworkError } from '../../lib/api-client';
import { formatDay, PAYMENTS_OFF_TEXT } from '../../lib/billing-text';
import { useConnectivity } from '../../lib/connectivity';
import { useDocumentTitle } from '../../lib/document-title';
import { useSyncSession } from '../../lib/replica/sync-session';
import { fetchSubscriptionState } from '../../lib/subscription-status';
import { toast } from '../../lib/toast-store';
import { returnFromProvider, waitUntilActive } from './confirm-payment';
import { PaymentForm } from './payment-form';
import { runSetup, type SetupOutcome, type TrialCard } from './subscription-setup';

type PageState = { kind: 'loading' } | { kind: 'error' } | { kind: 'unreachable' } | { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'unconfirmed' } | SetupOutcome;

const PRICE_TEXT = `$${centsAsMoney(PRO_PRICE_CENTS)}/month`;
const DASHBOARD_PATH = '/seller-dashboard';

const BENEFITS = [`${TRIAL_DAYS}-day free trial`, 'Unlimited products and menus', 'Professional sharing links', 'Real-time inventory updates'];

const setupCalls = {
  readStatus: fetchSubscriptionState,
  createSubscription: () => apiRequest<CreatedSubscription>('POST', '/api/create-subscription'),
};

// Strict mode mounts the page twice in development; sharing the call in flight keeps that from creating two subscriptions.
let setupInFlight: Promise<SetupOutcome> | null = null;

function startSetup(): Promise<SetupOutcome> {
  setupInFlight ??= runSetup(setupCalls).finally(() => {
    setupInFlight = null;
  });
  return setupInFlight;
}

function reportSetupError(error: unknown) {
  console.error('Subscription setup failed', error);
  toast({ title: 'Setup Error', description: 'Failed to set up subscription. Please try again.', variant: 'destructive' });
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export function SubscribePage() {
  useDocumentTitle('Subscribe');
  const { search } = useLocation();
  const [returned] = useState(() => returnFromProvider(search));
  const [state, setState] = useState<PageState>(returned === 'confirm' ? { kind: 'confirming' } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const connection = useConnectivity((current) => current.connection);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  useEffect(() => {
    if (returned === 'failed') {
      toast({ title: 'Payment Failed', description: 'Your payment could not be completed. Please try again.', variant: 'destructive' });
    }
    if (returned === 'card-saved') {
      toast({ title: 'Card saved', description: 'You will not be charged until your free trial ends.', variant: 'success' });
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
        setState({ kind: error instanceof NetworkError ? 'unreachable' : 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [returned, attempt]);

  // Still setting up while the app knows the server does not answer: say so now rather than spin.
  const unreachable = state.kind === 'unreachable' || (state.kind === 'loading' && connection !== 'online');
  return (
    <main id="main-content" className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      {unreachable && <CannotReachServer what="Your subscription" onRetry={retry} />}
      {state.kind === 'loading' && !unreachable && (
        <Card className="p-8 text-center">
          <Spinner label="Setting up your subscription" />
          <p className="text-stone-600">Setting up your subscription...</p>
        </Card>
      )}
      {state.kind === 'error' && <SetupErrorCard />}
      {state.kind === 'unavailable' && (
        <Card role="alert" className="p-8 text-center">
          <h1 className="text-xl font-semibold text-stone-900">Subscriptions are not available yet</h1>
          <p className="mt-2 text-stone-600">{PAYMENTS_OFF_TEXT}</p>
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
          <Tick />
          <h1 className="mt-4 text-2xl font-bold text-stone-900">Subscription Active!</h1>
          <p className="mt-2 text-stone-600">Welcome to the Pro plan. Your account is now active.</p>
          <DashboardLink />
        </Card>
      )}
      {state.kind === 'unconfirmed' && (
        <Card role="alert" className="p-8 text-center">
          <h1 className="text-xl font-semibold text-stone-900">Still confirming your payment</h1>
          <p className="mt-2 text-stone-600">Your payment has not been confirmed yet. This can take a few minutes; your Billing page shows when it has.</p>
          <Button className="mt-6" onClick={() => setState({ kind: 'confirming' })}>
            Check again
          </Button>
        </Card>
      )}
      {state.kind === 'active' && (
        <Card className="p-8 text-center">
          <Tick />
          <h1 className="mt-4 text-2xl font-bold text-stone-900">You're All Set!</h1>
          <p className="mt-2 text-stone-600">Your Pro subscription is active.</p>
          <DashboardLink />
        </Card>
      )}
      {state.kind === 'trial' && (
        <TrialCards
          trialEndsAt={state.trialEndsAt}
          card={state.card}
          onCardSaved={() => {
            toast({ title: 'Card saved', description: `You will not be charged until ${formatDay(state.trialEndsAt)}.`, variant: 'success' });
            setState({ ...state, card: { kind: 'saved' } });
          }}
          onSetupError={(error) => {
            reportSetupError(error);
            setState({ kind: 'error' });
          }}
        />
      )}
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

function Tick() {
  return (
    <span aria-hidden className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
      ✓
    </span>
  );
}

function DashboardLink() {
  return (
    <Link to={DASHBOARD_PATH} className={buttonClasses('primary', 'md', 'mt-6')}>
      Go to Dashboard
    </Link>
  );
}

/** A seller in the free trial: the days left, and the card (its form, saved already, or no payments here). */
function TrialCards({ trialEndsAt, card, onCardSaved, onSetupError }: { trialEndsAt: string; card: TrialCard; onCardSaved: () => void; onSetupError: (error: unknown) => void }) {
  const [now] = useState(() => new Date());
  const endsOn = formatDay(trialEndsAt);
  return (
    <div className="grid gap-6">
      <Card className="p-8 text-center">
        <Tick />
        <h1 className="mt-4 text-2xl font-bold text-stone-900">You're All Set!</h1>
        <p className="mt-2 text-stone-600" data-testid="trial-days-left">
          Your free trial is active: {days(daysUntil(new Date(trialEndsAt), now))} left (until {endsOn}).
        </p>
        {card.kind === 'payments-off' && <p className="mt-2 text-stone-600">{PAYMENTS_OFF_TEXT}</p>}
        {card.kind === 'saved' && (
          <p className="mt-2 text-stone-600">
            Your card is saved: the Pro plan ({PRICE_TEXT}) starts when your trial ends on {endsOn}, with no break.
          </p>
        )}
        <DashboardLink />
      </Card>
      {card.kind === 'form' && (
        <Card className="p-5 sm:p-6">
          <h2 className="text-xl font-bold text-stone-900">Add a card now: you will not be charged until {endsOn}</h2>
          <p className="mt-1 text-stone-600">Then the Pro plan is {PRICE_TEXT}, with no gap after your trial. You can cancel anytime.</p>
          <PaymentForm clientSecret={card.clientSecret} submitLabel="Save card" onConfirmed={onCardSaved} onSetupError={onSetupError} />
        </Card>
      )}
    </div>
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
  return (
    <div className="grid gap-6">
      <Card className="border-brand-200 bg-brand-50 p-5">
        <div className="flex items-center justify-between gap-3">
          <div>
            <Badge tone="new">Pro</Badge>
            <p className="mt-2 text-sm text-brand-900">Professional cannabis wholesale menu management</p>
          </div>
          <p className="shrink-0 text-right text-brand-900">
            <span className="text-2xl font-bold">${centsAsMoney(PRO_PRICE_CENTS)}</span>
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
        {/* Paid without leaving the page: the plan is active once the provider has told the server. */}
        <PaymentForm clientSecret={clientSecret} submitLabel={`Start Subscription (${PRICE_TEXT})`} onConfirmed={onPaid} onSetupError={onSetupError} />
        <p className="mt-4 text-center text-sm text-stone-500">You can cancel anytime. No long-term commitments.</p>
      </Card>
    </div>
  );
}
