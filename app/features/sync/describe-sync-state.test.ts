import { describe, expect, it } from 'vitest';
import { connectionWord, describeSyncState, shortSyncState } from './describe-sync-state';

describe('describeSyncState', () => {
  it('asks for a sign-in before anything else', () => {
    expect(describeSyncState({ connection: 'online' as const, phase: 'needs-sign-in', pending: 3, refused: 1 })).toEqual({
      label: 'Sign in again to sync your changes',
      tone: 'bad',
    });
  });

  it('counts refused and waiting changes', () => {
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: 0, refused: 2 }).label).toBe('2 changes were refused');
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: 1, refused: 0 }).label).toBe('1 change waiting to sync');
  });

  it('counts the changes kept as not saved for the plan, apart from those refused for good', () => {
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: 0, refused: 0, notSaved: 1 })).toEqual({
      label: '1 change not saved: a subscription is needed',
      tone: 'bad',
    });
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: 0, refused: 1, notSaved: 2 }).label).toBe('1 change was refused');
  });

  it('says a kept refusal (a refused order) needs the person, not that it was merely refused', () => {
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: 0, refused: 0, needsAttention: 1 })).toEqual({
      label: '1 change needs your attention',
      tone: 'bad',
    });
    expect(describeSyncState({ connection: 'offline' as const, phase: 'idle', pending: 0, refused: 0, needsAttention: 2, notSaved: 1 }).label).toBe(
      '2 changes need your attention',
    );
    expect(shortSyncState({ connection: 'online', phase: 'idle', pending: 0, refused: 0, needsAttention: 1 }).problem).toBe('1 to fix');
  });

  it('reassures when offline', () => {
    expect(describeSyncState({ connection: 'offline' as const, phase: 'idle', pending: 0, refused: 0 })).toEqual({
      label: 'Offline: everything is saved on this device',
      tone: 'warn',
    });
    expect(describeSyncState({ connection: 'offline' as const, phase: 'retrying', pending: 4, refused: 0 }).label).toBe('Offline: 4 changes will sync when you are back online');
  });

  it('says all is synced when nothing waits', () => {
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: 0, refused: 0 })).toEqual({ label: 'All changes synced', tone: 'good' });
  });

  it('claims nothing until the device has counted its changes and the first sync has begun', () => {
    expect(describeSyncState({ connection: 'online' as const, phase: 'idle', pending: null, refused: 0 })).toEqual({ label: 'Checking for changes to sync…', tone: 'good' });
    expect(describeSyncState({ connection: 'online' as const, phase: 'stopped', pending: 0, refused: 0 }).label).toBe('Checking for changes to sync…');
    expect(describeSyncState({ connection: 'offline' as const, phase: 'stopped', pending: null, refused: 0 }).label).toBe('Offline: everything is saved on this device');
  });

  it('counts photos waiting to upload', () => {
    const base = { connection: 'online' as const, phase: 'idle' as const, pending: 0, refused: 0 };
    expect(describeSyncState({ ...base, photosWaiting: 1 })).toEqual({ label: '1 photo waiting to upload', tone: 'warn' });
    expect(describeSyncState({ ...base, photosWaiting: 3 }).label).toBe('3 photos waiting to upload');
    expect(describeSyncState({ ...base, pending: 2, photosWaiting: 1 }).label).toBe('2 changes waiting to sync, 1 photo waiting to upload');
    expect(describeSyncState({ ...base, connection: 'offline' as const, photosWaiting: 2 }).label).toBe('Offline: 2 photos waiting to upload');
    expect(describeSyncState({ ...base, connection: 'offline' as const, pending: 1, photosWaiting: 1 }).label).toBe(
      'Offline: 1 change and 1 photo will sync when you are back online',
    );
  });

  it('says when photos were refused or the photo queue needs a sign-in', () => {
    const base = { connection: 'online' as const, phase: 'idle' as const, pending: 0, refused: 0 };
    expect(describeSyncState({ ...base, photosFailed: 1, photosWaiting: 2 })).toEqual({ label: '1 photo could not be uploaded', tone: 'bad' });
    expect(describeSyncState({ ...base, photosNeedSignIn: true, photosWaiting: 1 })).toEqual({ label: 'Sign in again to sync your changes', tone: 'bad' });
  });

  it('says Offline when the browser is online but the server cannot be reached, and what waits for it', () => {
    const base = { connection: 'unreachable' as const, phase: 'idle' as const, pending: 0, refused: 0 };
    expect(describeSyncState(base)).toEqual({ label: 'Offline: the server cannot be reached; everything is saved on this device', tone: 'warn' });
    expect(describeSyncState({ ...base, phase: 'retrying', failure: 'network', pending: 4 }).label).toBe(
      'Offline: the server cannot be reached; 4 changes will sync when it answers',
    );
    expect(describeSyncState({ ...base, pending: 1, photosWaiting: 2 }).label).toBe('Offline: the server cannot be reached; 1 change and 2 photos will sync when it answers');
  });

  it('a network failure while the browser still reports online reads as the server not answering', () => {
    expect(describeSyncState({ connection: 'online', phase: 'retrying', failure: 'network', pending: 2, refused: 0 }).label).toBe(
      'Offline: the server cannot be reached; 2 changes will sync when it answers',
    );
  });

  it('tells a server error apart from no network: still online, the server has a problem', () => {
    const base = { connection: 'online' as const, phase: 'retrying' as const, failure: 'server' as const, refused: 0 };
    expect(describeSyncState({ ...base, pending: 3 })).toEqual({ label: 'The server is having a problem; 3 changes will sync when it recovers', tone: 'warn' });
    expect(describeSyncState({ ...base, pending: 0 }).label).toBe('The server is having a problem; retrying');
    expect(describeSyncState({ ...base, failure: 'device', pending: 0 }).label).toBe('Sync failed on this device; retrying');
  });

  it("says a quota of the server's holds changes back, and that they go by themselves", () => {
    const base = { connection: 'online' as const, phase: 'retrying' as const, failure: 'rate_limited' as const, refused: 0 };
    expect(describeSyncState({ ...base, pending: 2 })).toEqual({ label: 'The server asked this device to wait; 2 changes will sync by themselves', tone: 'warn' });
    expect(describeSyncState({ ...base, pending: 0 }).label).toBe('The server asked this device to wait; retrying');
  });

  it('the top bar says Offline for both no network and no server', () => {
    expect(connectionWord('online')).toBe('Online');
    expect(connectionWord('offline')).toBe('Offline');
    expect(connectionWord('unreachable')).toBe('Offline');
  });
});

