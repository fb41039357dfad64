/**
 * The database schema: the single source of truth for tables, generated into
 * SQL migrations by drizzle-kit (`npm run db:generate`).
 *
 * Sync shape: every row a device replicates carries `version`, the value of
 * the server's change clock when the row last changed, and deleting such a
 * row leaves a tombstone (see the triggers migration), so a pull can say
 * "everything after version N" without ever consulting a device clock.
 *
 * Exact numbers: percentages in hundredths, prices in cents, quantities in
 * thousandths, all integers.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { OrderHistoryEntry, OrderLine, OrderPayment } from '../../sync/entities/order';
import type { PriceListEntry } from '../../sync/entities/price-list';
import type { MenuFacts } from '../../sync/menu-diff';

const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
};
const version = integer('version').notNull().default(0);
/** Which member added a row and which last changed it: null only for a member whose account is gone. */
const authorship = () => ({
  createdBy: text('created_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
});

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    firebaseUid: text('firebase_uid').unique(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: ['seller', 'buyer', 'admin'] }).notNull(),
    businessName: text('business_name'),
    businessType: text('business_type'),
    licenseNumber: text('license_number'),
    contactInfo: text('contact_info'),
    companyName: text('company_name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    phoneNumber: text('phone_number'),
    /** The seller's brand on their public menus: a cover image and an accent colour (#rrggbb). */
    menuCoverUrl: text('menu_cover_url'),
    accentColor: text('accent_color'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status', { enum: ['trial', 'active', 'canceled', 'past_due'] })
      .notNull()
      .default('trial'),
    trialEndsAt: integer('trial_ends_at', { mode: 'timestamp_ms' }),
    /** When the subscription became past due: the grace period counts from here. */
    pastDueSince: integer('past_due_since', { mode: 'timestamp_ms' }),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    /** Written on sign-in only, without touching `version`: it is for admins, not something a device replicates. */
    lastSignInAt: integer('last_sign_in_at', { mode: 'timestamp_ms' }),
    /** When the owner followed the confirmation link sent to this address; null until then. */
    emailConfirmedAt: integer('email_confirmed_at', { mode: 'timestamp_ms' }),
    /** A seeded demo account: listed for admins, but counted in no figure. */
    demo: integer('demo', { mode: 'boolean' }).notNull().default(false),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at').on(t.createdAt),
    // The admin list, newest first a page at a time: of one role, or of every customer (the search has its own index, users_search).
    index('users_role_created').on(t.role, t.createdAt, t.id),
    index('users_customers_created')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} <> 'admin'`),
    // The admin table's sorts and filters: a page sorted by one column, trials ending soon, a licence held by another account.
    index('users_license_number').on(t.licenseNumber),
    index('users_status_trial_end').on(t.subscriptionStatus, t.trialEndsAt),
    index('users_trial_end').on(t.trialEndsAt),
    index('users_business').on(sql`coalesce(${t.businessName}, ${t.companyName})`),
    index('users_name').on(t.firstName, t.lastName),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    check('users_role_check', sql`${t.role} in ('seller', 'buyer', 'admin')`),
    check('users_subscription_status_check', sql`${t.subscriptionStatus} in ('trial', 'active', 'canceled', 'past_due')`),
  ],
);

/** A signed-in session; a token is valid only while its row exists and has not expired. */
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sess: text('sess', { mode: 'json' }).$type<{ userAgent?: string | null }>().notNull(),
    expire: integer('expire', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_id').on(t.userId), index('sessions_expire').on(t.expire)],
);

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strainName: text('strain_name').notNull(),
    description: text('description'),
    category: text('category', { enum: ['flower', 'preroll', 'concentrate', 'edible', 'vape', 'topical'] })
      .notNull()
      .default('flower'),
    thcHundredths: integer('thc_hundredths'),
    cbdHundredths: integer('cbd_hundredths'),
    priceCents: integer('price_cents'),
    unitType: text('unit_type', { enum: ['lb', 'oz', 'g', 'unit'] })
      .notNull()
      .default('oz'),
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
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    index('products_user_version').on(t.userId, t.version),
    uniqueIndex('products_owner_sku').on(t.userId, t.sku),
    check('products_category_check', sql`${t.category} in ('flower', 'preroll', 'concentrate', 'edible', 'vape', 'topical')`),
    check('products_unit_type_check', sql`${t.unitType} in ('lb', 'oz', 'g', 'unit')`),
    check('products_thc_check', sql`${t.thcHundredths} between 0 and 10000`),
    check('products_cbd_check', sql`${t.cbdHundredths} between 0 and 10000`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_available_check', sql`${t.availableThousandths} >= 0`),
    check('products_lot_size_check', sql`${t.lotSize} >= 1`),
  ],
);

export const menus = sqliteTable(
  'menus',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    publicLinkId: text('public_link_id').notNull().unique(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    /** ISO date-time in UTC (so text order is time order); after it the link answers Menu Not Found. */
    linkExpiresAt: text('link_expires_at'),
    /** The price list everyone who opens this menu's link is priced by (a buyer's own list comes first). */
    priceListId: text('price_list_id').references((): AnySQLiteColumn => priceLists.id, { onDelete: 'set null' }),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    index('menus_user_version').on(t.userId, t.version),
    // Browse: newest first with the id as tie-break, over all sellers or one.
    index('menus_public_updated').on(t.isPublic, t.updatedAt, t.id),
    index('menus_seller_public_updated').on(t.userId, t.isPublic, t.updatedAt, t.id),
  ],
);

/** A menu's products, in the order the menu shows them. */
export const menuItems = sqliteTable(
  'menu_items',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.productId] }), index('menu_items_product').on(t.productId)],
);

export const savedMenus = sqliteTable(
  'saved_menus',
  {
    id: text('id').primaryKey(),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: a copy outlives its menu when the seller closes their account (see `withdrawnAt`). */
    menuId: text('menu_id').notNull(),
    notes: text('notes'),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isFavorite: integer('is_favorite', { mode: 'boolean' }).notNull().default(false),
    /** The menu's snapshot stamp when the buyer last looked at it: a newer stamp means "changed since". */
    lastSeenStamp: integer('last_seen_stamp').notNull().default(0),
    /** The menu's facts (see `MenuFacts`) as the buyer last looked at them, to say what changed since on any device. */
    seenMenu: text('seen_menu', { mode: 'json' }).$type<MenuFacts>(),
    /** The menu's stamp when it was last in the buyer's daily digest email: only newer changes go in the next one. */
    digestedStamp: integer('digested_stamp').notNull().default(0),
    /** The link the buyer saved a private-link menu with: a new link (the seller regenerated it) ends their access. */
    linkId: text('link_id'),
    /** When the seller closed their account: the menu is gone and the copy keeps its name and the seller's as they were then. */
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
    withdrawnMenuName: text('withdrawn_menu_name'),
    withdrawnSellerName: text('withdrawn_seller_name'),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_menus_buyer_menu').on(t.buyerUserId, t.menuId),
    index('saved_menus_buyer_version').on(t.buyerUserId, t.version),
    index('saved_menus_menu').on(t.menuId),
  ],
);

/** What a pull reports as deleted: written by triggers, so cascaded deletes leave one too. */
export const tombstones = sqliteTable(
  'tombstones',
  {
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    userId: text('user_id').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId] }), index('tombstones_user_version').on(t.userId, t.version)],
);

/** The change clock: one row whose value every write transaction bumps once. */
export const syncClock = sqliteTable(
  'sync_clock',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull(),
    /** Tombstones at or below this version were pruned: a device whose cursor is older downloads everything again. */
    tombstonesPrunedThrough: integer('tombstones_pruned_through').notNull().default(0),
  },
  (t) => [check('sync_clock_single_row', sql`${t.id} = 1`)],
);

/** The change clock's value at each retention run, so tombstones can be pruned by age though they carry only a version. */
export const syncClockMarks = sqliteTable('sync_clock_marks', {
  at: integer('at', { mode: 'timestamp_ms' }).primaryKey(),
  version: integer('version').notNull(),
});

/** Per device (client id): whose it is and the last mutation sequence the server processed for it. */
export const syncClients = sqliteTable(
  'sync_clients',
  {
    clientId: text('client_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sync_clients_user').on(t.userId)],
);

/** Mutations the server refused, with the reason, so a device can show them. */
export const syncRefusals = sqliteTable(
  'sync_refusals',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.clientId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    reason: text('reason').notNull(),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.seq] })],
);

/**
 * One counted view of a public menu: an opening by anyone but its seller,
 * after the same visitor's repeat openings within the dedup window are
 * dropped. `visitorKey` is the signed-in user, the anonymous visitor cookie,
 * a keyed hash of address and user agent, or, for an address's new visitors
 * beyond its budget, a keyed hash of the address block; never the address.
 * Not synced: read on demand through the insights.
 */
export const menuViewEvents = sqliteTable(
  'menu_view_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('menu_view_events_menu_time').on(t.menuId, t.viewedAt),
    // The signed-in viewers of a menu without scanning its anonymous views.
    index('menu_view_events_menu_user')
      .on(t.menuId, t.userId, t.viewedAt)
      .where(sql`${t.userId} is not null`),
  ],
);

/** Counted views per menu and UTC day: what the chart and the totals read, however many raw views there are. */
export const menuViewDays = sqliteTable(
  'menu_view_days',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, UTC. */
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.day] })],
);

/** How often a product was opened (its photos or lab results) on a menu, per UTC day: the insights' most opened products. */
export const menuProductOpenDays = sqliteTable(
  'menu_product_open_days',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, UTC. */
    day: text('day').notNull(),
    opens: integer('opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.productId, t.day] })],
);

/**
 * Each visitor of a menu once: when they first and last (counted) opened it
 * and how often. The last counted view drives the dedup window, and "seen
 * since" gives the unique visitors of a period from one index range.
 */
export const menuVisitors = sqliteTable(
  'menu_visitors',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstViewedAt: integer('first_viewed_at', { mode: 'timestamp_ms' }).notNull(),
    lastViewedAt: integer('last_viewed_at', { mode: 'timestamp_ms' }).notNull(),
    views: integer('views').notNull().default(0),
    /** A new anonymous visitor's address block, as a keyed hash: how many new visitors one address brought lately is counted by it. */
    addressKey: text('address_key'),
  },
  (t) => [
    primaryKey({ columns: [t.menuId, t.visitorKey] }),
    index('menu_visitors_menu_last').on(t.menuId, t.lastViewedAt),
    index('menu_visitors_menu_address')
      .on(t.menuId, t.addressKey, t.firstViewedAt)
      .where(sql`${t.addressKey} is not null`),
  ],
);

/**
 * What happened to a seller's menus that the seller did not do: a buyer
 * opened one for the first time, or saved one. Their inbox lists these as
 * notifications and the dashboard as recent activity.
 */
export const sellerEvents = sqliteTable(
  'seller_events',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['menu_opened', 'menu_saved'] }).notNull(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('seller_events_seller_time').on(t.sellerId, t.createdAt), check('seller_events_kind_check', sql`${t.kind} in ('menu_opened', 'menu_saved')`)],
);

/**
 * Uploaded files (product photos, profile photos, lab results), by ids made
 * on the device. The bytes live under DATA_DIR/uploads named by their SHA-256,
 * so the same file uploaded twice is stored once.
 */
export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose', { enum: ['product', 'profile', 'lab-result'] }).notNull(),
    version,
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('photos_user_version').on(t.userId, t.version),
    index('photos_sha256').on(t.sha256),
    check('photos_purpose_check', sql`${t.purpose} in ('product', 'profile', 'lab-result')`),
  ],
);

/**
 * A buyer's message to a seller about a menu (or one of its products), or an
 * order request built from a menu. Both parties see it; nobody else. Prices of
 * an order are copied in when it is sent, so later price changes do not touch it.
 */
export const inquiries = sqliteTable(
  'inquiries',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menuId: text('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    /** The menu's link when the buyer wrote: a private-link menu given a new link takes no more of their messages. */
    linkId: text('link_id'),
    menuName: text('menu_name').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['message', 'order'] }).notNull(),
    status: text('status', { enum: ['open', 'accepted', 'declined'] })
      .notNull()
      .default('open'),
    items: text('items', { mode: 'json' })
      .$type<Array<{ productId: string; strainName: string; unitType: string; quantity: string; pricePerUnit: string | null; lineTotal: string | null }>>()
      .notNull()
      .default(sql`'[]'`),
    totalCents: integer('total_cents'),
    /** When the buyer's device wrote it (see `acceptedWrittenAt`); null before it was kept: its `createdAt`. */
    writtenAt: integer('written_at', { mode: 'timestamp_ms' }),
    buyerReadAt: integer('buyer_read_at', { mode: 'timestamp_ms' }),
    sellerReadAt: integer('seller_read_at', { mode: 'timestamp_ms' }),
    version,
    ...timestamps,
  },
  (t) => [
    index('inquiries_buyer_version').on(t.buyerId, t.version),
    index('inquiries_seller_version').on(t.sellerId, t.version),
    check('inquiries_kind_check', sql`${t.kind} in ('message', 'order')`),
    check('inquiries_status_check', sql`${t.status} in ('open', 'accepted', 'declined')`),
  ],
);

export const inquiryMessages = sqliteTable(
  'inquiry_messages',
  {
    id: text('id').primaryKey(),
    inquiryId: text('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team (the inquiry's buyer or seller) the author wrote for; `author_id` is the member. Null only before it was kept: the author was the team. */
    authorTeamId: text('author_team_id'),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the author's device wrote it (see `acceptedWrittenAt`); null before it was kept: its `createdAt`. */
    writtenAt: integer('written_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('inquiry_messages_inquiry').on(t.inquiryId, t.createdAt)],
);

/**
 * A seller's subscriptions as the payment provider last told us, one row per
 * provider subscription. `lastEventAt` is the creation time of the newest
 * event applied to it, so an older event arriving late never moves it back.
 */
export const billingSubscriptions = sqliteTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's own word: trialing, active, past_due, canceled, incomplete, unpaid, ... */
    status: text('status').notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    lastEventAt: integer('last_event_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('billing_subscriptions_user').on(t.userId)],
);

/** Every payment-provider event applied, by its id, so a replay changes nothing. */
export const billingEvents = sqliteTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

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
    action: text('action', {
      enum: [
        'customer.disable',
        'customer.enable',
        'customer.role',
        'customer.extend_trial',
        'customer.view',
        'admin.sign_in',
        'admin.sign_in_failed',
        'admin.password_change',
        'admin.email_change',
        'admin.account_close',
      ],
    }).notNull(),
    targetId: text('target_id').references(() => users.id, { onDelete: 'set null' }),
    /** The target's email when the entry was written: the entry still says who it was after a change of address or a closed account. */
    targetEmail: text('target_email'),
    detail: text('detail'),
    clientAddress: text('client_address').notNull(),
  },
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_target_at').on(t.targetId, t.at, t.id),
    check(
      'audit_log_action_check',
      sql`${t.action} in ('customer.disable', 'customer.enable', 'customer.role', 'customer.extend_trial', 'customer.view', 'admin.sign_in', 'admin.sign_in_failed', 'admin.password_change', 'admin.email_change', 'admin.account_close')`,
    ),
  ],
);

/**
 * Every email the server sends, written in the same transaction as the change
 * that causes it. A background sender delivers due rows, retrying with
 * back-off; a sent row stays as the record of what was sent.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: text('headers', { mode: 'json' })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_user_kind').on(t.userId, t.kind, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Single-use links sent by email (password reset, address confirmation), kept only as a SHA-256 of the token. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A password reset, the confirmation of the account's address, or a change to a new address (which takes effect only once confirmed). */
    purpose: text('purpose', { enum: ['password-reset', 'confirm-email', 'email-change'] }).notNull(),
    /** The address the link confirms: the account's own, or the new one of a change. */
    email: text('email'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('account_tokens_user').on(t.userId, t.purpose), check('account_tokens_purpose_check', sql`${t.purpose} in ('password-reset', 'confirm-email', 'email-change')`)],
);

/** The notification emails a person turned off; every kind not listed here is on. */
export const emailOptOuts = sqliteTable(
  'email_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

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
    kind: text('kind', { enum: ['seller', 'buyer'] }).notNull(),
    name: text('name').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [check('teams_kind_check', sql`${t.kind} in ('seller', 'buyer')`)],
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
    role: text('role', { enum: ['owner', 'manager', 'rep'] }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The change clock when the person joined: a device of theirs whose cursor is older pulled for another team. */
    sinceVersion: integer('since_version').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('team_members_user').on(t.userId),
    check('team_members_role_check', sql`${t.role} in ('owner', 'manager', 'rep')`),
  ],
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
    role: text('role', { enum: ['owner', 'manager', 'rep'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('team_invitations_token').on(t.tokenHash),
    index('team_invitations_team').on(t.teamId, t.createdAt),
    check('team_invitations_role_check', sql`${t.role} in ('owner', 'manager', 'rep')`),
  ],
);

/**
 * A seller team's customer book: the dispensaries it sells to, with their terms. `buyerTeamId` links one to the
 * buyer's team here once that buyer has an account; `repUserId` is the member who looks after it.
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
    licenseNumber: text('license_number'),
    paymentTerms: text('payment_terms', { enum: ['cod', 'net7', 'net15', 'net30'] })
      .notNull()
      .default('cod'),
    priceListId: text('price_list_id').references((): AnySQLiteColumn => priceLists.id, { onDelete: 'set null' }),
    repUserId: text('rep_user_id').references(() => users.id, { onDelete: 'set null' }),
    holdWhenOverdue: integer('hold_when_overdue', { mode: 'boolean' }).notNull().default(false),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
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
    check('customers_payment_terms_check', sql`${t.paymentTerms} in ('cod', 'net7', 'net15', 'net30')`),
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

/**
 * A wholesale order between a seller team and a buyer (see `orderSchema`). Lines, history and payments are kept whole
 * as JSON: they are read and written with the order, never on their own. Money in cents.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The seller team. */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's team when the buyer has an account here. */
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The seller's customer row; no foreign key, so an order outlives a customer taken out of the book. */
    customerId: text('customer_id').notNull(),
    menuId: text('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    /** The conversation of an order that began as an order request. */
    inquiryId: text('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['submitted', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancelled', 'awaiting_buyer'] }).notNull(),
    resumeStatus: text('resume_status', { enum: ['submitted', 'accepted'] }),
    /** Whether its lines' quantities are out of stock: from acceptance until it is cancelled (an order request accepted before orders held none). */
    stockHeld: integer('stock_held', { mode: 'boolean' }).notNull().default(false),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'partial', 'paid'] })
      .notNull()
      .default('unpaid'),
    lines: text('lines', { mode: 'json' }).$type<OrderLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    paymentTerms: text('payment_terms', { enum: ['cod', 'net7', 'net15', 'net30'] })
      .notNull()
      .default('cod'),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    note: text('note').notNull().default(''),
    history: text('history', { mode: 'json' }).$type<OrderHistoryEntry[]>().notNull(),
    payments: text('payments', { mode: 'json' })
      .$type<OrderPayment[]>()
      .notNull()
      .default(sql`'[]'`),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_seller_number').on(t.sellerId, t.number),
    index('orders_seller_version').on(t.sellerId, t.version),
    index('orders_buyer_version').on(t.buyerId, t.version),
    // The order list's pages, newest first: the seller's (all or by status), the buyer's, and a rep's customers'.
    index('orders_seller_created').on(t.sellerId, t.createdAt, t.number),
    index('orders_seller_status_created').on(t.sellerId, t.status, t.createdAt, t.number),
    index('orders_buyer_created').on(t.buyerId, t.createdAt, t.number),
    index('orders_customer_created').on(t.customerId, t.createdAt, t.number),
    check('orders_status_check', sql`${t.status} in ('submitted', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancelled', 'awaiting_buyer')`),
  ],
);

