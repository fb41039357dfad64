/**
 * Signing out clears the session and reloads at the site root; the
 * 'Logged out' toast is shown by the fresh page, so a flag carries it over.
 * Changes still waiting to sync, and refused orders kept until acted on, are
 * kept on the device for the same person's next sign-in, after a warning; with
 * none, the replica is deleted (carts with it, as with the person's other data).
 */
import Dexie from 'dexie';
import { askToConfirm } from '../../lib/confirm-store';
import { replicaName } from '../../lib/replica/replica-db';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { SIGNED_OUT_FLAG } from './signed-out-toast';

export function unsyncedWarning(pending: number, keptOrders = 0): string {
  const waiting = pending
    ? `${pending} ${pending === 1 ? 'change has' : 'changes have'} not reached the server yet. They stay on this device and are sent when you sign in here again.`
    : '';
  const kept = keptOrders ? `${keptOrders} refused ${keptOrders === 1 ? 'order stays' : 'orders stay'} on this device under Needs attention for when you sign in here again.` : '';
  return [waiting, kept].filter(Boolean).join(' ');
}

export async function signOutAndReload(): Promise<void> {
  const { db, stop } = useSyncSession.getState();
  const userId = db?.userId;
  // Photos waiting to upload are changes too: they exist only on this device until sent.
  const pending = db ? (await db.outbox.count()) + (await db.photos.where('status').anyOf('pending', 'uploading').count()) : 0;
  // So does an order the server refused, kept until the person acts on it: the replica must not be deleted with it.
  const keptOrders = db ? await db.keptRefusals.count() : 0;
  const onlyHere = pending + keptOrders;
  if (onlyHere > 0 && !(await askToConfirm({ title: 'Sign out anyway?', description: unsyncedWarning(pending, keptOrders), confirmLabel: 'Sign out' }))) return;
  stop();
  if (userId && onlyHere === 0) await Dexie.delete(replicaName(userId)).catch(() => undefined);
  await useSession.getState().signOut();
  sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
  window.location.assign('/');
}
