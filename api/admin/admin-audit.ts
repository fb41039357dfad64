/**
 * The one way an entry goes into the admin audit log. An entry names who
 * acted, from where, and the account acted on by its email at that moment,
 * so it still says who it was after the email changes or the account closes.
 */
import type { AuditAction } from '../../sync/entities/admin';
import type { User } from '../../sync/entities/user';
import type { Services } from '../context';
import type { Db } from '../db/database';
import { appendAudit } from '../db/repositories/audit';

/** Who acted and from where. `id` is null when nobody proved who they are: a failed sign-in names the email typed. */
export type AuditActor = { id: string | null; email: string; clientAddress: string };

/** An account as an entry names it, taken before the change the entry records. */
export type AuditTarget = Pick<User, 'id' | 'email'>;

export type AuditRecord = {
  at: Date;
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget | null;
  detail?: string | null;
};

export function actorOf(user: AuditTarget, clientAddress: string): AuditActor {
  return { id: user.id, email: user.email, clientAddress };
}

export async function recordAdminAudit(db: Db, { at, actor, action, target, detail = null }: AuditRecord): Promise<void> {
  await appendAudit(db, {
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetId: target?.id ?? null,
    targetEmail: target?.email ?? null,
    detail,
    clientAddress: actor.clientAddress,
  });
}

export type OwnAccountAction = Extract<AuditAction, 'admin.sign_in' | 'admin.password_change' | 'admin.email_change' | 'admin.account_close'>;

/**
 * An admin's sign-in or change to their own account, written in the caller's
 * transaction; nothing for a seller or a buyer. `account` is the account as
 * it was before the change, so an email change names the old address.
 */
export async function recordOwnAccountAudit(
  db: Db,
  { at, account, clientAddress, action, detail = null }: { at: Date; account: User; clientAddress: string; action: OwnAccountAction; detail?: string | null },
): Promise<void> {
  if (account.role !== 'admin') return;
  await recordAdminAudit(db, { at, actor: actorOf(account, clientAddress), action, target: account, detail });
}

/** A wrong password typed for an admin account: the attempt is nobody's until proven, so its actor is the email typed. */
export async function recordFailedAdminSignIn(services: Services, account: User, typedEmail: string, clientAddress: string): Promise<void> {
  if (account.role !== 'admin') return;
  await services.db.transaction(async (tx) =>
    recordAdminAudit(tx.db, { at: services.now(), actor: { id: null, email: typedEmail, clientAddress }, action: 'admin.sign_in_failed', target: account }),
  );
}
