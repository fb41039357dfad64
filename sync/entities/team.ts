/**
 * A business (team): the owner of the catalogue, menus, customers, orders and subscription, shared by its members.
 * The shapes here are the contract of `/api/team` and its invitations; the screens and the server both read them.
 */
import { z } from 'zod';
import { isoDate } from '../contract/fields';
import { loginInputSchema } from './user';

export const TEAM_KINDS = ['seller', 'buyer'] as const;
export const teamKindSchema = z.enum(TEAM_KINDS);
export type TeamKind = z.infer<typeof teamKindSchema>;

/** `rep` exists on seller teams only: a buyer team has owners and managers, every one of whom may save menus and order. */
export const TEAM_ROLES = ['owner', 'manager', 'rep'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose a role: owner, manager or rep' });
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** Pro includes this many members, invitations waiting for an answer counted with them. */
export const TEAM_MEMBER_LIMIT = 5;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: teamRoleSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expiresAt: isoDate,
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/team */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: teamKindSchema,
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** POST /api/team/invitations */
export const inviteMemberInputSchema = z.object({
  email: loginInputSchema.shape.email,
  role: teamRoleSchema,
});
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

const inviteToken = z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200);

/** POST /api/team/join, and the `inviteToken` that POST /api/auth/register accepts. */
export const joinTeamInputSchema = z.object({ token: inviteToken });
export const registerInviteTokenSchema = inviteToken;

/**
 * Who looks after the customers of a member who is removed or made a rep: another member of the team (or, for one made
 * a rep, the member themselves); absent or null, nobody: the customers are left unassigned.
 */
const reassignTo = z.string({ error: 'Choose a member of the team' }).min(1, 'Choose a member of the team').max(200).nullable().optional();

/** PATCH /api/team/members/:userId */
export const changeMemberRoleInputSchema = z.object({ role: teamRoleSchema, reassignTo });
export type ChangeMemberRoleInput = z.input<typeof changeMemberRoleInputSchema>;

/** DELETE /api/team/members/:userId: the body is optional. */
export const removeMemberInputSchema = z.object({ reassignTo });
export type RemoveMemberInput = z.input<typeof removeMemberInputSchema>;

/** The part of POST /api/auth/register that joins a team at once: the registering email must be the invited one. */
export const registerWithInvitationSchema = z.object({ inviteToken: registerInviteTokenSchema.optional() });

/** GET /api/team/invitations/preview?token=: who invites, to what, and the address the invitation is for, shown on the join page before the person signs in. */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  kind: teamKindSchema,
  role: teamRoleSchema,
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
