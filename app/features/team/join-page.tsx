/**
 * /join?token=...: the page an invitation's link opens, signed in or not.
 * The token leaves the address bar as soon as it is read. Where the server
 * tells what the invitation offers, the page names the team and the role and
 * locks the invited email; otherwise it speaks of "a team". Signed out, the
 * person creates an account or signs in; signed in, they join; then they go
 * to their dashboard.
 */
import { useState } from 'react';
import { Link } from '../../lib/router';
import { apiReads } from '../../../sync/contract/api-reads';
import type { InvitationPreview } from '../../../sync/entities/team';
import { dashboardPathFor } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { ApiError, messageOf } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { useSession } from '../../lib/session-store';
import { TEAM_ROLE_LABELS } from '../../lib/team-permissions';
import { CreateAccountToJoin, SignInToJoin } from './join-account-forms';
import { joinTeam, openDashboardAfresh } from './join-requests';

/** The page's heading: the team and the role when known. */
export function invitationHeadline(preview: InvitationPreview | null): string {
  if (!preview) return "You've been invited to join a team";
  return `You're invited to join ${preview.teamName} as ${TEAM_ROLE_LABELS[preview.role].toLowerCase()}`;
}

export function JoinPage() {
  useDocumentTitle('Join a team');
  const token = useLinkToken();
  const user = useSession((state) => state.user);
  const sessionLoading = useSession((state) => state.loading);
  const previewRead = useServerRead(apiReads.invitationPreview(token ?? ''), { skip: !token });
  const preview = previewRead.data ?? null;
  // A link that no longer works (used, revoked, expired) says so at once; any other failure leaves the neutral wording, and joining says what is wrong.
  const deadLink = previewRead.error instanceof ApiError && previewRead.error.status < 500 ? messageOf(previewRead.error, '') : null;
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <div className="min-h-dvh bg-stone-50 px-4 py-12 text-stone-800">
      <main id="main-content" className="mx-auto grid max-w-md gap-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <Link to="/" className="text-base font-semibold text-stone-900">
          Wholesale Menus
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{invitationHeadline(preview)}</h1>
        {!token ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            The invitation link is incomplete. Open it again from the email, or ask for a new invitation.
          </p>
        ) : sessionLoading || previewRead.loading ? (
          <Spinner label="Loading the invitation" />
        ) : deadLink ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {deadLink}
          </p>
        ) : user ? (
          <JoinAsSignedIn token={token} teamName={preview?.teamName ?? null} refusal={refusal} onRefused={setRefusal} dashboard={dashboardPathFor(user.role)} />
        ) : (
          <SignedOutChoices token={token} preview={preview} onJoinRefused={setRefusal} />
        )}
      </main>
    </div>
  );
}

type JoinProps = { token: string; teamName: string | null; refusal: string | null; onRefused: (message: string | null) => void; dashboard: string };

function JoinAsSignedIn({ token, teamName, refusal, onRefused, dashboard }: JoinProps) {
  const [joining, setJoining] = useState(false);

  async function join() {
    onRefused(null);
    setJoining(true);
    try {
      await joinTeam(token);
      openDashboardAfresh(dashboard);
    } catch (error) {
      onRefused(messageOf(error, 'You could not join the team.'));
      setJoining(false);
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-stone-600">The team's catalogue, menus and orders become yours to work on with the others.</p>
      {refusal && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <Button size="lg" disabled={joining} onClick={() => void join()}>
        {joining ? 'Please wait…' : teamName ? `Join ${teamName}` : 'Join the team'}
      </Button>
      <Link to={dashboard} className="justify-self-center text-sm font-medium text-brand-800 underline">
        Not now
      </Link>
    </div>
  );
}

function SignedOutChoices({ token, preview, onJoinRefused }: { token: string; preview: InvitationPreview | null; onJoinRefused: (message: string) => void }) {
  const [mode, setMode] = useState<'create' | 'signin'>('create');
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="How to join" className="grid grid-cols-2 gap-2">
        {(['create', 'signin'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={mode === choice}
            onClick={() => setMode(choice)}
            className={cn('rounded-md border px-3 py-2 text-sm font-medium', mode === choice ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-stone-300')}
          >
            {choice === 'create' ? 'Create your account' : 'Sign in'}
          </button>
        ))}
      </div>
      {mode === 'create' ? <CreateAccountToJoin token={token} preview={preview} /> : <SignInToJoin token={token} preview={preview} onJoinRefused={onJoinRefused} />}
    </div>
  );
}
