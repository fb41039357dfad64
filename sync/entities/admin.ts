import { z } from 'zod';
import { USER_ROLES } from '../contract/constants';
import { teamRoleSchema } from './team';
import { userSchema, type User } from './user';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeSellers: z.number().int(),
  trialUsers: z.number().int(),
  monthlySignups: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The largest page GET /api/admin/customers hands out, whatever `pageSize` asks for. */
export const MAX_ACCOUNT_PAGE_SIZE = 100;
export const DEFAULT_ACCOUNT_PAGE_SIZE = 25;

/** The admin table's sortable columns, as GET /api/admin/customers takes them in `sort`. */
export const ACCOUNT_SORTS = ['name', 'role', 'status', 'email', 'business', 'license', 'joined', 'trialEnd'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The admin's status filters, as GET /api/admin/customers takes them in `status`. */
export const ACCOUNT_STATUS_FILTERS = ['trial_ending', 'past_due', 'lapsed', 'shared_license'] as const;
export type AccountStatusFilter = (typeof ACCOUNT_STATUS_FILTERS)[number];

/** A trial ending within this many days counts as ending soon. */
export const TRIAL_ENDING_DAYS = 7;

/** How GET /api/admin/customers sorts and filters; without `sort` the newest come first. */
export const accountOrderSchema = z.object({
  sort: z.enum(ACCOUNT_SORTS, { error: `sort must be one of ${ACCOUNT_SORTS.join(', ')}` }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).optional(),
  status: z.enum(ACCOUNT_STATUS_FILTERS, { error: `status must be one of ${ACCOUNT_STATUS_FILTERS.join(', ')}` }).optional(),
});

/** One person of a team as the admin sees them under their business. */
export const teamMemberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  teamRole: teamRoleSchema,
  disabled: z.boolean(),
});
export type TeamMemberRow = z.infer<typeof teamMemberRowSchema>;

/**
 * A business as the admin table lists it: the account that holds it (a team's founder, or an account in no team),
 * whether another account holds the same licence number, and the team's name with its members (null, 0 and none for
 * an account in no team). A team's managers and reps are never rows of their own.
 */
export const accountRowSchema = userSchema.extend({
  licenseShared: z.boolean(),
  teamName: z.string().nullable(),
  memberCount: z.number().int(),
  members: z.array(teamMemberRowSchema),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

/** GET /api/admin/customers with `page`: one page of the filtered list and how many match in all. */
export const accountPageSchema = z.object({
  items: z.array(accountRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AccountPage = z.infer<typeof accountPageSchema>;

/** What the admin's dialogs need of an account: a row of the list, or a member listed under their team. */
export type AccountRef = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'disabled'>;

export const ADMIN_PASSWORD_REQUIRED_MESSAGE = 'Enter your password to make someone an admin';

/** The acting admin's own password, asked again before they make someone an admin. */
const adminPassword = z.string({ error: ADMIN_PASSWORD_REQUIRED_MESSAGE }).min(1, ADMIN_PASSWORD_REQUIRED_MESSAGE).max(200);

/** The dashboard's promote dialog. */
export const promotionInputSchema = z.object({ password: adminPassword });

/** PATCH /api/admin/customers/:id: an admin disables or re-enables an account, or changes its role (to admin, with their password). */
export const accountChangeSchema = z
  .object({
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    role: z.enum(USER_ROLES, { error: 'role must be seller, buyer or admin' }).optional(),
    password: adminPassword.optional(),
  })
  .refine((value) => value.disabled !== undefined || value.role !== undefined, { message: 'disabled must be true or false' })
  .refine((value) => value.role !== 'admin' || value.password !== undefined, { message: ADMIN_PASSWORD_REQUIRED_MESSAGE, path: ['password'] });
export type AccountChange = z.input<typeof accountChangeSchema>;

export const MAX_TRIAL_EXTENSION_DAYS = 90;

/** POST /api/admin/customers/:id/extend-trial. */
export const trialExtensionSchema = z.object({
  days: z
    .number({ error: `days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}` })
    .int(`days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}`)
    .min(1, `days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}`)
    .max(MAX_TRIAL_EXTENSION_DAYS, `days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}`),
});

export const AUDIT_ACTIONS = [
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an admin does to their own account: the entry's target is the actor. */
export const OWN_ACCOUNT_ACTIONS: readonly AuditAction[] = ['admin.sign_in', 'admin.password_change', 'admin.email_change', 'admin.account_close'];

export const auditEntrySchema = z.object({
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetId: z.string().nullable(),
  /** The account acted on, by its email when the entry was written (kept after the email changes or the account closes). */
  targetEmail: z.string().nullable(),
  detail: z.string().nullable(),
  clientAddress: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admin/audit?page=: newest first. */
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/customers/:id: what the customer detail panel shows. */
export const accountDetailSchema = z.object({
  customer: userSchema,
  /** Whether another account holds the same licence number. */
  licenseShared: z.boolean(),
  menus: z.array(z.object({ id: z.string(), name: z.string(), publicLinkId: z.string(), isPublic: z.boolean() })),
  productCount: z.number().int(),
  lastSignInAt: z.string().nullable(),
  openSessions: z.number().int(),
  /** Whether the owner followed the confirmation link sent to the account's address. */
  emailConfirmed: z.boolean(),
  /** The payment provider's customer dashboard, when the customer has a provider customer id. */
  stripeDashboardUrl: z.string().nullable(),
  audit: z.array(auditEntrySchema),
  /** The team the account belongs to, and its role there; the founder's account holds the team's trial and subscription. */
  team: z.object({ id: z.string(), name: z.string().nullable(), role: teamRoleSchema }).nullable(),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

/** GET /api/admin/growth: figures beyond the four cards. */
export const adminGrowthSchema = z.object({
  /** Active subscriptions times the Pro price, in cents. */
  monthlyRecurringRevenueCents: z.number().int(),
  /** Sellers paying now, of sellers whose trial is behind them (paying or not). */
  trialConversion: z.object({ converted: z.number().int(), decided: z.number().int() }),
  /** Sign-ups per week, oldest first, the last being the week that holds today. */
  weeklySignups: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
});
export type AdminGrowth = z.infer<typeof adminGrowthSchema>;
