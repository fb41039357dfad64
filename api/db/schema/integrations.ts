/** Other systems a team connects: Metrc (docs/metrc.md). */
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { METRC_STATES } from '../../../sync/entities/metrc';
import { users } from './accounts';
import { oneOf } from './columns';
import { teams } from './teams';

/**
 * A seller team's connection to Metrc: one facility, the user key sealed with the server's CREDENTIALS_KEY
 * (api/platform/sealed-secret.ts), and what Metrc said the key may do there when it was last checked.
 */
export const metrcConnections = sqliteTable(
  'metrc_connections',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    state: text('state', { enum: METRC_STATES }).notNull(),
    licenseNumber: text('license_number').notNull(),
    facilityName: text('facility_name').notNull(),
    userKeySealed: text('user_key_sealed').notNull(),
    viewPackages: integer('view_packages', { mode: 'boolean' }).notNull(),
    viewLabResults: integer('view_lab_results', { mode: 'boolean' }).notNull(),
    manageTransferTemplates: integer('manage_transfer_templates', { mode: 'boolean' }).notNull(),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: integer('connected_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [check('metrc_connections_state_check', oneOf(t.state))],
);
