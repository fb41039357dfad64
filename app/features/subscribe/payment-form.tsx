/**
 * The provider's embedded card form, for a client secret from
 * POST /api/create-subscription: a setup intent during the trial (the card is
 * saved, nothing is charged yet) or the first invoice's payment otherwise.
 * Stripe's script is imported only here, so no other page downloads it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { apiReads } from '../../../sync/contract/api-reads';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { readFromServer } from '../../lib/server-read/read-from-server';
import { toast } from '../../lib/toast-store';

/** Where the provider sends the seller back after a step on its own page; SellerDashboardAlias forwards such a return to /subscribe. */
export const RETURN_PATH = '/seller-dashboard';

const LOADING_NOTE_ID = 'payment-form-loading-note';

type PaymentFormProps = {
  clientSecret: string;
  submitLabel: string;
  /** The provider took the card (or the payment) without leaving the page. */
  onConfirmed: () => void;
  onSetupError: (error: unknown) => void;
};

export function PaymentForm({ clientSecret, submitLabel, onConfirmed, onSetupError }: PaymentFormProps) {
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
      const [{ loadStripe }, config] = await Promise.all([import('@stripe/stripe-js'), readFromServer(apiReads.paymentConfig())]);
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
    const confirmParams = { return_url: `${window.location.origin}${RETURN_PATH}` };
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
      onConfirmed();
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
    <form className="mt-6 grid gap-4" onSubmit={(event) => void submit(event)} aria-busy={!ready || submitting}>
      <div className="relative min-h-40">
        <div ref={mountRef} />
        {!ready && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Loading the payment form" />
          </div>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!ready || submitting} aria-describedby={ready ? undefined : LOADING_NOTE_ID}>
        {submitting ? 'Processing...' : submitLabel}
      </Button>
      {/* Why the button waits, in words: a tooltip never shows on a phone. */}
      {!ready && (
        <p id={LOADING_NOTE_ID} className="text-center text-sm text-stone-600">
          The card form is loading; you can subscribe once it shows.
        </p>
      )}
    </form>
  );
}
