/** The audit log of admins' actions and sign-ins. */
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AUDIT_ACTIONS } from '../../../sync/entities/admin';
import { users } from './accounts';
import { oneOf } from './columns';

/**
 * What admins did (disable, enable, role change, trial extension, opening a
 * customer's details), an admin's sign-ins and failed sign-ins, and changes
 * to an admin's own account: who, from which address, to whom. Both emails
 * are copied in so an entry still reads right after an account changes or goes.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetId: text('target_id').references(() => users.id, { onDelete: 'set null' }),
    /** The target's email when the entry was written: the entry still says who it was after a change of address or a closed account. */
    targetEmail: text('target_email'),
    detail: text('detail'),
    clientAddress: text('client_address').notNull(),
  },
  (t) => [index('audit_log_at').on(t.at, t.id), index('audit_log_target_at').on(t.targetId, t.at, t.id), check('audit_log_action_check', oneOf(t.action))],
);
