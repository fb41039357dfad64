/** A seller team's customer book. */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { PAYMENT_TERMS } from '../../../sync/entities/customer';
import { users } from './accounts';
import { authorship } from './authorship';
import { priceLists } from './catalogue';
import { timestamps, version, oneOf } from './columns';

/**
 * A seller team's customer book: the dispensaries it sells to, with their terms. `buyerTeamId` links one to the
 * buyer's team here once that buyer proved the address (a confirmed email) or accepted the seller's invitation;
 * `buyerConsentAt` says whether the buyer consented (saved a menu, wrote, ordered, accepted the invitation), without
 * which the link only prices them and the seller learns nothing of it. `repUserId` is the member who looks after it.
 * The billing and shipping addresses are what the invoice's Bill To and Ship To print.
 */
export const customers = sqliteTable(
  'customers',
  {
    id: text('id').primaryKey(),
    /** The seller team. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    buyerTeamId: text('buyer_team_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the linked buyer team consented to the seller's business; null: the link only prices them. */
    buyerConsentAt: integer('buyer_consent_at', { mode: 'timestamp_ms' }),
    /** When the seller last invited the customer to its book. */
    invitedAt: integer('invited_at', { mode: 'timestamp_ms' }),
    licenseNumber: text('license_number'),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('cod'),
    priceListId: text('price_list_id').references((): AnySQLiteColumn => priceLists.id, { onDelete: 'set null' }),
    repUserId: text('rep_user_id').references(() => users.id, { onDelete: 'set null' }),
    holdWhenOverdue: integer('hold_when_overdue', { mode: 'boolean' }).notNull().default(false),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    phoneNumber: text('phone_number'),
    billingLine1: text('billing_line1'),
    billingLine2: text('billing_line2'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingZipCode: text('billing_zip_code'),
    shippingSameAsBilling: integer('shipping_same_as_billing', { mode: 'boolean' }).notNull().default(false),
    shippingLine1: text('shipping_line1'),
    shippingLine2: text('shipping_line2'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZipCode: text('shipping_zip_code'),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    index('customers_user_version').on(t.userId, t.version),
    // One entry per buyer team in a seller's book (unlinked entries, with no buyer team, are not held to it).
    uniqueIndex('customers_user_buyer_team').on(t.userId, t.buyerTeamId),
    index('customers_user_email').on(t.userId, t.email),
    index('customers_buyer_team').on(t.buyerTeamId),
    index('customers_user_rep').on(t.userId, t.repUserId),
    check('customers_payment_terms_check', oneOf(t.paymentTerms)),
  ],
);
