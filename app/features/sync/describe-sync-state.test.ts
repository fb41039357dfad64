import { describe, expect, it } from 'vitest';
import { describeSyncState } from './describe-sync-state';

describe('describeSyncState', () => {
  it('asks for a sign-in before anything else', () => {
    expect(describeSyncState({ online: true, phase: 'needs-sign-in', pending: 3, refused: 1 })).toEqual({ label: 'Sign in again to sync your changes', tone: 'bad' });
  });

  it('counts refused and waiting changes', () => {
    expect(describeSyncState({ online: true, phase: 'idle', pending: 0, refused: 2 }).label).toBe('2 changes were refused');
    expect(describeSyncState({ online: true, phase: 'idle', pending: 1, refused: 0 }).label).toBe('1 change waiting to sync');
  });

  it('reassures when offline', () => {
    expect(describeSyncState({ online: false, phase: 'idle', pending: 0, refused: 0 })).toEqual({ label: 'Offline: everything is saved on this device', tone: 'warn' });
    expect(describeSyncState({ online: false, phase: 'retrying', pending: 4, refused: 0 }).label).toBe('Offline: 4 changes will sync when you are back online');
  });

  it('says all is synced when nothing waits', () => {
    expect(describeSyncState({ online: true, phase: 'idle', pending: 0, refused: 0 })).toEqual({ label: 'All changes synced', tone: 'good' });
  });
});
