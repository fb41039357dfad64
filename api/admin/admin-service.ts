/** What admins see and do: the customer list and details, the figures, account care, and the audit log. */
import type { z } from 'zod';
import { PRO_PRICE_CENTS, SELF_SERVICE_ROLES, TRIAL_DAYS, type SelfServiceRole } from '../../sync/contract/constants';
import {
  AUDIT_PAGE_SIZE,
  DEFAULT_ACCOUNT_PAGE_SIZE,
  MAX_ACCOUNT_PAGE_SIZE,
  type accountChangeSchema,
  type accountOrderSchema,
  type trialExtensionSchema,
  type AdminGrowth,
  type AdminStats,
  type AuditAction,
  type AuditPage,
  type AccountDetail,
  type AccountPage,
  type AccountStatusFilter,
} from '../../sync/entities/admin';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import type { Db } from '../db/database';
import { auditOfTarget, pageAudit } from '../db/repositories/audit';
import { listMenusByOwner } from '../db/repositories/menus';
import { countProductsOfOwner } from '../db/repositories/products';
import { accountFacts, accountStats, growthFigures } from '../db/repositories/account-figures';
import { licenseIsShared, listAccounts, pageAccounts } from '../db/repositories/account-search';
import { deleteSessionsOfUser } from '../db/repositories/sessions';
import { findMembership, findTeam } from '../db/repositories/teams';
import { countEnabledAdmins, findUserById, updateUser, type UserChanges } from '../db/repositories/users';
import { requirePassword } from '../auth/current-password';
import { actorOf, recordAdminAudit } from './admin-audit';
import { stripeCustomerDashboardUrl } from './stripe-dashboard';
import { followRoleChange } from '../team/team-kind';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const SIGNUP_WEEKS = 12;
const DETAIL_AUDIT_ENTRIES = 20;

/** Who is acting and from where: every audit entry names both. */
export type Actor = { user: User; clientAddress: string };

/** GET /api/admin/customers: the search, role and paging as the query string gives them, with the order and status filter parsed. */
export type AccountQuery = { search?: string; role?: string; page?: string; pageSize?: string } & z.output<typeof accountOrderSchema>;

/** A positive whole number from a query string, or the fallback when it is absent or not one. */
function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return parsed >= 1 ? parsed : fallback;
}

function accountFilter(query: AccountQuery, status: AccountStatusFilter | undefined, now: Date) {
  // An unknown role filters nothing out.
  const role: SelfServiceRole | undefined = SELF_SERVICE_ROLES.find((known) => known === query.role);
  return { search: query.search?.trim() || undefined, role, status, now };
}

/**
 * The whole filtered list without `page`; one page of it with,
 * sorted by `sort` (ascending unless `dir` says otherwise; newest first without
 * a sort). An unknown sort, direction or status is refused, not ignored.
 */
export async function getAccounts(services: Services, query: AccountQuery): Promise<User[] | AccountPage> {
  const { sort, dir, status } = query;
  const filter = accountFilter(query, status, services.now());
  // The admins themselves are not customers: asking for them finds nobody.
  if (query.role === 'admin') {
    return query.page === undefined ? [] : { items: [], total: 0, page: positiveInt(query.page, 1), pageSize: pageSizeOf(query) };
  }
  if (query.page === undefined) return listAccounts(services.db.read, filter);
  const page = positiveInt(query.page, 1);
  const pageSize = pageSizeOf(query);
  const order = sort ? { sort, dir: dir ?? 'asc' } : undefined;
  const { items, total } = await pageAccounts(services.db.read, filter, page, pageSize, order);
  return { items, total, page, pageSize };
}

function pageSizeOf(query: AccountQuery): number {
  return Math.min(positiveInt(query.pageSize, DEFAULT_ACCOUNT_PAGE_SIZE), MAX_ACCOUNT_PAGE_SIZE);
}

