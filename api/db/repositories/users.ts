/** Users and their sessions in SQLite; hands out `User` objects, never raw rows. */
import { and, count, desc, eq, gt, gte, or, sql, type AnyColumn } from 'drizzle-orm';
import type { User } from '../../../sync/entities/user';
import type { UserRole } from '../../../sync/constants';
import type { Db } from '../database';
import { sessions, users } from '../schema';

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
    subscriptionStatus: row.subscriptionStatus,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  return row ? toUser(row) : null;
}

/** The user and the password hash, for signing in. */
export async function findCredentialsByEmail(db: Db, email: string): Promise<{ user: User; passwordHash: string } | null> {
  const row = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .get();
  return row ? { user: toUser(row), passwordHash: row.passwordHash } : null;
}

export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const row = db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .get();
  return row !== undefined && row.id !== exceptUserId;
}

export async function insertUser(db: Db, user: NewUser, version: number, now: Date): Promise<User> {
  const row = db
    .insert(users)
    .values({ ...user, version, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return toUser(row);
}

export async function updateUser(db: Db, id: string, changes: UserChanges, version: number, now: Date): Promise<User> {
  const row = db
    .update(users)
    .set({ ...changes, version, updatedAt: now })
    .where(eq(users.id, id))
    .returning()
    .get();
  return toUser(row);
}

export async function countUsers(db: Db): Promise<number> {
  return db.select({ n: count() }).from(users).get()?.n ?? 0;
}

export type CustomerFilter = { search?: string; role?: UserRole };

/** Every non-admin account, newest first; search runs over names, email and business name. */
export async function listCustomers(db: Db, filter: CustomerFilter = {}): Promise<User[]> {
  const conditions = [sql`${users.role} <> 'admin'`];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const escaped = (column: AnyColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      or(
        escaped(users.firstName),
        escaped(users.lastName),
        escaped(users.email),
        escaped(users.businessName),
        escaped(users.companyName),
      )!,
    );
  }
  const rows = db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt))
    .all();
  return rows.map(toUser);
}

export async function customerStats(db: Db, monthStart: Date, now: Date) {
  const row = db
    .select({
      totalUsers: count(),
      activeSellers: sql<number>`sum(case when ${users.role} = 'seller' and ${users.subscriptionStatus} = 'active' then 1 else 0 end)`,
      trialUsers: sql<number>`sum(case when ${users.role} = 'seller' and ${users.subscriptionStatus} = 'trial' and (${users.trialEndsAt} is null or ${users.trialEndsAt} > ${now.getTime()}) then 1 else 0 end)`,
      monthlySignups: sql<number>`sum(case when ${users.createdAt} >= ${monthStart.getTime()} then 1 else 0 end)`,
    })
    .from(users)
    .where(sql`${users.role} <> 'admin'`)
    .get();
  return {
    totalUsers: row?.totalUsers ?? 0,
    activeSellers: Number(row?.activeSellers ?? 0),
    trialUsers: Number(row?.trialUsers ?? 0),
    monthlySignups: Number(row?.monthlySignups ?? 0),
  };
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  db.insert(sessions).values(session).run();
}

/** The session's user when the session exists and has not expired. */
export async function findSessionUser(db: Db, sid: string, now: Date): Promise<User | null> {
  const row = db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)))
    .get();
  return row ? toUser(row.user) : null;
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  db.delete(sessions).where(gte(sql`${now.getTime()}`, sessions.expire)).run();
}

