/** Team members the browser tests need, made as people make them: an invitation by email and a sign-up with its link. */
import { apiLogin } from './api';
import { baseUrl, expect, type Account } from './fixtures';
import { latestLinkTo } from './mailbox';
import { apiPost, uniqueTag } from './marketplace';

/** The owner invites a new address as a rep; it signs up with the mailed link. */
export async function repOf(owner: Account): Promise<Account & { id: string }> {
  const rep = { email: `rep-${uniqueTag()}@e2e.test`, password: 'rep-password' };
  await apiPost('/api/team/invitations', await apiLogin(owner), { email: rep.email, role: 'rep' });
  const token = (await latestLinkTo(rep.email, '/join')).searchParams.get('token');
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...rep, firstName: 'Rita', role: 'seller', inviteToken: token }),
  });
  expect(response.status).toBe(201);
  return { ...rep, id: ((await response.json()) as { user: { id: string } }).user.id };
}
