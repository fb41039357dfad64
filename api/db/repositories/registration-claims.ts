/** Registrations waiting for their address's owner to follow the link sent there, found by the SHA-256 of their token. */
import { and, count, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { registrationClaims } from '../schema';

export type RegistrationClaimRow = typeof registrationClaims.$inferSelect;

export async function insertRegistrationClaim(db: Db, claim: Omit<RegistrationClaimRow, 'usedAt'>): Promise<void> {
  await db.insert(registrationClaims).values(claim).run();
}

export async function findRegistrationClaim(db: Db, tokenHash: string): Promise<RegistrationClaimRow | null> {
  return (await db.select().from(registrationClaims).where(eq(registrationClaims.tokenHash, tokenHash)).get()) ?? null;
}

/** Uses the claim up; false when another request used it first. */
export async function useRegistrationClaim(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .update(registrationClaims)
    .set({ usedAt: now })
    .where(and(eq(registrationClaims.tokenHash, tokenHash), isNull(registrationClaims.usedAt)))
    .returning({ tokenHash: registrationClaims.tokenHash })
    .get();
  return row !== undefined;
}

/** Only the newest claim of an address works: the earlier ones are used up. */
export async function retireRegistrationClaims(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(registrationClaims)
    .set({ usedAt: now })
    .where(and(sql`lower(${registrationClaims.email}) = ${email.toLowerCase()}`, isNull(registrationClaims.usedAt)))
    .run();
}

/** Claims of the address made since `since`: each sent it an email. */
export async function countRegistrationClaimsSince(db: Db, email: string, since: Date): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(registrationClaims)
    .where(and(sql`lower(${registrationClaims.email}) = ${email.toLowerCase()}`, gte(registrationClaims.createdAt, since)))
    .get();
  return row?.n ?? 0;
}

/** Claims past their expiry go, with the password hash they kept. */
export async function deleteExpiredRegistrationClaims(db: Db, now: Date): Promise<void> {
  await db.delete(registrationClaims).where(lte(registrationClaims.expiresAt, now)).run();
}
