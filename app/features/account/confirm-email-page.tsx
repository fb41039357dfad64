/**
 * /confirm-email?token=...: the page an emailed confirmation link opens, for
 * the account's address or a new one. Nothing changes until the person
 * presses the button, which confirms with a POST: a mail scanner that follows
 * the link (or even runs the page) changes nothing.
 */
import { useState } from 'react';
import { Link } from '../../lib/router';
import { Button } from '../../components/ui/button';
import { apiRequest, messageOf } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';
import { useSession } from '../../lib/session-store';

type Step = { name: 'ask' } | { name: 'sending' } | { name: 'done'; message: string } | { name: 'failed'; message: string };

const HEADINGS: Record<Step['name'], string> = {
  ask: 'Confirm your email address',
  sending: 'Confirm your email address',
  done: 'Email confirmed',
  failed: 'This link no longer works',
};

export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Email');
  const token = useLinkToken();
  const [step, setStep] = useState<Step>({ name: 'ask' });

  async function confirm() {
    setStep({ name: 'sending' });
    try {
      const answer = await apiRequest<{ email: string; message: string }>('POST', '/api/account/confirm-email', { token });
      // A device signed in here learns its new address now rather than at its next sync.
      if (useSession.getState().user) await useSession.getState().restore();
      setStep({ name: 'done', message: answer.message });
    } catch (failure) {
      setStep({ name: 'failed', message: messageOf(failure, 'The address could not be confirmed. Please try again.') });
    }
  }

  const asking = step.name === 'ask' || step.name === 'sending';
  return (
    <div className="min-h-dvh bg-stone-50 px-4 py-12 text-stone-800">
      <main id="main-content" className="mx-auto grid max-w-md gap-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <Link to="/" className="text-base font-semibold text-stone-900">
          Wholesale Menus
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{HEADINGS[step.name]}</h1>
        {asking && (
          <>
            <p className="text-sm text-stone-600">
              Confirm that this address is yours. If it is a new address for your account, it becomes your email, and your other devices are signed out.
            </p>
            <Button size="lg" disabled={step.name === 'sending'} onClick={() => void confirm()}>
              {step.name === 'sending' ? 'Please wait…' : 'Confirm my email'}
            </Button>
          </>
        )}
        {step.name === 'done' && <p role="status">{step.message}</p>}
        {step.name === 'failed' && (
          <>
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {step.message}
            </p>
            <p className="text-sm text-stone-600">Signed in, you can ask for a new link under Profile, Account settings.</p>
          </>
        )}
        {!asking && (
          <Link to="/" className="text-sm font-medium text-brand-800 hover:underline">
            Open Wholesale Menus
          </Link>
        )}
      </main>
    </div>
  );
}
