/**
 * The seller's billing page: the plan, where it stands, the trial end or the
 * next charge, the provider's portal ('Manage billing') and the way to
 * subscribe. The portal returns here. When the server cannot be reached it
 * says so, with what the device last knew of the plan, rather than waiting.
 */
import { useState } from 'react';
import { Link } from '../../lib/router';
import { PRO_PRICE_CENTS } from '../../../sync/contract/constants';
import { centsAsMoney } from '../../../sync/rules/decimal';
import type { SubscriptionState } from '../../../sync/entities/subscription';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { CannotReachServer } from '../../components/cannot-reach-server';
import { messageOf } from '../../lib/api-client';
import { formatDay, PAYMENTS_OFF_TEXT, planHeadline, statusLabel } from '../../lib/billing-text';
import { useConnectivity } from '../../lib/connectivity';
import { openBillingPortal, useEntitlement, useSubscriptionState, waitsInVain } from '../../lib/subscription-status';
import { toast } from '../../lib/toast-store';
import { useDocumentTitle } from '../../lib/document-title';

const PRICE_TEXT = `$${centsAsMoney(PRO_PRICE_CENTS)} a month`;

export function BillingPage() {
  useDocumentTitle('Billing');
  const { state, reload } = useSubscriptionState();
  const connection = useConnectivity((current) => current.connection);
  if (waitsInVain(state, connection)) {
    return (
      <PageBody>
        <PageHeader title="Billing" subtitle="Your plan and payments." />
        <CannotReachServer what="Your plan" onRetry={reload}>
          <LastKnownPlan />
        </CannotReachServer>
      </PageBody>
    );
  }
  return (
    <PageBody>
      <PageHeader title="Billing" subtitle="Your plan and payments." />
      {state.kind === 'loading' && <Spinner label="Loading your plan" />}
      {state.kind === 'error' && (
        <Card role="alert" className="p-6">
          <p className="text-stone-800">{messageOf(state.error, 'Your plan could not be loaded.')}</p>
          <Button variant="outline" className="mt-4" onClick={reload}>
            Try Again
          </Button>
        </Card>
      )}
      {state.kind === 'ready' && <PlanDetails subscription={state.value} />}
    </PageBody>
  );
}

/** The plan as the device last pulled it, while the server's own view cannot be had. */
function LastKnownPlan() {
  const entitlement = useEntitlement();
  const headline = entitlement && planHeadline(entitlement);
  return headline ? <p className="text-sm text-stone-600">Last known on this device: {headline}</p> : null;
}

/** The date that matters next: when the trial ends, or when the plan renews or stops. */
function nextDate(subscription: SubscriptionState): { label: string; value: string } | null {
  if (subscription.status === 'trialing' && subscription.trialEndsAt) return { label: 'Trial ends', value: formatDay(subscription.trialEndsAt) };
  if (subscription.status === 'trial_expired' && subscription.trialEndsAt) return { label: 'Trial ended', value: formatDay(subscription.trialEndsAt) };
  if (!subscription.currentPeriodEnd || subscription.status === 'canceled') return null;
  return {
    label: subscription.cancelAtPeriodEnd ? 'Plan ends' : 'Next charge',
    value: formatDay(subscription.currentPeriodEnd),
  };
}

function PlanDetails({ subscription }: { subscription: SubscriptionState }) {
  const [opening, setOpening] = useState(false);
  const next = nextDate(subscription);
  const canManage = subscription.paymentsEnabled && subscription.hasBillingAccount;

  async function manage() {
    setOpening(true);
    try {
      await openBillingPortal();
    } catch (error) {
      toast({ title: 'Billing unavailable', description: messageOf(error, 'The billing portal could not be opened. Please try again.'), variant: 'destructive' });
      setOpening(false);
    }
  }

  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-stone-600">Plan</dt>
        <dd className="font-medium">Pro ({PRICE_TEXT})</dd>
        <dt className="text-stone-600">Status</dt>
        <dd className="font-medium" data-testid="billing-status">
          {statusLabel(subscription.status)}
        </dd>
        {next && (
          <>
            <dt className="text-stone-600">{next.label}</dt>
            <dd className="font-medium">{next.value}</dd>
          </>
        )}
      </dl>
      {!subscription.paymentsEnabled && <p className="text-sm text-stone-600">{PAYMENTS_OFF_TEXT}</p>}
      {subscription.paymentsEnabled && subscription.status === 'trialing' && subscription.trialEndsAt && (
        <p className="text-sm text-stone-600">
          Add a card now: you will not be charged until {formatDay(subscription.trialEndsAt)}, and the Pro plan follows your trial with no gap.
        </p>
      )}
      {subscription.paymentsEnabled && !subscription.hasBillingAccount && (
        <p className="text-sm text-stone-600">Once you subscribe, 'Manage billing' lets you change your card, see invoices or cancel.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {subscription.paymentsEnabled && subscription.status !== 'active' && (
          <Link to="/subscribe" className={buttonClasses('primary')}>
            Subscribe
          </Link>
        )}
        {canManage && (
          <Button variant="outline" disabled={opening} onClick={() => void manage()}>
            {opening ? 'Opening…' : 'Manage billing'}
          </Button>
        )}
      </div>
    </Card>
  );
}
