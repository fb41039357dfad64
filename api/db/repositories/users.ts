/** Accounts: read, written and counted; hands out `User` objects, never raw rows. */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { User } from '../../../sync/entities/user';
import type { Db } from '../database';
import { preparedPerConnection } from '../prepared';
import { users } from '../schema';

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
const userById = preparedPerConnection((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
);

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const row = await userById(db).get({ id });
  return row ? toUser(row) : null;
}

/** The users among `ids` (at most a chunk's worth: see chunks.ts), by id. */
export async function findUsersByIds(db: Db, ids: string[]): Promise<Map<string, User>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids)).all();
  return new Map(rows.map((row) => [row.id, toUser(row)]));
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

/** Admins who can still sign in. */
export async function countEnabledAdmins(db: Db): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
        .get()
    )?.n ?? 0
  );
}

/** A sign-in is not a change a device needs, so `version` and `updatedAt` stay as they are. */
export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId)).run();
}

/** The sign-up date of a seeded account, so demo data reads as if it had been used for a while. */
export async function setJoinedAt(db: Db, userId: string, createdAt: Date): Promise<void> {
  await db.update(users).set({ createdAt }).where(eq(users.id, userId)).run();
}