describe('shortSyncState', () => {
  it('says Offline, also when the browser is online but the server cannot be reached', () => {
    expect(shortSyncState({ connection: 'offline', phase: 'idle', pending: 3, refused: 0 })).toEqual({ word: 'Offline', problem: null });
    expect(shortSyncState({ connection: 'unreachable', phase: 'idle', pending: 3, refused: 0 }).word).toBe('Offline');
    expect(shortSyncState({ connection: 'online', phase: 'retrying', failure: 'network', pending: 3, refused: 0 }).word).toBe('Offline');
  });

  it('says Online while the server answers, with an error too, and what stops the sync', () => {
    expect(shortSyncState({ connection: 'online', phase: 'idle', pending: 0, refused: 0 }).word).toBe('Online');
    expect(shortSyncState({ connection: 'online', phase: 'syncing', pending: 2, refused: 0 }).word).toBe('Online');
    expect(shortSyncState({ connection: 'online', phase: 'retrying', failure: 'server', pending: 2, refused: 0 }).word).toBe('Online');
    expect(shortSyncState({ connection: 'online', phase: 'needs-sign-in', pending: 2, refused: 0 }).word).toBe('Sign in to sync');
    expect(shortSyncState({ connection: 'online', phase: 'blocked', pending: 0, refused: 0 }).word).toBe('Sync paused');
  });

  it('names refused changes and photos together, and changes kept for the plan apart', () => {
    expect(shortSyncState({ connection: 'offline', phase: 'idle', pending: 1, refused: 1, photosFailed: 1 }).problem).toBe('2 refused');
    expect(shortSyncState({ connection: 'online', phase: 'idle', pending: 0, refused: 0, notSaved: 3 }).problem).toBe('3 not saved');
  });
});