/** The last order number each seller team gave: taken with one UPDATE ... RETURNING in the order's transaction. */
export const orderCounters = sqliteTable('order_counters', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/** A browser's push subscription: one per endpoint, owned by the person who last posted it. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in that subscribed: ending it (signing out, a password reset, an expiry) ends the subscription. */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSuccessAt: integer('last_success_at', { mode: 'timestamp_ms' }),
    /** Deliveries refused or failed since the last that reached it. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId), index('push_subscriptions_session').on(t.sessionId)],
);

/** The kinds of push a person turned off; every kind not listed here is on. */
export const pushOptOuts = sqliteTable(
  'push_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Pushes waiting to be delivered, one per subscription, written in the transaction of the change they tell of. A
 * sender claims a row until `claimedUntil` before sending, so processes sharing the database never send it twice;
 * a delivered or abandoned row is deleted.
 */
export const pushOutbox = sqliteTable(
  'push_outbox',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The JSON message (`pushMessageSchema`), encrypted only when sent. */
    payload: text('payload').notNull(),
    urgency: text('urgency', { enum: ['very-low', 'low', 'normal', 'high'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('push_outbox_due').on(t.nextAttemptAt), index('push_outbox_subscription').on(t.subscriptionId)],
);

/** Keys the server made for itself once (the VAPID pair when none is configured), by name. */
export const serverKeys = sqliteTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** When a push of an at-most-daily kind (the saved menus' digest) was last queued for a team (or a person). */
export const pushDaily = sqliteTable(
  'push_daily',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
