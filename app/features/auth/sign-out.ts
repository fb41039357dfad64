/**
 * Signing out clears the session and reloads at the site root; the
 * 'Logged out' toast is shown by the fresh page, so a flag carries it over.
 * Changes still waiting to sync are kept on the device for the same person's
 * next sign-in, after a warning; with none waiting, the replica is deleted.
 */
import Dexie from 'dexie';
import { askToConfirm } from '../../lib/confirm-store';
import { replicaName } from '../../lib/replica/replica-db';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { SIGNED_OUT_FLAG } from './signed-out-toast';

export function unsyncedWarning(pending: number): string {
  return `${pending} ${pending === 1 ? 'change has' : 'changes have'} not reached the server yet. They stay on this device and are sent when you sign in here again.`;
}

export async function signOutAndReload(): Promise<void> {
  const { db, stop } = useSyncSession.getState();
  const userId = db?.userId;
  // Photos waiting to upload are changes too: they exist only on this device until sent; so are refused orders kept until acted on.
  const pending = db ? (await db.outbox.count()) + (await db.photos.where('status').anyOf('pending', 'uploading').count()) + (await db.keptRefusals.count()) : 0;
  if (pending > 0 && !(await askToConfirm({ title: 'Sign out anyway?', description: unsyncedWarning(pending), confirmLabel: 'Sign out' }))) return;
  stop();
  if (userId && pending === 0) await Dexie.delete(replicaName(userId)).catch(() => undefined);
  await useSession.getState().signOut();
  sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
  window.location.assign('/');
}
