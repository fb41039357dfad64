/**
 * Teams: a business owns the catalogue, menus, customers, orders and subscription, and its members share them.
 *
 * Design: a team's id is the id of the account that founded it, so the owner columns of data rows (`products.user_id`,
 * `menus.user_id`, `seller_id`, ...) name the team and kept their values when teams came; that account's row holds the
 * team's subscription. Whose data a request reads and writes is resolved once, with the session (`Session.team`). What
 * each role may do is one pure rule (`sync/rules/team-permissions.ts`), checked here and by the product and menu writes that
 * REST and sync share.
 */
import { linkJoiningBuyer } from '../customers/buyer-links';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  INVITATION_DAYS,
  TEAM_MEMBER_LIMIT,
  type InvitationPreview,
  type inviteMemberInputSchema,
  type joinTeamInputSchema,
  type Team,
  type TeamRole,
} from '../../sync/entities/team';
import type { User } from '../../sync/entities/user';
import { displayName } from '../../sync/entities/user-display';
import { AppError } from '../../sync/contract/errors';
import { can, NOT_MANAGER_MESSAGE, rolesOf, type TeamAction } from '../../sync/rules/team-permissions';
import { hashLinkToken, newLinkToken } from '../auth/account-tokens';
import type { Services, TeamSession } from '../context';
import type { Db, Tx } from '../db/database';
import {
  acceptInvitation,
  countMembers,
  countPendingInvitations,
  deleteTeam,
  findInvitation,
  findInvitationByTokenHash,
  findMembership,
  findPendingInvitationByEmail,
  findTeam,
  insertInvitation,
  insertMember,
  listMembers,
  listPendingInvitations,
  lockTeam,
  renewInvitation,
  revokeInvitation,
  type InvitationRow,
} from '../db/repositories/teams';
import { hasTeamData } from '../db/repositories/team-data';
import { TEAM_TABLES } from '../registry';
import { retireAccountTokens } from '../db/repositories/mail';
import { findUserById, updateUser } from '../db/repositories/users';
import { appLink, sendAccountMail } from '../mail/mail-service';
import { teamInvitationMail } from '../mail/templates/team';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SEAT_LIMIT_MESSAGE = `Pro includes up to ${TEAM_MEMBER_LIMIT} members, invitations waiting for an answer counted: remove a member or revoke an invitation first`;
export const INVITATION_NOT_FOUND = 'Invitation not found';
const INVALID_LINK = 'This invitation link is not valid: ask for a new one';

/** Refuses an action the member's role does not allow. */
export function assertMay(team: TeamSession, action: TeamAction, message = NOT_MANAGER_MESSAGE): void {
  if (!can(team.role, action)) throw new AppError('forbidden', message);
}

export async function getTeam(services: Services, team: TeamSession): Promise<Team> {
  const db = services.db.read;
  const row = await findTeam(db, team.id);
  if (!row) throw new AppError('not_found', 'You are in no team');
  const [members, invitations] = await Promise.all([listMembers(db, team.id), listPendingInvitations(db, team.id, services.now())]);
  return { id: row.id, name: teamName(team.account, row.name), kind: row.kind, members, invitations };
}

/** The business's name lives on the team's account (the profile's business or company name); the stored one is the fallback. */
function teamName(account: User, stored: string): string {
  return account.businessName?.trim() || account.companyName?.trim() || stored;
}

/** Members and invitations waiting for an answer, counted together against the Pro plan's seats. */
async function assertSeatFree(tx: Tx, teamId: string, now: Date, taken: 'invite' | 'join'): Promise<void> {
  const members = await countMembers(tx.db, teamId);
  // An invitation takes a seat when sent; joining needs one free among the members alone, its own invitation being used.
  const seats = taken === 'invite' ? members + (await countPendingInvitations(tx.db, teamId, now)) : members;
  if (seats >= TEAM_MEMBER_LIMIT) throw new AppError('subscription_required', SEAT_LIMIT_MESSAGE);
}

