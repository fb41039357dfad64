import type { SyncPhase } from '../../../sync/engine/sync-engine';

export type SyncSummary = { label: string; tone: 'good' | 'warn' | 'bad' };

/** One line that tells the person where their changes stand. */
export function describeSyncState({ online, phase, pending, refused }: { online: boolean; phase: SyncPhase; pending: number; refused: number }): SyncSummary {
  if (phase === 'needs-sign-in') return { label: 'Sign in again to sync your changes', tone: 'bad' };
  if (phase === 'blocked') return { label: 'Sync paused: the server turned down this device', tone: 'bad' };
  if (refused > 0) return { label: `${refused} ${refused === 1 ? 'change was' : 'changes were'} refused`, tone: 'bad' };
  if (!online) return { label: pending ? `Offline: ${pending} ${pending === 1 ? 'change' : 'changes'} will sync when you are back online` : 'Offline: everything is saved on this device', tone: 'warn' };
  if (phase === 'syncing') return { label: 'Syncing…', tone: 'good' };
  if (phase === 'retrying') return { label: 'Could not reach the server; retrying', tone: 'warn' };
  if (pending > 0) return { label: `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync`, tone: 'warn' };
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
