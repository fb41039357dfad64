/** The admin audit log in SQLite: appended to, read newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '../../../sync/entities/admin';
import type { Db } from '../database';
import { auditLog } from '../schema';

export type NewAuditEntry = {
  at: Date;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetId: string | null;
  targetEmail: string | null;
  detail: string | null;
  clientAddress: string;
};

type AuditRow = typeof auditLog.$inferSelect;

function toEntry(row: AuditRow): AuditEntry {
  return {
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetId: row.targetId,
    targetEmail: row.targetEmail,
    detail: row.detail,
    clientAddress: row.clientAddress,
  };
}

export async function appendAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry).run();
}

/** One page (numbered from 1), newest first; the id breaks ties between entries of the same millisecond. */
export async function pageAudit(db: Db, page: number, pageSize: number): Promise<{ items: AuditEntry[]; total: number }> {
  const total = (await db.select({ n: count() }).from(auditLog).get())?.n ?? 0;
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items: rows.map(toEntry), total };
}

/** The latest entries about one account. */
export async function auditOfTarget(db: Db, targetId: string, limit: number): Promise<AuditEntry[]> {
  return (await db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).all()).map(toEntry);
}
