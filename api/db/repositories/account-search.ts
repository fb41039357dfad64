/**
 * The admin's customer list: every business (a team's founding account, or an account in no team) matching a role, a
 * status and a search, in the asked order, whole or a page at a time. A search also finds a team by one of its members.
 */
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { AccountRow, AccountSort, AccountStatusFilter, SortDirection } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import type { UserRole } from '../../../sync/contract/constants';
import type { Db } from '../database';
import { users } from '../schema';
import { isPostgres, likeIgnoringCase } from '../sql-dialect';
import { accountSortOrder, licenseSharedColumn, statusCondition } from './account-sort';
import { isBusinessAccount, joinedMemberCount, membersOfTeams } from './team-accounts';
import { toUser } from './users';

/** `status` filters as of `now`. */
export type AccountFilter = { search?: string; role?: UserRole; status?: AccountStatusFilter; now?: Date };

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

/** Ids of the accounts whose own text (names, email, business and company name, licence number) holds the search. */
function accountsMatching(db: Db, search: string, role: UserRole | undefined) {
  if (search.length < MIN_INDEXED_SEARCH) {
    const pattern = containsPattern(search);
    const columns = [users.firstName, users.lastName, users.email, users.businessName, users.companyName, users.licenseNumber];
    return sql`SELECT ${users.id} FROM ${users} WHERE ${and(roleCondition(role), or(...columns.map((column) => likeIgnoringCase(db, column, pattern))))}`;
  }
  const matching = searchIndexMatches(db, search, role);
  if (isPostgres(db)) return sql`SELECT user_id FROM users_search WHERE ${matching}`;
  return sql`SELECT matched.id FROM users matched WHERE matched.rowid IN (SELECT rowid FROM users_search WHERE ${matching})`;
}

/**
 * Businesses matching the role and the search: by their own account's text, or through a member's (a rep's email finds
 * their team). With many matches on SQLite the unary + keeps it from looking up each one by rowid and sorting them all:
 * it walks the newest-first index instead, checking rows against the match set, and stops at the page's end.
 * PostgreSQL's planner weighs that itself.
 */
function accountConditions(db: Db, filter: AccountFilter, matches = 0) {
  const conditions = [roleCondition(filter.role), isBusinessAccount];
  if (filter.status) conditions.push(statusCondition(filter.status, filter.now ?? new Date()));
  const search = filter.search;
  if (search) {
    const matched = accountsMatching(db, search, filter.role);
    const throughMember = sql`${users.id} IN (SELECT team_id FROM team_members WHERE user_id IN (${matched}))`;
    let own = sql`${users.id} IN (${matched})`;
    if (!isPostgres(db) && search.length >= MIN_INDEXED_SEARCH) {
      own = sql`${matches > FEW_MATCHES ? sql`+${users}.rowid` : sql`${users}.rowid`} IN (SELECT rowid FROM users_search WHERE ${searchIndexMatches(db, search, filter.role)})`;
    }
    conditions.push(or(own, throughMember)!);
  }
  return and(...conditions);
}

/** How many businesses match: without a filter, from indexes alone (every account less the admins and the joined members). */
async function countAccounts(db: Db, filter: AccountFilter): Promise<number> {
  if (!filter.status && !filter.search && !filter.role) {
    const n = await db.get<{ n: number }>(sql`SELECT (SELECT count(*) FROM ${users}) - (SELECT count(*) FROM ${users} WHERE ${users.role} = 'admin') - ${joinedMemberCount} AS n`);
    return Number(n?.n ?? 0);
  }
  return (await db.select({ n: count() }).from(users).where(accountConditions(db, filter)).get())?.n ?? 0;
}

/** The name of the account's team: its founding account's business or company name, else the name it was given. */
const teamNameColumn = sql<string | null>`(SELECT coalesce(nullif(trim(anchor.business_name), ''), nullif(trim(anchor.company_name), ''), team.name)
  FROM team_members membership JOIN teams team ON team.id = membership.team_id JOIN users anchor ON anchor.id = team.id
  WHERE membership.user_id = "users"."id")`;
const memberCountColumn = sql<number>`(SELECT count(*) FROM team_members fellow
  WHERE fellow.team_id = (SELECT membership.team_id FROM team_members membership WHERE membership.user_id = "users"."id"))`;

/** Every matching business, newest first. */
export async function listAccounts(db: Db, filter: AccountFilter = {}): Promise<User[]> {
  const rows = await db.select().from(users).where(accountConditions(db, filter)).orderBy(desc(users.createdAt), desc(users.id)).all();
  return rows.map(toUser);
}

/** One page (numbered from 1) of the matching accounts in the asked order (newest first without one), and how many match in all. */
export async function pageAccounts(
  db: Db,
  filter: AccountFilter,
  page: number,
  pageSize: number,
  order?: { sort: AccountSort; dir: SortDirection },
): Promise<{ items: AccountRow[]; total: number }> {
  const total = await countAccounts(db, filter);
  const where = accountConditions(db, filter, total);
  const rows = await db
    .select({ user: users, licenseShared: licenseSharedColumn, teamName: teamNameColumn, memberCount: memberCountColumn })
    .from(users)
    .where(where)
    .orderBy(...(order ? accountSortOrder(order.sort, order.dir) : [desc(users.createdAt), desc(users.id)]))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const members = await membersOfTeams(
    db,
    rows.map((row) => row.user.id),
  );
  return {
    items: rows.map((row) => ({
      ...toUser(row.user),
      licenseShared: Number(row.licenseShared) === 1,
      teamName: row.teamName,
      memberCount: Number(row.memberCount),
      members: members.get(row.user.id) ?? [],
    })),
    total,
  };
}

/** Whether another account holds the account's licence number. */
export async function licenseIsShared(db: Db, userId: string): Promise<boolean> {
  const row = await db.select({ shared: licenseSharedColumn }).from(users).where(eq(users.id, userId)).get();
  return Number(row?.shared ?? 0) === 1;
}
