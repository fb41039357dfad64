/**
 * The signed-in person's team (GET /api/team), kept in their own database so
 * the team page and the role-aware screens know it offline. Admins have no
 * team: nothing is asked for them.
 */
import { apiReads } from '../../sync/api-reads';
import type { Team } from '../../sync/entities/team';
import { useServerRead, type ServerRead } from './server-read/use-server-read';
import { useSession } from './session-store';

export function useTeamRead(): ServerRead<Team> {
  const hasTeam = useSession((state) => state.user !== null && state.user.role !== 'admin');
  return useServerRead(apiReads.team(), { keepOffline: true, skip: !hasTeam });
}
