import type { SyncFailure, SyncPhase } from '../../../sync/device/engine/sync-engine';
import type { Connection } from '../../lib/connectivity';

export type SyncSummary = { label: string; tone: 'good' | 'warn' | 'bad' };

const changes = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;
const photos = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;

export type SyncStateInput = {
  connection: Connection;
  phase: SyncPhase;
  /** Why the last sync failed, while the engine retries. */
  failure?: SyncFailure | null;
  /** Changes in the outbox; null until the device has counted them. */
  pending: number | null;
  /** Changes the server refused for good (other than for the plan). */
  refused: number;
  /** Changes refused because the plan has lapsed, kept on the device to send again. */
  notSaved?: number;
  /** Refused changes the device keeps until the person acts on them (a refused order or new product: edit and send again, or discard). */
  needsAttention?: number;
  /** Photos (and lab results) waiting to upload or on their way. */
  photosWaiting?: number;
  /** Photos the server refused. */
  photosFailed?: number;
  /** The photo queue got a 401 and waits for a sign-in. */
  photosNeedSignIn?: boolean;
};

/** What waits on the device, and when it will go: "2 changes will sync when you are back online". */
function waiting(pending: number, photosWaiting: number, when: string): string {
  if (pending && photosWaiting) return `${changes(pending)} and ${photos(photosWaiting)} will sync ${when}`;
  if (photosWaiting) return `${photos(photosWaiting)} waiting to upload`;
  return pending ? `${changes(pending)} will sync ${when}` : 'everything is saved on this device';
}

/**
 * One line that tells the person where their changes and photos stand. The
 * network has three cases, each with its own words: the browser says it is
 * offline ("Offline: …"); the browser says online but no request gets an
 * answer ("Offline: the server cannot be reached; …"); the server answers
 * with an error ("The server is having a problem; …", while online).
 */
export function describeSyncState({
  connection,
  phase,
  failure = null,
  pending: counted,
  refused,
  notSaved = 0,
  needsAttention = 0,
  photosWaiting = 0,
  photosFailed = 0,
  photosNeedSignIn = false,
}: SyncStateInput): SyncSummary {
  const pending = counted ?? 0;
  if (phase === 'needs-sign-in' || photosNeedSignIn) return { label: 'Sign in again to sync your changes', tone: 'bad' };
  if (phase === 'blocked') return { label: 'Sync paused: the server turned down this device', tone: 'bad' };
  if (refused > 0) return { label: `${refused} ${refused === 1 ? 'change was' : 'changes were'} refused`, tone: 'bad' };
  if (needsAttention > 0) return { label: `${changes(needsAttention)} ${needsAttention === 1 ? 'needs' : 'need'} your attention`, tone: 'bad' };
  if (notSaved > 0) return { label: `${changes(notSaved)} not saved: a subscription is needed`, tone: 'bad' };
  if (photosFailed > 0) return { label: `${photos(photosFailed)} could not be uploaded`, tone: 'bad' };
  if (connection === 'offline') return { label: `Offline: ${waiting(pending, photosWaiting, 'when you are back online')}`, tone: 'warn' };
  if (connection === 'unreachable' || (phase === 'retrying' && failure === 'network')) {
    return { label: `Offline: the server cannot be reached; ${waiting(pending, photosWaiting, 'when it answers')}`, tone: 'warn' };
  }
  // Just opened: until the device has counted what waits and the first sync has begun, 'All changes synced' could be untrue.
  if (counted === null || phase === 'stopped') return { label: 'Checking for changes to sync…', tone: 'good' };
  if (phase === 'syncing') return { label: 'Syncing…', tone: 'good' };
  if (phase === 'retrying' && failure === 'server') {
    return { label: pending ? `The server is having a problem; ${changes(pending)} will sync when it recovers` : 'The server is having a problem; retrying', tone: 'warn' };
  }
  if (phase === 'retrying' && failure === 'rate_limited') {
    return {
      label: pending ? `The server asked this device to wait; ${changes(pending)} will sync by themselves` : 'The server asked this device to wait; retrying',
      tone: 'warn',
    };
  }
  if (phase === 'retrying') return { label: 'Sync failed on this device; retrying', tone: 'warn' };
  if (pending > 0 && photosWaiting > 0) return { label: `${changes(pending)} waiting to sync, ${photos(photosWaiting)} waiting to upload`, tone: 'warn' };
  if (pending > 0) return { label: `${changes(pending)} waiting to sync`, tone: 'warn' };
  if (photosWaiting > 0) return { label: `${photos(photosWaiting)} waiting to upload`, tone: 'warn' };
  return { label: 'All changes synced', tone: 'good' };
}

/** The one word for the top bar: anything but a working connection reads as Offline. */
export function connectionWord(connection: Connection): 'Online' | 'Offline' {
  return connection === 'online' ? 'Online' : 'Offline';
}

/**
 * The status in a few words for the top bar, where the whole sentence does not
 * fit: whether the server is reached, then what is wrong if anything is ("1 refused").
 * The counts of what waits are shown beside it by the control.
 */
export function shortSyncState({ connection, phase, failure = null, refused, notSaved = 0, needsAttention = 0, photosFailed = 0, photosNeedSignIn = false }: SyncStateInput): {
  word: string;
  problem: string | null;
} {
  const problem =
    refused + photosFailed > 0 ? `${refused + photosFailed} refused` : needsAttention > 0 ? `${needsAttention} to fix` : notSaved > 0 ? `${notSaved} not saved` : null;
  if (phase === 'needs-sign-in' || photosNeedSignIn) return { word: 'Sign in to sync', problem };
  if (phase === 'blocked') return { word: 'Sync paused', problem };
  // A server that answers with an error is still reached: Online, with what waits beside it.
  if (connection !== 'online' || (phase === 'retrying' && failure === 'network')) return { word: 'Offline', problem };
  return { word: 'Online', problem };
}