export async function inviteMember(
  services: Services,
  by: { user: User; team: TeamSession },
  input: z.output<typeof inviteMemberInputSchema>,
): Promise<Team['invitations'][number]> {
  assertMay(by.team, 'members.manage');
  const { email, role } = input;
  const now = services.now();
  const invitation = await services.db.transaction(async (tx) => {
    await lockTeam(tx.db, by.team.id);
    const team = await findTeam(tx.db, by.team.id);
    if (!team) throw new AppError('not_found', 'You are in no team');
    if (!rolesOf(team.kind).includes(role)) {
      const message = 'A buyer team has owners and managers only';
      throw new AppError('validation', message, { role: message });
    }
    if (role === 'owner' && !can(by.team.role, 'members.roles')) throw new AppError('forbidden', 'Only an owner can invite another owner');
    if ((await listMembers(tx.db, team.id)).some((member) => member.email.toLowerCase() === email.toLowerCase())) {
      const message = 'This person is already a member of the team';
      throw new AppError('conflict', message, { email: message });
    }
    if (await findPendingInvitationByEmail(tx.db, team.id, email, now)) {
      const message = 'An invitation to this address is waiting for an answer: resend it instead';
      throw new AppError('conflict', message, { email: message });
    }
    await assertSeatFree(tx, team.id, now, 'invite');
    const id = randomUUID();
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    await insertInvitation(tx.db, { id, teamId: team.id, email, role, tokenHash, expiresAt, createdBy: by.user.id, createdAt: now });
    await mailInvitation(services, tx, { email, role, teamName: teamName(by.team.account, team.name), inviter: by.user, token });
    return { id, email, role, expiresAt: expiresAt.toISOString() };
  });
  return invitation;
}

async function mailInvitation(services: Services, tx: Tx, p: { email: string; role: TeamRole; teamName: string; inviter: User; token: string }): Promise<void> {
  const url = appLink(services, `/join?token=${encodeURIComponent(p.token)}`);
  const content = teamInvitationMail({ teamName: p.teamName, inviterName: displayName(p.inviter), role: p.role, url, validDays: INVITATION_DAYS });
  await sendAccountMail(services, tx, { userId: null, email: p.email }, 'team-invitation', content);
}

/** An invitation of the member's own team, or "not found": another team's ids reveal nothing. */
async function ownInvitation(tx: Tx, team: TeamSession, id: string): Promise<InvitationRow> {
  const invitation = await findInvitation(tx.db, id);
  if (!invitation || invitation.teamId !== team.id) throw new AppError('not_found', INVITATION_NOT_FOUND);
  return invitation;
}

/** A new link and seven more days; the earlier link stops working. An accepted or revoked invitation cannot be resent. */
export async function resendInvitation(services: Services, by: { user: User; team: TeamSession }, id: string): Promise<Team['invitations'][number]> {
  assertMay(by.team, 'members.manage');
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await lockTeam(tx.db, by.team.id);
    const invitation = await ownInvitation(tx, by.team, id);
    if (invitation.acceptedAt || invitation.revokedAt) throw new AppError('conflict', 'This invitation was already answered or revoked');
    // An expired invitation holds no seat: sending it again takes one.
    if (invitation.expiresAt <= now) await assertSeatFree(tx, by.team.id, now, 'invite');
    const team = (await findTeam(tx.db, by.team.id))!;
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    await renewInvitation(tx.db, id, tokenHash, expiresAt);
    await mailInvitation(services, tx, { email: invitation.email, role: invitation.role, teamName: teamName(by.team.account, team.name), inviter: by.user, token });
    return { id, email: invitation.email, role: invitation.role, expiresAt: expiresAt.toISOString() };
  });
}

export async function revokeTeamInvitation(services: Services, team: TeamSession, id: string): Promise<void> {
  assertMay(team, 'members.manage');
  await services.db.transaction(async (tx) => {
    const invitation = await ownInvitation(tx, team, id);
    if (invitation.acceptedAt) throw new AppError('conflict', 'This invitation was already accepted');
    if (!invitation.revokedAt) await revokeInvitation(tx.db, id, services.now());
  });
}

/** POST /api/team/join: a signed-in person with no business data of their own joins the team that invited their address. */
/**
 * What an invitation's link offers, for the join page before anyone signs in: the team, the role and the address it
 * is for. A link that no longer works answers as joining with it would.
 */
