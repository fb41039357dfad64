/**
 * /team: the business's members, their roles and the invitations waiting,
 * with an invite form for owners and managers. The last team read is kept on
 * the device, so the page shows it offline (saying from when); changes need
 * the server and wait for a connection.
 */
import { useCallback } from 'react';
import { PageBody, PageHeader, Section } from '../../components/page/page-header';
import { Button } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { messageOf } from '../../lib/api-client';
import { useConnectivity } from '../../lib/connectivity';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session-store';
import { REFUSAL_REASONS, roleIn, teamAllowances } from '../../lib/team-permissions';
import { useTeamRead } from '../../lib/team-read';
import { teamRoleOfUser } from '../../lib/team-role';
import { toast } from '../../lib/toast-store';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersTable, type TeamWrite } from './members-table';

export function TeamPage() {
  useDocumentTitle('Team');
  const user = useSession((state) => state.user)!;
  const read = useTeamRead();
  const online = useConnectivity((state) => state.connection === 'online');
  const { retry } = read;

  const write = useCallback<TeamWrite>(
    async (action, done) => {
      try {
        await action();
        toast({ title: done, variant: 'success' });
      } catch (error) {
        toast({ title: 'Error', description: messageOf(error, 'The team could not be changed.'), variant: 'destructive' });
      }
      retry();
    },
    [retry],
  );

  const team = read.data;
  if (!team) {
    return (
      <PageBody>
        <PageHeader title="Team" />
        {read.loading && <Spinner label="Loading your team" />}
        {!read.loading && read.error !== null && (
          <Card className="flex flex-col items-center gap-3 p-6 text-center text-stone-600">
            <p>{messageOf(read.error, 'Your team could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={retry}>
              Try again
            </Button>
          </Card>
        )}
        {!read.loading && read.error === null && <Card className="p-6 text-center text-stone-600">You're offline and this device has no copy of your team yet.</Card>}
      </PageBody>
    );
  }

  const viewerRole = teamRoleOfUser(user) ?? roleIn(team, user.id);
  const manage = teamAllowances(viewerRole).manageMembers;
  const disabled = !online;
  return (
    <PageBody>
      <PageHeader title="Team" subtitle={`${team.name} · ${team.members.length} ${team.members.length === 1 ? 'member' : 'members'}`} />
      {!read.fresh && read.fetchedAt && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Showing the copy saved on this device on {new Date(read.fetchedAt).toLocaleString()}.
        </p>
      )}
      {disabled && manage && <p className="text-sm text-stone-600">Team changes need a connection.</p>}
      <Section id="team-members" title="Members">
        {!manage && <p className="text-sm text-stone-600">{REFUSAL_REASONS.manageMembers}</p>}
        <MembersTable team={team} viewerId={user.id} viewerRole={viewerRole} disabled={disabled} write={write} />
      </Section>
      <Section id="team-invitations" title="Invitations">
        <InvitationsList invitations={team.invitations} manage={manage} disabled={disabled} write={write} />
      </Section>
      {manage && (
        <Section id="team-invite" title="Invite a member">
          <InviteForm kind={team.kind} viewerRole={viewerRole} disabled={disabled} onInvited={retry} />
        </Section>
      )}
    </PageBody>
  );
}
