/** /api/team: the signed-in person's team, its invitations and members (owner and manager manage, see `sync/rules/team-permissions.ts`). */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { parseOrThrow } from '../../sync/contract/validation';
import { changeMemberRoleInputSchema, inviteMemberInputSchema, joinTeamInputSchema, removeMemberInputSchema } from '../../sync/entities/team';
import { NOT_OWNER_MESSAGE, type TeamAction } from '../../sync/rules/team-permissions';
import type { AppEnv } from '../context';
import { allow, sessionOf } from '../http/access';
import { readJson, readJsonIfAny } from '../platform/http/read-json';
import { changeMemberRole, removeMember, type MemberChange } from './team-members';
import { assertMay, getTeam, inviteMember, joinTeam, previewInvitation, resendInvitation, revokeTeamInvitation } from './team-service';

const customer = allow('seller', 'buyer');

const memberChange = (c: Context<AppEnv>): MemberChange => ({ team: sessionOf(c).team, by: sessionOf(c).user.id });

/**
 * The body of a request only some roles may make, parsed once the member's role allows `action`: one who may not is
 * told so before anything about their input (the service checks the role again, as it does for every caller).
 */
function bodyOfPermitted<S extends z.ZodType>(c: Context<AppEnv>, body: unknown, action: TeamAction, schema: S, message?: string): z.output<S> {
  assertMay(sessionOf(c).team, action, message);
  return parseOrThrow(schema, body);
}

export const teamRoutes = new Hono<AppEnv>()
  // Public: the join page shows what the link offers before the person signs in or signs up.
  .get('/team/invitations/preview', async (c) => c.json(await previewInvitation(c.get('services'), parseOrThrow(joinTeamInputSchema, { token: c.req.query('token') }))))
  .get('/team', customer, async (c) => c.json(await getTeam(c.get('services'), sessionOf(c).team)))
  .post('/team/invitations', customer, async (c) => {
    const input = bodyOfPermitted(c, await readJson(c), 'members.manage', inviteMemberInputSchema);
    return c.json(await inviteMember(c.get('services'), sessionOf(c), input), 201);
  })
  .post('/team/invitations/:id/resend', customer, async (c) => c.json(await resendInvitation(c.get('services'), sessionOf(c), c.req.param('id'))))
  .delete('/team/invitations/:id', customer, async (c) => {
    await revokeTeamInvitation(c.get('services'), sessionOf(c).team, c.req.param('id'));
    return c.body(null, 204);
  })
  .patch('/team/members/:userId', customer, async (c) => {
    const input = bodyOfPermitted(c, await readJson(c), 'members.roles', changeMemberRoleInputSchema, NOT_OWNER_MESSAGE);
    return c.json(await changeMemberRole(c.get('services'), memberChange(c), c.req.param('userId'), input));
  })
  .delete('/team/members/:userId', customer, async (c) => {
    const input = bodyOfPermitted(c, await readJsonIfAny(c), 'members.manage', removeMemberInputSchema);
    await removeMember(c.get('services'), memberChange(c), c.req.param('userId'), input);
    return c.body(null, 204);
  })
  .post('/team/join', customer, async (c) => c.json(await joinTeam(c.get('services'), sessionOf(c).user, parseOrThrow(joinTeamInputSchema, await readJson(c)))));
