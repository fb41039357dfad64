/** The join page's requests: joining with the invitation's token, by signing in or by signing up. */
import type { RegisterInput } from '../../../sync/entities/user';
import { apiRequest } from '../../lib/api-client';

export const joinTeam = (token: string) => apiRequest<unknown>('POST', '/api/team/join', { token });

/** A new account made by the invitation: the server puts it in the inviting team. */
export const registerWithInvitation = <T>(input: RegisterInput, token: string) => apiRequest<T>('POST', '/api/auth/register', { ...input, inviteToken: token });

/**
 * After joining, the person's session and replica belong to another team:
 * a fresh load of their dashboard signs them in to it and pulls its data.
 */
export function openDashboardAfresh(path: string): void {
  window.location.assign(path);
}
