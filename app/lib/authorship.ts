/**
 * Who added a product or menu and who last changed it. Rows record member ids (`createdBy`, `updatedBy`); the team's
 * member list names them. A member who has left is still said to have done it, without a name; rows from before
 * teams recorded anyone say nothing.
 */
import type { TeamMember } from '../../sync/entities/team';

export type Authored = { createdBy?: string | null; updatedBy?: string | null };

/** Names by member id, from the team's member list. */
export function memberNames(members: readonly TeamMember[]): ReadonlyMap<string, string> {
  return new Map(members.map((member) => [member.userId, member.name || member.email]));
}

const FORMER_MEMBER = 'a former member';

/** "Added by Rita · changed by Marcus", either half alone when only it is known, or null. */
export function authorshipText(row: Authored, names: ReadonlyMap<string, string>): string | null {
  const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? FORMER_MEMBER) : null);
  const added = nameOf(row.createdBy);
  const changed = nameOf(row.updatedBy);
  const parts = [added && `Added by ${added}`, changed && `${added ? 'changed' : 'Changed'} by ${changed}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