export function getStats(services: Services): Promise<AdminStats> {
  const now = services.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return accountStats(services.db.read, monthStart, now);
}

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStartOf(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

export async function getGrowth(services: Services): Promise<AdminGrowth> {
  const now = services.now();
  const since = new Date(weekStartOf(now).getTime() - (SIGNUP_WEEKS - 1) * WEEK_MS);
  const figures = await growthFigures(services.db.read, now, since, WEEK_MS);
  const counts = new Map(figures.weeks.map((row) => [Number(row.week), row.n]));
  return {
    monthlyRecurringRevenueCents: figures.activeSellers * PRO_PRICE_CENTS,
    trialConversion: { converted: figures.activeSellers, decided: figures.decidedSellers },
    weeklySignups: Array.from({ length: SIGNUP_WEEKS }, (_, week) => ({
      weekStart: new Date(since.getTime() + week * WEEK_MS).toISOString(),
      count: counts.get(week) ?? 0,
    })),
  };
}

async function audit(db: Db, actor: Actor, at: Date, action: AuditAction, target: User, detail: string | null = null) {
  await recordAdminAudit(db, { at, actor: actorOf(actor.user, actor.clientAddress), action, target, detail });
}

async function accountOrNotFound(db: Db, id: string): Promise<User> {
  const account = await findUserById(db, id);
  if (!account) throw new AppError('not_found', 'Customer not found');
  return account;
}

/**
 * Disables or re-enables an account, or changes its role. Disabling ends its
 * sessions at once. Making someone an admin takes the acting admin's own
 * password again, so a session left open cannot hand out admin rights. An
 * admin cannot disable or demote themself, and the last admin who can sign
 * in stays one (checked inside the write, so two admins acting on each other
 * at once cannot both succeed).
 */
export async function changeAccount(services: Services, actor: Actor, accountId: string, input: z.output<typeof accountChangeSchema>): Promise<User> {
  const { disabled, role, password } = input;
  if (accountId === actor.user.id) {
    if (disabled === true) throw new AppError('forbidden', 'You cannot disable your own account');
    if (role !== undefined && role !== 'admin') throw new AppError('forbidden', 'You cannot change your own role');
  }
  // The schema asks for the password with role 'admin'; it is checked before the write, which a slow hash would hold up.
  if (role === 'admin' && password !== undefined) await requirePassword(services, actor.user, password, 'password');
  return services.db.transaction(async (tx) => {
    const account = await accountOrNotFound(tx.db, accountId);
    const now = services.now();
    const losesAdmin = account.role === 'admin' && !account.disabled && (disabled === true || (role !== undefined && role !== 'admin'));
    if (losesAdmin && (await countEnabledAdmins(tx.db)) <= 1) {
      throw new AppError('forbidden', 'The last admin cannot be disabled or demoted');
    }
    const changes: UserChanges = {};
    if (disabled !== undefined && disabled !== account.disabled) {
      changes.disabledAt = disabled ? now : null;
      if (disabled) await deleteSessionsOfUser(tx.db, accountId);
      await audit(tx.db, actor, now, disabled ? 'customer.disable' : 'customer.enable', account);
    }
    if (role !== undefined && role !== account.role) {
      await followRoleChange(tx, account, role, now);
      changes.role = role;
      // A buyer made a seller starts the seller trial, as one who switches on their own does.
      if (role === 'seller' && !account.trialEndsAt) changes.trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      await audit(tx.db, actor, now, 'customer.role', account, `${account.role} → ${role}`);
    }
    if (Object.keys(changes).length === 0) return account;
    return updateUser(tx.db, accountId, changes, tx.version, now);
  });
}

/** The later of now and the trial's current end, moved `days` on. */
export function extendedTrialEnd(current: Date | null, now: Date, days: number): Date {
  const from = current && current > now ? current : now;
  return new Date(from.getTime() + days * DAY_MS);
}

export const MEMBER_TRIAL_MESSAGE = "A team member has no trial of their own: extend the team's trial on its owner's account";

/**
 * Gives a seller more trial days. A seller whose trial ended or whose
 * subscription was canceled is back on trial at once; one who pays now has
 * no trial to extend. A team's trial is its founding account's: a member
 * who joined it (a manager, a rep) has none to extend.
 */
export async function extendTrial(services: Services, actor: Actor, accountId: string, input: z.output<typeof trialExtensionSchema>): Promise<User> {
  const { days } = input;
  return services.db.transaction(async (tx) => {
    const account = await accountOrNotFound(tx.db, accountId);
    if (account.role !== 'seller') throw new AppError('validation', 'Only a seller has a trial to extend');
    const membership = await findMembership(tx.db, accountId);
    if (membership && membership.teamId !== accountId) throw new AppError('validation', MEMBER_TRIAL_MESSAGE);
    if (account.subscriptionStatus === 'active' || account.subscriptionStatus === 'past_due') {
      throw new AppError('validation', 'This seller has a paid subscription; there is no trial to extend');
    }
    const now = services.now();
    const trialEndsAt = extendedTrialEnd(account.trialEndsAt ? new Date(account.trialEndsAt) : null, now, days);
    await audit(tx.db, actor, now, 'customer.extend_trial', account, `+${days} days, until ${trialEndsAt.toISOString().slice(0, 10)}`);
    return updateUser(tx.db, accountId, { trialEndsAt, subscriptionStatus: 'trial' }, tx.version, now);
  });
}

export async function getAudit(services: Services, query: { page?: string }): Promise<AuditPage> {
  const page = positiveInt(query.page, 1);
  const { items, total } = await pageAudit(services.db.read, page, AUDIT_PAGE_SIZE);
  return { items, total, page, pageSize: AUDIT_PAGE_SIZE };
}

/** The account's team, named as the admin list names it (the founder's business), and the account's role there. */
async function teamOf(db: Db, userId: string): Promise<AccountDetail['team']> {
  const membership = await findMembership(db, userId);
  if (!membership) return null;
  const founder = await findUserById(db, membership.teamId);
  const name = founder?.businessName?.trim() || founder?.companyName?.trim() || (await findTeam(db, membership.teamId))?.name || null;
  return { id: membership.teamId, name, role: membership.role };
}

/** One customer's details; the opening goes into the audit log (after the entries the panel lists), as any action on them would. */
export async function getAccountDetail(services: Services, actor: Actor, accountId: string): Promise<AccountDetail> {
  const db = services.db.read;
  const customer = await accountOrNotFound(db, accountId);
  const facts = await accountFacts(db, accountId, services.now());
  const menus = await listMenusByOwner(db, accountId);
  const detail: AccountDetail = {
    customer,
    licenseShared: await licenseIsShared(db, accountId),
    menus: menus.map((menu) => ({ id: menu.id, name: menu.name, publicLinkId: menu.publicLinkId, isPublic: menu.isPublic })),
    productCount: await countProductsOfOwner(db, accountId),
    lastSignInAt: facts.lastSignInAt?.toISOString() ?? null,
    openSessions: facts.openSessions,
    emailConfirmed: customer.emailConfirmedAt !== null,
    stripeDashboardUrl: facts.stripeCustomerId ? stripeCustomerDashboardUrl(facts.stripeCustomerId, services.env.STRIPE_SECRET_KEY) : null,
    audit: await auditOfTarget(db, accountId, DETAIL_AUDIT_ENTRIES),
    team: await teamOf(db, accountId),
  };
  await services.db.transaction(async (tx) => audit(tx.db, actor, services.now(), 'customer.view', customer));
  return detail;
}
