/** Accounts: people, their signed-in sessions and the single-use links sent to them by email. */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { SUBSCRIPTION_STATUSES, USER_ROLES } from '../../../sync/contract/constants';
import { timestamps, version, oneOf } from './columns';

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
    role: text('role', { enum: USER_ROLES }).notNull(),
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
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('trial'),
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
    check('users_role_check', oneOf(t.role)),
    check('users_subscription_status_check', oneOf(t.subscriptionStatus)),
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

/** What a single-use link sent by email is for. */
export const ACCOUNT_TOKEN_PURPOSES = ['password-reset', 'confirm-email', 'email-change'] as const;

/** Single-use links sent by email (password reset, address confirmation), kept only as a SHA-256 of the token. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A password reset, the confirmation of the account's address, or a change to a new address (which takes effect only once confirmed). */
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The address the link confirms: the account's own, or the new one of a change. */
    email: text('email'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('account_tokens_user').on(t.userId, t.purpose), check('account_tokens_purpose_check', oneOf(t.purpose))],
);

/** What a registration keeps, beside the address and the password, until its link is followed. */
export type ClaimedProfile = {
  role: 'seller' | 'buyer';
  firstName: string;
  lastName: string | null;
  businessName: string | null;
  /** Absent from a registration kept before sign-up asked for them. */
  companyName?: string | null;
  licenseNumber?: string | null;
  phoneNumber: string | null;
  contactInfo: string | null;
};

/**
 * A registration naming an address that an account holds without having confirmed it: it waits for the link sent to
 * that address, whose owner alone can follow it. Following it makes the account and takes the address from the
 * unconfirmed one, so a stranger who registered someone's address first never locks its owner out.
 */
export const registrationClaims = sqliteTable(
  'registration_claims',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile', { mode: 'json' }).$type<ClaimedProfile>().notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('registration_claims_email').on(sql`lower(${t.email})`, t.createdAt)],
);
