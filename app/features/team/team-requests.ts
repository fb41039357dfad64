/** The team's writes: each asks the server, which checks the role and answers with a `{ message }` when it refuses. */
import type { InviteMemberInput, TeamRole } from '../../../sync/entities/team';
import { apiRequest } from '../../lib/api-client';

const member = (userId: string) => `/api/team/members/${encodeURIComponent(userId)}`;
const invitation = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

export const inviteMember = (input: InviteMemberInput) => apiRequest<unknown>('POST', '/api/team/invitations', input);
export const resendInvitation = (id: string) => apiRequest<unknown>('POST', `${invitation(id)}/resend`);
export const revokeInvitation = (id: string) => apiRequest<unknown>('DELETE', invitation(id));
export const changeMemberRole = (userId: string, role: TeamRole) => apiRequest<unknown>('PATCH', member(userId), { role });
export const removeMember = (userId: string) => apiRequest<unknown>('DELETE', member(userId));

/** Ownership goes to `userId`, then the owner handing it over becomes a manager: the team keeps an owner at every step. */
export async function handOverOwnership(userId: string, ownUserId: string): Promise<void> {
  await changeMemberRole(userId, 'owner');
  await changeMemberRole(ownUserId, 'manager');
}
