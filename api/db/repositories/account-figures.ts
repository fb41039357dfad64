/** What admins read about customers beyond their profiles: the dashboard's counts and growth, and one account's sign-in and sessions. */
import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { sessions, users } from '../schema';
import { isBusinessAccount } from './team-accounts';

const sellerBusiness = sql`(${users.role} = 'seller' and ${isBusinessAccount})`;

/** What an admin sees of an account beyond its profile. */
export async function accountFacts(db: Db, userId: string, now: Date): Promise<{ lastSignInAt: Date | null; stripeCustomerId: string | null; openSessions: number }> {
  const row = await db.select({ lastSignInAt: users.lastSignInAt, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).get();
  const openSessions =
    (
      await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
        .get()
    )?.n ?? 0;
  return { lastSignInAt: row?.lastSignInAt ?? null, stripeCustomerId: row?.stripeCustomerId ?? null, openSessions };
}

/**
 * The dashboard's four figures; demo accounts count in none. Sellers, trials and paying sellers are businesses: a team
 * counts once, by its founding account (which holds its trial and subscription), whatever its members' own rows say.
 */
export async function accountStats(db: Db, monthStart: Date, now: Date) {
  const row = await db
    .select({
      totalUsers: count(),
      activeSellers: sql<number>`sum(case when ${sellerBusiness} and ${users.subscriptionStatus} = 'active' then 1 else 0 end)`,
      trialUsers: sql<number>`sum(case when ${sellerBusiness} and ${users.subscriptionStatus} = 'trial' and (${users.trialEndsAt} is null or ${users.trialEndsAt} > ${now.getTime()}) then 1 else 0 end)`,
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

/** Figures for the growth card: paying sellers, sellers whose trial is behind them (teams once each), and sign-ups per week since `since`. */
export async function growthFigures(db: Db, now: Date, since: Date, weekMs: number) {
  const sellers = await db
    .select({
      active: sql<number>`coalesce(sum(case when ${users.subscriptionStatus} = 'active' then 1 else 0 end), 0)`,
      decided: sql<number>`coalesce(sum(case when ${users.subscriptionStatus} = 'trial' and (${users.trialEndsAt} is null or ${users.trialEndsAt} > ${now.getTime()}) then 0 else 1 end), 0)`,
    })
    .from(users)
    .where(and(eq(users.role, 'seller'), eq(users.demo, false), isBusinessAccount))
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
