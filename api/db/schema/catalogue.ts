/** The catalogue: a seller team's products and the price lists that price them. */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PRODUCT_CATEGORIES, UNIT_TYPES } from '../../../sync/contract/constants';
import type { PriceListEntry } from '../../../sync/entities/price-list';
import { users } from './accounts';
import { authorship } from './authorship';
import { timestamps, version, oneOf } from './columns';

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strainName: text('strain_name').notNull(),
    description: text('description'),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull().default('flower'),
    thcHundredths: integer('thc_hundredths'),
    cbdHundredths: integer('cbd_hundredths'),
    /** The lab found too little THC (or CBD) to measure: shown as "ND", with the percentage left empty (sync/rules/potency.ts). */
    thcBelowDetection: integer('thc_below_detection', { mode: 'boolean' }).notNull().default(false),
    cbdBelowDetection: integer('cbd_below_detection', { mode: 'boolean' }).notNull().default(false),
    priceCents: integer('price_cents'),
    unitType: text('unit_type', { enum: UNIT_TYPES }).notNull().default('oz'),
    availableThousandths: integer('available_thousandths').notNull().default(0),
    lotSize: integer('lot_size').notNull().default(1),
    /** The cover's address, derived from the first uploaded photo of `photoIds` (kept for readers that show one image). */
    photoUrl: text('photo_url'),
    /** The gallery, in order, by ids made on the device; a photo may arrive after the product that names it. */
    photoIds: text('photo_ids', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    labResultId: text('lab_result_id'),
    /** The seller's own stock-keeping code, unique within their catalogue: what a re-imported spreadsheet matches on. */
    sku: text('sku'),
    /** The Metrc package it was made from or linked to (docs/metrc.md), its batch and lab state as Metrc last said. */
    metrcPackageLabel: text('metrc_package_label'),
    batchNumber: text('batch_number'),
    labTestingState: text('lab_testing_state'),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    index('products_user_version').on(t.userId, t.version),
    uniqueIndex('products_owner_sku').on(t.userId, t.sku),
    check('products_category_check', oneOf(t.category)),
    check('products_unit_type_check', oneOf(t.unitType)),
    check('products_thc_check', sql`${t.thcHundredths} between 0 and 10000`),
    check('products_cbd_check', sql`${t.cbdHundredths} between 0 and 10000`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_available_check', sql`${t.availableThousandths} >= 0`),
    check('products_lot_size_check', sql`${t.lotSize} >= 1`),
  ],
);

/**
 * A seller team's price list: its entries (see `priceListEntrySchema`) kept whole as JSON, since the list is read and
 * written as one (the grid, PUT, CSV), priced against as one, and replicated as one row.
 */
export const priceLists = sqliteTable(
  'price_lists',
  {
    id: text('id').primaryKey(),
    /** The seller team. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Calendar days (YYYY-MM-DD), both included; null is an open end. */
    startsAt: text('starts_at'),
    endsAt: text('ends_at'),
    entries: text('entries', { mode: 'json' })
      .$type<PriceListEntry[]>()
      .notNull()
      .default(sql`'[]'`),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [index('price_lists_user_version').on(t.userId, t.version)],
);
