/** Teams: the businesses, who belongs to each and the invitations to join one. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { TEAM_KINDS, TEAM_ROLES } from '../../../sync/entities/team';
import { users } from './accounts';
import { oneOf } from './columns';

/**
 * A business: the owner of the catalogue, menus, customers, orders and subscription. Its id is the id of the account
 * that founded it, so the owner columns of data rows (`user_id`, `seller_id`, ...) name the team, and that account's
 * row holds the team's subscription.
 */
export const teams = sqliteTable(
  'teams',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TEAM_KINDS }).notNull(),
    name: text('name').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [check('teams_kind_check', oneOf(t.kind))],
);

/** Who belongs to which team, with which role: one team per person. */
export const teamMembers = sqliteTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The change clock when the person joined: a device of theirs whose cursor is older pulled for another team. */
    sinceVersion: integer('since_version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), uniqueIndex('team_members_user').on(t.userId), check('team_members_role_check', oneOf(t.role))],
);

/** An invitation by email, kept only as a SHA-256 of its token: single use, until it expires or is revoked. */
export const teamInvitations = sqliteTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('team_invitations_token').on(t.tokenHash), index('team_invitations_team').on(t.teamId, t.createdAt), check('team_invitations_role_check', oneOf(t.role))],
);
