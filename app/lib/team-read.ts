/**
 * The signed-in person's team (GET /api/team), kept in their own database so
 * the team page and the role-aware screens know it offline. Admins have no
 * team: nothing is asked for them.
 */
import { useMemo } from 'react';
import { apiReads } from '../../sync/contract/api-reads';
import type { Team } from '../../sync/entities/team';
import { memberNames } from './authorship';
import { useServerRead, type ServerRead } from './server-read/use-server-read';
import { useSession } from './session-store';

export function useTeamRead(): ServerRead<Team> {
  const hasTeam = useSession((state) => state.user !== null && state.user.role !== 'admin');
  return useServerRead(apiReads.team(), { keepOffline: true, skip: !hasTeam });
}

/**
 * The id the person's messages and orders are filed under: their team's (the party of a conversation), or their own
 * until the team is known (a one-member team's id is its founder's).
 */
export function useTeamId(): string {
  const teamId = useTeamRead().data?.id;
  const userId = useSession((state) => state.user?.id ?? '');
  return teamId ?? userId;
}

/** The team's members' names by id, for "Added by …" lines; null until the team is known. Read once per screen, not per row. */
export function useMemberNames(): ReadonlyMap<string, string> | null {
  const members = useTeamRead().data?.members;
  return useMemo(() => (members ? memberNames(members) : null), [members]);
}
