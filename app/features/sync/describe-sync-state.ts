import type { SyncPhase } from '../../../sync/engine/sync-engine';

export type SyncSummary = { label: string; tone: 'good' | 'warn' | 'bad' };

const changes = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;
const photos = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;

export type SyncStateInput = {
  online: boolean;
  phase: SyncPhase;
  /** Changes in the outbox. */
  pending: number;
  refused: number;
  /** Photos (and lab results) waiting to upload or on their way. */
  photosWaiting?: number;
  /** Photos the server refused. */
  photosFailed?: number;
  /** The photo queue got a 401 and waits for a sign-in. */
  photosNeedSignIn?: boolean;
};

/** One line that tells the person where their changes and photos stand. */
export function describeSyncState({ online, phase, pending, refused, photosWaiting = 0, photosFailed = 0, photosNeedSignIn = false }: SyncStateInput): SyncSummary {
  if (phase === 'needs-sign-in' || photosNeedSignIn) return { label: 'Sign in again to sync your changes', tone: 'bad' };
  if (phase === 'blocked') return { label: 'Sync paused: the server turned down this device', tone: 'bad' };
  if (refused > 0) return { label: `${refused} ${refused === 1 ? 'change was' : 'changes were'} refused`, tone: 'bad' };
  if (photosFailed > 0) return { label: `${photos(photosFailed)} could not be uploaded`, tone: 'bad' };
  if (!online) {
    if (pending && photosWaiting) return { label: `Offline: ${changes(pending)} and ${photos(photosWaiting)} will sync when you are back online`, tone: 'warn' };
    if (photosWaiting) return { label: `Offline: ${photos(photosWaiting)} waiting to upload`, tone: 'warn' };
    return { label: pending ? `Offline: ${changes(pending)} will sync when you are back online` : 'Offline: everything is saved on this device', tone: 'warn' };
  }
  if (phase === 'syncing') return { label: 'Syncing…', tone: 'good' };
  if (phase === 'retrying') return { label: 'Could not reach the server; retrying', tone: 'warn' };
  if (pending > 0 && photosWaiting > 0) return { label: `${changes(pending)} waiting to sync, ${photos(photosWaiting)} waiting to upload`, tone: 'warn' };
  if (pending > 0) return { label: `${changes(pending)} waiting to sync`, tone: 'warn' };
  if (photosWaiting > 0) return { label: `${photos(photosWaiting)} waiting to upload`, tone: 'warn' };
  return { label: 'All changes synced', tone: 'good' };
}

const LABELS: Record<string, string> = {
  'product.create': 'New product',
  'product.update': 'Product edit',
  'product.delete': 'Product deletion',
  'menu.create': 'New menu',
  'menu.update': 'Menu edit',
  'menu.delete': 'Menu deletion',
  'menu.regenerateLink': 'New menu link',
  'savedMenu.save': 'Saving a menu',
  'savedMenu.remove': 'Removing a saved menu',
  'profile.update': 'Profile edit',
};

export function mutationLabel(name: string): string {
  return LABELS[name] ?? 'Change';
}
