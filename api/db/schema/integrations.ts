/** Other systems a team connects: Metrc (docs/metrc.md). */
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { METRC_STATES } from '../../../sync/entities/metrc';
import { users } from './accounts';
import { products } from './catalogue';
import { oneOf } from './columns';
import { teams } from './teams';

/**
 * A seller team's connection to Metrc: one facility, the user key sealed with the server's CREDENTIALS_KEY
 * (api/platform/sealed-secret.ts), what Metrc said the key may do there when it was last checked, and how the copy
 * of its packages stands.
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
    /** Until when Metrc's changes are in the copy of the packages: the next read asks from a little before. Null: never read. */
    packagesReadAt: integer('packages_read_at', { mode: 'timestamp_ms' }),
    /** Why the last read of the packages failed, in a seller's words; null once one succeeds. */
    readFailure: text('read_failure'),
    readFailedAt: integer('read_failed_at', { mode: 'timestamp_ms' }),
    /** A process reading the packages holds them until then, so two processes never read for the same team at once. */
    readClaimedUntil: integer('read_claimed_until', { mode: 'timestamp_ms' }),
  },
  (t) => [check('metrc_connections_state_check', oneOf(t.state))],
);

/**
 * The copy of a connected team's packages in Metrc, refreshed from Metrc's changes (api/metrc/metrc-package-refresh.ts),
 * so the list answers fast and while Metrc is down. Quantities in thousandths. A package Metrc finished stays, marked.
 */
export const metrcPackages = sqliteTable(
  'metrc_packages',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    metrcId: integer('metrc_id').notNull(),
    itemName: text('item_name').notNull(),
    category: text('category').notNull(),
    strainName: text('strain_name'),
    quantity: integer('quantity').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    labTestingState: text('lab_testing_state').notNull(),
    productionBatchNumber: text('production_batch_number'),
    packagedDate: text('packaged_date'),
    expirationDate: text('expiration_date'),
    sellByDate: text('sell_by_date'),
    useByDate: text('use_by_date'),
    onHold: integer('on_hold', { mode: 'boolean' }).notNull(),
    finished: integer('finished', { mode: 'boolean' }).notNull(),
    /** When Metrc last changed it, as Metrc says. */
    lastModified: text('last_modified').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.label] }), index('metrc_packages_team_item').on(t.teamId, t.finished, t.itemName)],
);
