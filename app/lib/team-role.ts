/**
 * The signed-in person's role in their team. The session's user may carry it
 * (`teamRole`), which is preferred; otherwise it comes from the team read.
 * Null while unknown: the screens then hide nothing and the server decides.
 */
import { teamRoleSchema, type TeamRole } from '../../sync/entities/team';
import { useSession } from './session-store';
import { roleIn, teamAllowances, type TeamAllowances } from './team-permissions';
import { useTeamRead } from './team-read';

/** `teamRole` of a user payload that carries one. */
export function teamRoleOfUser(user: object | null): TeamRole | null {
  const parsed = teamRoleSchema.safeParse((user as { teamRole?: unknown } | null)?.teamRole);
  return parsed.success ? parsed.data : null;
}

export function useTeamRole(): TeamRole | null {
  const user = useSession((state) => state.user);
  const team = useTeamRead().data;
  const fromUser = teamRoleOfUser(user);
  if (fromUser) return fromUser;
  return team && user ? roleIn(team, user.id) : null;
}

/** What the signed-in person's role lets them do on the screens. */
export function useTeamAllowances(): TeamAllowances {
  return teamAllowances(useTeamRole());
}
