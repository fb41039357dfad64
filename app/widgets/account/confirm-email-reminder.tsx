/**
 * A quiet line above every signed-in page while the account's address is not
 * confirmed: the account works fully, but mail about it may not reach its
 * owner. It offers a new link, and can be hidden for the rest of the visit.
 */
import { useState } from 'react';
import { apiRequest, messageOf } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { CONFIRM_REMINDER_HIDDEN_KEY } from '../../lib/session-storage-keys';
import { BreakableText } from '../../components/ui/breakable-text';

export function ConfirmEmailReminder() {
  const user = useSession((state) => state.user);
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(CONFIRM_REMINDER_HIDDEN_KEY) === '1');
  const [answer, setAnswer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!user || user.emailConfirmedAt || hidden) return null;

  async function sendAgain() {
    setSending(true);
    try {
      setAnswer((await apiRequest<{ message: string }>('POST', '/api/account/confirm-email/resend')).message);
    } catch (error) {
      setAnswer(messageOf(error, 'The link could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  function hide() {
    sessionStorage.setItem(CONFIRM_REMINDER_HIDDEN_KEY, '1');
    setHidden(true);
  }

  return (
    <section aria-label="Email confirmation" className="border-b border-stone-200 bg-stone-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm text-stone-700 sm:px-4">
        <p className="min-w-0 flex-1">
          Please confirm your email address: follow the link we sent to{' '}
          <span className="font-medium break-words">
            <BreakableText text={user.email} />
          </span>
          .
        </p>
        <p role="status" className="min-w-0">
          {answer}
        </p>
        {!answer && (
          <button type="button" onClick={() => void sendAgain()} disabled={sending} className="font-medium text-brand-800 underline-offset-2 hover:underline disabled:opacity-60">
            {sending ? 'Sending…' : 'Send the link again'}
          </button>
        )}
        <button type="button" onClick={hide} className="rounded px-1.5 text-stone-600 hover:bg-stone-200" aria-label="Hide this reminder">
          <span aria-hidden>×</span>
        </button>
      </div>
    </section>
  );
}
