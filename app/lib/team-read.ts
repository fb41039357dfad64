/**
 * The signed-in person's team (GET /api/team), kept in their own database so
 * the team page and the role-aware screens know it offline. Admins have no
 * team: nothing is asked for them.
 */
import { teamSchema, type Team } from '../../sync/entities/team';
import { apiRequest } from './api-client';
import { useServerRead, type ServerRead } from './server-read/use-server-read';
import { useSession } from './session-store';

const teamOrNoneSchema = teamSchema.nullable();

/** The request on its way, shared: the top bar, the banner and the page each read the team when a page opens, and one request answers them all. */
let teamOnItsWay: Promise<Team> | null = null;

function fetchTeam(): Promise<Team> {
  teamOnItsWay ??= apiRequest<unknown>('GET', '/api/team')
    .then((body) => teamSchema.parse(body))
    .finally(() => {
      teamOnItsWay = null;
    });
  return teamOnItsWay;
}

export function useTeamRead(): ServerRead<Team | null> {
  const hasTeam = useSession((state) => state.user !== null && state.user.role !== 'admin');
  return useServerRead(hasTeam ? 'team' : 'no-team', () => (hasTeam ? fetchTeam() : Promise.resolve(null)), { keepOffline: teamOrNoneSchema });
}
