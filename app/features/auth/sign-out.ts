/**
 * Signing out clears the session and reloads at the site root; the
 * 'Logged out' toast is shown by the fresh page, so a flag carries it over.
 * Changes still waiting to sync, and refused orders and new products kept until acted on, are
 * kept on the device for the same person's next sign-in, after a warning; with
 * none, the replica is deleted (carts with it, as with the person's other data).
 */
import Dexie from 'dexie';
import { askToConfirm } from '../../lib/confirm-store';
import { replicaName } from '../../lib/replica/replica-db';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { SIGNED_OUT_FLAG } from './signed-out-toast';

const counted = (count: number, word: string) => `${count} refused ${word}${count === 1 ? '' : 's'}`;

export function unsyncedWarning(pending: number, keptOrders = 0, keptProducts = 0): string {
  const waiting = pending
    ? `${pending} ${pending === 1 ? 'change has' : 'changes have'} not reached the server yet. They stay on this device and are sent when you sign in here again.`
    : '';
  const keptWords = [keptOrders ? counted(keptOrders, 'order') : '', keptProducts ? counted(keptProducts, 'new product') : ''].filter(Boolean);
  const kept = keptWords.length
    ? `${keptWords.join(' and ')} ${keptOrders + keptProducts === 1 ? 'stays' : 'stay'} on this device under Needs attention for when you sign in here again.`
    : '';
  return [waiting, kept].filter(Boolean).join(' ');
}

export async function signOutAndReload(): Promise<void> {
  const { db, stop } = useSyncSession.getState();
  const userId = db?.userId;
  // Photos waiting to upload are changes too: they exist only on this device until sent.
  const pending = db ? (await db.outbox.count()) + (await db.photos.where('status').anyOf('pending', 'uploading').count()) : 0;
  // So does an order or a new product the server refused, kept until the person acts on it: the replica must not be deleted with it.
  const kept = db ? await db.keptRefusals.toArray() : [];
  const keptOrders = kept.filter((refusal) => refusal.name === 'order.create').length;
  const onlyHere = pending + kept.length;
  const warning = unsyncedWarning(pending, keptOrders, kept.length - keptOrders);
  if (onlyHere > 0 && !(await askToConfirm({ title: 'Sign out anyway?', description: warning, confirmLabel: 'Sign out' }))) return;
  stop();
  if (userId && onlyHere === 0) await Dexie.delete(replicaName(userId)).catch(() => undefined);
  await useSession.getState().signOut();
  sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
  window.location.assign('/');
}
