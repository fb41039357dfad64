/** Users and their sessions; hands out `User` objects, never raw rows. */
import { and, count, desc, eq, gt, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { CustomerRow, CustomerSort, CustomerStatusFilter, SortDirection } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import type { UserRole } from '../../../sync/constants';
import type { Db } from '../database';
import { preparedPerConnection } from '../prepared';
import { sessions, users } from '../schema';
import { isPostgres, likeIgnoringCase } from '../sql-dialect';
import { customerOrder, licenseSharedColumn, statusCondition } from './customer-order';

type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'version' | 'createdAt' | 'updatedAt'>;
export type UserChanges = Partial<Omit<NewUser, 'id'>>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    businessName: row.businessName,
    businessType: row.businessType,
    licenseNumber: row.licenseNumber,
    contactInfo: row.contactInfo,
    companyName: row.companyName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phoneNumber: row.phoneNumber,
    menuCoverUrl: row.menuCoverUrl,
    accentColor: row.accentColor,
    subscriptionStatus: row.subscriptionStatus,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    pastDueSince: row.pastDueSince?.toISOString() ?? null,
    disabled: row.disabledAt !== null,
    emailConfirmedAt: row.emailConfirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Asked by every pull, and for every public menu built. */
const userById = preparedPerConnection((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare());

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const row = await userById(db).get({ id });
  return row ? toUser(row) : null;
}

/** The user and the password hash, for signing in. */
export async function findCredentialsByEmail(db: Db, email: string): Promise<{ user: User; passwordHash: string } | null> {
  const row = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .get();
  return row ? { user: toUser(row), passwordHash: row.passwordHash } : null;
}

export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .get();
  return row !== undefined && row.id !== exceptUserId;
}

export async function insertUser(db: Db, user: NewUser, version: number, now: Date): Promise<User> {
  const row = await db
    .insert(users)
    .values({ ...user, version, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return toUser(row);
}

export async function updateUser(db: Db, id: string, changes: UserChanges, version: number, now: Date): Promise<User> {
  const row = await db
    .update(users)
    .set({ ...changes, version, updatedAt: now })
    .where(eq(users.id, id))
    .returning()
    .get();
  return toUser(row);
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(users).get())?.n ?? 0;
}

/** `status` filters as of `now`. */
export type CustomerFilter = { search?: string; role?: UserRole; status?: CustomerStatusFilter; now?: Date };

/** The trigram index finds parts of words of three characters or more; shorter searches read every row. */
const MIN_INDEXED_SEARCH = 3;

/** `%search%` for LIKE, with LIKE's own characters taken literally. */
const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The FTS5 query for a search among one role's accounts, or every customer's:
 * the search as one quoted phrase (nothing inside quotes is syntax but a
 * doubled quote), and the role column.
 */
function searchQuery(search: string, role: UserRole | undefined): string {
  const phrase = `body:"${search.replace(/"/g, '""')}"`;
  return role ? `${phrase} AND role:"${role}"` : `${phrase} NOT role:"admin"`;
}

/**
 * The `users_search` rows matching: SQLite's FTS5 trigram table, or on
 * PostgreSQL a pg_trgm index that answers ILIKE '%…%'. Both match any part
 * of the text, ignoring case.
 */
function searchIndexMatches(db: Db, search: string, role: UserRole | undefined) {
  if (!isPostgres(db)) return sql`users_search MATCH ${searchQuery(search, role)}`;
  const inRole = role ? sql`role = ${role}` : sql`role <> 'admin'`;
  return sql`body ILIKE ${containsPattern(search)} ESCAPE '\\' AND ${inRole}`;
}

function roleCondition(role: UserRole | undefined) {
  return role ? eq(users.role, role) : sql`${users.role} <> 'admin'`;
}

/** Up to this many matches, a page looks each match up and sorts them; beyond it, walking the newest-first index is faster. */
const FEW_MATCHES = 2000;

/**
 * Non-admin accounts matching the role and the search (names, email, business
 * and company name, any case). With many matches on SQLite the unary + keeps
 * it from looking up each one by rowid and sorting them all: it walks the
 * newest-first index instead, checking rows against the match set, and stops
 * at the page's end. PostgreSQL's planner weighs that itself.
 */
function customerConditions(db: Db, filter: CustomerFilter, matches = 0) {
  const conditions = [roleCondition(filter.role)];
  if (filter.status) conditions.push(statusCondition(filter.status, filter.now ?? new Date()));
  const search = filter.search;
  if (search && search.length >= MIN_INDEXED_SEARCH) {
    const matching = searchIndexMatches(db, search, filter.role);
    if (isPostgres(db)) conditions.push(sql`${users.id} IN (SELECT user_id FROM users_search WHERE ${matching})`);
    else conditions.push(sql`${matches > FEW_MATCHES ? sql`+${users}.rowid` : sql`${users}.rowid`} IN (SELECT rowid FROM users_search WHERE ${matching})`);
  } else if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(...[users.firstName, users.lastName, users.email, users.businessName, users.companyName].map((column) => likeIgnoringCase(db, column, pattern)))!,
    );
  }
  return and(...conditions);
}

