/** /api/team: the signed-in person's team, its invitations and members (owner and manager manage, see `sync/rules/team-permissions.ts`). */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { allow, sessionOf } from '../http/access';
import { readJson, readJsonIfAny } from '../platform/http/read-json';
import { changeMemberRole, removeMember, type MemberChange } from './team-members';
import { getTeam, inviteMember, joinTeam, previewInvitation, resendInvitation, revokeTeamInvitation } from './team-service';

const customer = allow('seller', 'buyer');

const memberChange = (c: Context<AppEnv>): MemberChange => ({ team: sessionOf(c).team, by: sessionOf(c).user.id });

export const teamRoutes = new Hono<AppEnv>()
  // Public: the join page shows what the link offers before the person signs in or signs up.
  .get('/team/invitations/preview', async (c) => c.json(await previewInvitation(c.get('services'), c.req.query('token'))))
  .get('/team', customer, async (c) => c.json(await getTeam(c.get('services'), sessionOf(c).team)))
  .post('/team/invitations', customer, async (c) => c.json(await inviteMember(c.get('services'), sessionOf(c), await readJson(c)), 201))
  .post('/team/invitations/:id/resend', customer, async (c) => c.json(await resendInvitation(c.get('services'), sessionOf(c), c.req.param('id'))))
  .delete('/team/invitations/:id', customer, async (c) => {
    await revokeTeamInvitation(c.get('services'), sessionOf(c).team, c.req.param('id'));
    return c.body(null, 204);
  })
  .patch('/team/members/:userId', customer, async (c) => c.json(await changeMemberRole(c.get('services'), memberChange(c), c.req.param('userId'), await readJson(c))))
  .delete('/team/members/:userId', customer, async (c) => {
    await removeMember(c.get('services'), memberChange(c), c.req.param('userId'), await readJsonIfAny(c));
    return c.body(null, 204);
  })
  .post('/team/join', customer, async (c) => c.json(await joinTeam(c.get('services'), sessionOf(c).user, await readJson(c))));
