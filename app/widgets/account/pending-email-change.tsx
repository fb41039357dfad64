/**
 * A change of email waiting for its link to be followed, as the owner sees it
 * on the profile page and in Account settings, with a Cancel button (which
 * makes the link stop working). Read from the server: the change lives there
 * only.
 */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { Button } from '../../components/ui/button';
import { apiRequest, messageOf } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { BreakableText } from '../../components/ui/breakable-text';

export function usePendingEmailChange() {
  const read = useServerRead(apiReads.pendingEmailChange());
  const pending = read.data?.pending ?? null;
  const lookupProblem = read.error === null ? null : messageOf(read.error, 'A pending change of your email could not be looked up.');
  const [cancelProblem, setCancelProblem] = useState<string | null>(null);

  async function cancel() {
    setCancelProblem(null);
    try {
      await apiRequest('DELETE', '/api/account/email-change');
      read.replace(() => ({ pending: null }));
    } catch (failure) {
      setCancelProblem(messageOf(failure, 'The change could not be canceled. Please try again.'));
    }
  }

  return { pending, lookupProblem, cancelProblem, refresh: read.retry, cancel };
}

/** `showLookupProblem`: say so when the server could not be asked (where the page is about the email; elsewhere it stays quiet, as offline). */
export function PendingEmailChangeNotice({ state, showLookupProblem }: { state: ReturnType<typeof usePendingEmailChange>; showLookupProblem: boolean }) {
  const { pending, cancelProblem, cancel } = state;
  const problem = cancelProblem ?? (showLookupProblem ? state.lookupProblem : null);
  if (!pending && !problem) return null;
  return (
    <section aria-label="Pending email change" className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-stone-800">
      {pending && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="min-w-0 flex-1">
            Waiting for confirmation: we sent a link to{' '}
            <span className="font-medium break-words">
              <BreakableText text={pending.email} />
            </span>
            . Your email changes once you follow it.
          </p>
          <Button variant="outline" size="sm" aria-label="Cancel the email change" onClick={() => void cancel()}>
            Cancel
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      )}
    </section>
  );
}