/** How many accounts match, from indexes alone where it can: the search index, or every account less the admins. */
async function countCustomers(db: Db, filter: CustomerFilter): Promise<number> {
  if (filter.status) return (await db.select({ n: count() }).from(users).where(customerConditions(db, filter)).get())?.n ?? 0;
  if (filter.search && filter.search.length >= MIN_INDEXED_SEARCH) {
    return (await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM users_search WHERE ${searchIndexMatches(db, filter.search, filter.role)}`))?.n ?? 0;
  }
  if (!filter.search && !filter.role) {
    return (await db.get<{ n: number }>(sql`SELECT (SELECT count(*) FROM ${users}) - (SELECT count(*) FROM ${users} WHERE ${users.role} = 'admin') AS n`))?.n ?? 0;
  }
  return (await db.select({ n: count() }).from(users).where(customerConditions(db, filter)).get())?.n ?? 0;
}

/** Every matching non-admin account, newest first. */
export async function listCustomers(db: Db, filter: CustomerFilter = {}): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(customerConditions(db, filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .all();
  return rows.map(toUser);
}

/** One page (numbered from 1) of the matching accounts in the asked order (newest first without one), and how many match in all. */
export async function pageCustomers(
  db: Db,
  filter: CustomerFilter,
  page: number,
  pageSize: number,
  order?: { sort: CustomerSort; dir: SortDirection },
): Promise<{ items: CustomerRow[]; total: number }> {
  const total = await countCustomers(db, filter);
  const where = customerConditions(db, filter, total);
  const rows = await db
    .select({ user: users, licenseShared: licenseSharedColumn })
    .from(users)
    .where(where)
    .orderBy(...(order ? customerOrder(order.sort, order.dir) : [desc(users.createdAt), desc(users.id)]))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items: rows.map((row) => ({ ...toUser(row.user), licenseShared: Number(row.licenseShared) === 1 })), total };
}

/** Whether another account holds the account's licence number. */
export async function licenseIsShared(db: Db, userId: string): Promise<boolean> {
  const row = await db.select({ shared: licenseSharedColumn }).from(users).where(eq(users.id, userId)).get();
  return Number(row?.shared ?? 0) === 1;
}

/** Admins who can still sign in. */
export async function countEnabledAdmins(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt))).get())?.n ?? 0;
}

/** A sign-in is not a change a device needs, so `version` and `updatedAt` stay as they are. */
export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId)).run();
}

/** What an admin sees of an account beyond its profile. */
export async function accountFacts(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ lastSignInAt: Date | null; stripeCustomerId: string | null; openSessions: number }> {
  const row = await db.select({ lastSignInAt: users.lastSignInAt, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).get();
  const openSessions =
    (await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
      .get())?.n ?? 0;
  return { lastSignInAt: row?.lastSignInAt ?? null, stripeCustomerId: row?.stripeCustomerId ?? null, openSessions };
}

/** The sign-up date of a seeded account, so demo data reads as if it had been used for a while. */
export async function setJoinedAt(db: Db, userId: string, createdAt: Date): Promise<void> {
  await db.update(users).set({ createdAt }).where(eq(users.id, userId)).run();
}

/** The dashboard's four figures; demo accounts count in none. */
export async function customerStats(db: Db, monthStart: Date, now: Date) {
  const row = await db
    .select({
      totalUsers: count(),
      activeSellers: sql<number>`sum(case when ${users.role} = 'seller' and ${users.subscriptionStatus} = 'active' then 1 else 0 end)`,
      trialUsers: sql<number>`sum(case when ${users.role} = 'seller' and ${users.subscriptionStatus} = 'trial' and (${users.trialEndsAt} is null or ${users.trialEndsAt} > ${now.getTime()}) then 1 else 0 end)`,
      monthlySignups: sql<number>`sum(case when ${users.createdAt} >= ${monthStart.getTime()} then 1 else 0 end)`,
    })
    .from(users)
    .where(and(sql`${users.role} <> 'admin'`, eq(users.demo, false)))
    .get();
  return {
    totalUsers: row?.totalUsers ?? 0,
    activeSellers: Number(row?.activeSellers ?? 0),
    trialUsers: Number(row?.trialUsers ?? 0),
    monthlySignups: Number(row?.monthlySignups ?? 0),
  };
}

/** Figures for the growth card: paying sellers, sellers whose trial is behind them, and sign-ups per week since `since`. */
export async function growthFigures(db: Db, now: Date, since: Date, weekMs: number) {
  const sellers = await db
    .select({
      active: sql<number>`coalesce(sum(case when ${users.subscriptionStatus} = 'active' then 1 else 0 end), 0)`,
      decided: sql<number>`coalesce(sum(case when ${users.subscriptionStatus} = 'trial' and (${users.trialEndsAt} is null or ${users.trialEndsAt} > ${now.getTime()}) then 0 else 1 end), 0)`,
    })
    .from(users)
    .where(and(eq(users.role, 'seller'), eq(users.demo, false)))
    .get();
  const weeks = await db
    .select({
      // Bound numbers arrive as reals: the cast makes the division whole.
      week: sql<number>`cast((${users.createdAt} - ${since.getTime()}) / ${weekMs} as integer)`,
      n: count(),
    })
    .from(users)
    .where(and(sql`${users.role} <> 'admin'`, eq(users.demo, false), gte(users.createdAt, since)))
    .groupBy(sql`1`)
    .all();
  return { activeSellers: Number(sellers?.active ?? 0), decidedSellers: Number(sellers?.decided ?? 0), weeks };
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session).run();
}

/** Asked on every signed-in request. Placeholders reach SQLite as given: the expiry is stored in milliseconds. */
const sessionUser = preparedPerConnection((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('nowMs'))))
    .prepare(),
);

/** The session's user when the session exists and has not expired. */
export async function findSessionUser(db: Db, sid: string, now: Date): Promise<User | null> {
  const row = await sessionUser(db).get({ sid, nowMs: now.getTime() });
  return row ? toUser(row.user) : null;
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

/** Ends every session of the user, but `keepSid` when given (the device that made the change). */
export async function deleteSessionsOfUser(db: Db, userId: string, keepSid?: string): Promise<void> {
  await db.delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId))
    .run();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(gte(sql`${now.getTime()}`, sessions.expire)).run();
}

