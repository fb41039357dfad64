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

  it('counts photos waiting to upload', () => {
    const base = { online: true, phase: 'idle' as const, pending: 0, refused: 0 };
    expect(describeSyncState({ ...base, photosWaiting: 1 })).toEqual({ label: '1 photo waiting to upload', tone: 'warn' });
    expect(describeSyncState({ ...base, photosWaiting: 3 }).label).toBe('3 photos waiting to upload');
    expect(describeSyncState({ ...base, pending: 2, photosWaiting: 1 }).label).toBe('2 changes waiting to sync, 1 photo waiting to upload');
    expect(describeSyncState({ ...base, online: false, photosWaiting: 2 }).label).toBe('Offline: 2 photos waiting to upload');
    expect(describeSyncState({ ...base, online: false, pending: 1, photosWaiting: 1 }).label).toBe('Offline: 1 change and 1 photo will sync when you are back online');
  });

  it('says when photos were refused or the photo queue needs a sign-in', () => {
    const base = { online: true, phase: 'idle' as const, pending: 0, refused: 0 };
    expect(describeSyncState({ ...base, photosFailed: 1, photosWaiting: 2 })).toEqual({ label: '1 photo could not be uploaded', tone: 'bad' });
    expect(describeSyncState({ ...base, photosNeedSignIn: true, photosWaiting: 1 })).toEqual({ label: 'Sign in again to sync your changes', tone: 'bad' });
  });
});
