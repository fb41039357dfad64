/** The team's writes: each asks the server, which checks the role and answers with a `{ message }` when it refuses. */
import type { InviteMemberInput, TeamRole } from '../../../sync/entities/team';
import { apiRequest } from '../../lib/api-client';

const member = (userId: string) => `/api/team/members/${encodeURIComponent(userId)}`;
const invitation = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

export const inviteMember = (input: InviteMemberInput) => apiRequest<unknown>('POST', '/api/team/invitations', input);
export const resendInvitation = (id: string) => apiRequest<unknown>('POST', `${invitation(id)}/resend`);
export const revokeInvitation = (id: string) => apiRequest<unknown>('DELETE', invitation(id));
/** `reassignTo`, made a rep: who looks after their customers from now on (null: nobody; they themselves to keep them). */
export const changeMemberRole = (userId: string, role: TeamRole, reassignTo?: string | null) =>
  apiRequest<unknown>('PATCH', member(userId), { role, ...(reassignTo !== undefined && { reassignTo }) });
/** `reassignTo`: who looks after the removed member's customers (null: nobody). */
export const removeMember = (userId: string, reassignTo: string | null = null) => apiRequest<unknown>('DELETE', member(userId), { reassignTo });

/** Ownership goes to `userId`, then the owner handing it over becomes a manager: the team keeps an owner at every step. */
export async function handOverOwnership(userId: string, ownUserId: string): Promise<void> {
  await changeMemberRole(userId, 'owner');
  await changeMemberRole(ownUserId, 'manager');
}
