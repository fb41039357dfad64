/** The admin table's sorts and status filters, and its shared-licence flag, in SQL both engines read alike. */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { TRIAL_ENDING_DAYS, type AccountSort, type AccountStatusFilter, type SortDirection } from '../../../sync/entities/admin';
import { users } from '../schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Another account holds the same licence number (blank numbers are no licence); `users_license_number` answers the lookup. */
export const licenseShared = sql`(${users.licenseNumber} IS NOT NULL AND ${users.licenseNumber} <> '' AND EXISTS (SELECT 1 FROM ${users} AS other_account WHERE other_account.license_number = ${users.licenseNumber} AND other_account.id <> ${users.id}))`;

/** The flag as a column: 1 or 0 on both engines. */
export const licenseSharedColumn = sql<number>`CASE WHEN ${licenseShared} THEN 1 ELSE 0 END`;

/** A seller whose trial is over unpaid, or who canceled. */
function lapsed(now: Date): SQL {
  return and(eq(users.role, 'seller'), or(eq(users.subscriptionStatus, 'canceled'), and(eq(users.subscriptionStatus, 'trial'), sql`${users.trialEndsAt} <= ${now.getTime()}`)))!;
}

export function statusCondition(status: AccountStatusFilter, now: Date): SQL {
  switch (status) {
    case 'trial_ending':
      return and(
        eq(users.role, 'seller'),
        eq(users.subscriptionStatus, 'trial'),
        sql`${users.trialEndsAt} > ${now.getTime()} AND ${users.trialEndsAt} <= ${now.getTime() + TRIAL_ENDING_DAYS * DAY_MS}`,
      )!;
    case 'past_due':
      return eq(users.subscriptionStatus, 'past_due');
    case 'lapsed':
      return lapsed(now);
    case 'shared_license':
      return licenseShared;
  }
}

/** The columns each sort reads, most significant first; the name falls back to the email, as the table shows it. */
const SORT_COLUMNS: Record<AccountSort, SQL[]> = {
  name: [sql`${users.firstName}`, sql`${users.lastName}`, sql`lower(${users.email})`],
  role: [sql`${users.role}`],
  status: [sql`${users.subscriptionStatus}`, sql`${users.trialEndsAt}`],
  email: [sql`lower(${users.email})`],
  business: [sql`coalesce(${users.businessName}, ${users.companyName})`],
  license: [sql`${users.licenseNumber}`],
  joined: [sql`${users.createdAt}`],
  trialEnd: [sql`${users.trialEndsAt}`],
};

/** ORDER BY terms for a sort: empty values last either way, then the account's id so pages never overlap. */
export function accountSortOrder(sort: AccountSort, dir: SortDirection): SQL[] {
  const direction = dir === 'asc' ? sql`ASC` : sql`DESC`;
  return [...SORT_COLUMNS[sort], sql`${users.id}`].map((column) => sql`${column} ${direction} NULLS LAST`);
}