export async function previewInvitation(services: Services, { token }: z.output<typeof joinTeamInputSchema>): Promise<InvitationPreview> {
  const db = services.db.read;
  const invitation = await findInvitationByTokenHash(db, hashLinkToken(token));
  if (!invitation) throw new AppError('not_found', INVALID_LINK);
  if (invitation.revokedAt) throw new AppError('conflict', 'This invitation was revoked: ask for a new one');
  if (invitation.acceptedAt) throw new AppError('conflict', 'This invitation was already used');
  if (invitation.expiresAt <= services.now()) throw new AppError('conflict', 'This invitation has expired: ask for a new one');
  const team = await findTeam(db, invitation.teamId);
  const account = await findUserById(db, invitation.teamId);
  if (!team || !account) throw new AppError('not_found', INVALID_LINK);
  return { teamName: teamName(account, team.name), kind: team.kind, role: invitation.role, email: invitation.email };
}

/** Whether an invitation's token, which only its address's inbox received, is live and for `email`: it proves the address. */
export async function invitationProvesAddress(db: Db, token: string, email: string, now: Date): Promise<boolean> {
  const invitation = await findInvitationByTokenHash(db, hashLinkToken(token));
  return !!invitation && !invitation.acceptedAt && !invitation.revokedAt && invitation.expiresAt > now && invitation.email.toLowerCase() === email.toLowerCase();
}

export async function joinTeam(services: Services, person: User, input: z.output<typeof joinTeamInputSchema>): Promise<Team> {
  const { token } = input;
  const teamId = await services.db.transaction(async (tx) => joinWithToken(services, tx, person, token));
  const role = (await findMembership(services.db.read, person.id))!.role;
  const account = (await findUserById(services.db.read, teamId))!;
  return getTeam(services, { id: teamId, role, account, sinceVersion: 0 });
}

/**
 * Makes `person` a member of the team whose invitation `token` is, in the caller's transaction: the invitation must be
 * for their address, unused, unrevoked and unexpired, and a seat must be free. Their own one-member team, empty, is
 * dropped. Answers the team's id.
 */
export async function joinWithToken(services: Services, tx: Tx, person: User, token: string): Promise<string> {
  const now = services.now();
  const found = await findInvitationByTokenHash(tx.db, hashLinkToken(token));
  if (!found) throw new AppError('not_found', INVALID_LINK);
  // One acceptance at a time per team: two invitations for the last seat cannot both take it.
  await lockTeam(tx.db, found.teamId);
  const invitation = (await findInvitation(tx.db, found.id))!;
  if (invitation.email.toLowerCase() !== person.email.toLowerCase()) {
    throw new AppError('forbidden', `This invitation is for ${invitation.email}: sign in with that address to join`);
  }
  if (invitation.revokedAt) throw new AppError('conflict', 'This invitation was revoked: ask for a new one');
  if (invitation.acceptedAt) throw new AppError('conflict', 'This invitation was already used');
  if (invitation.expiresAt <= now) throw new AppError('conflict', 'This invitation has expired: ask for a new one');
  const team = (await findTeam(tx.db, invitation.teamId))!;
  const membership = await findMembership(tx.db, person.id);
  if (membership?.teamId === team.id) throw new AppError('conflict', 'You are already a member of this team');
  if (membership && (membership.teamId !== person.id || (await countMembers(tx.db, membership.teamId)) > 1)) {
    throw new AppError('conflict', 'You are a member of another team: leave it before joining this one');
  }
  if (await hasTeamData(tx.db, person.id, TEAM_TABLES)) {
    throw new AppError('conflict', 'Your account has products, menus, saved menus or messages of its own: join with an account that has none');
  }
  await assertSeatFree(tx, team.id, now, 'join');
  if (!(await acceptInvitation(tx.db, invitation.id, now))) throw new AppError('conflict', 'This invitation was already used');
  if (membership) await deleteTeam(tx.db, person.id);
  await insertMember(tx.db, { teamId: team.id, userId: person.id, role: invitation.role }, tx.version, now);
  // The invitation's link reached only the invited address's inbox: following it proves the address.
  const proved = person.emailConfirmedAt ? person : await confirmAddressByInvitation(tx, person, now);
  if (team.kind === 'buyer') await linkJoiningBuyer(tx, proved, team.id, now);
  // A member's guards (seller or buyer screens and routes) follow the team's kind.
  if (person.role !== team.kind) await updateUser(tx.db, person.id, { role: team.kind }, tx.version, now);
  return team.id;
}

async function confirmAddressByInvitation(tx: Tx, person: User, now: Date): Promise<User> {
  await retireAccountTokens(tx.db, person.id, 'confirm-email', now);
  return updateUser(tx.db, person.id, { emailConfirmedAt: now }, tx.version, now);
}
