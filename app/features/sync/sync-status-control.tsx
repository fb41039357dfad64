/**
 * The sync status in the top bar: online or offline, how many changes wait,
 * how many photos wait to upload (with a progress bar for each one on its
 * way), when the last sync succeeded, whether every screen opens offline, and the changes and photos the server
 * refused (each with its reason; a change can be dismissed, a photo sent
 * again or discarded). Changes refused because the plan has lapsed are listed
 * as 'Not saved', to send again after subscribing or to discard; those kept
 * until acted on (a refused order or new product) as 'Needs attention', named
 * by what they were, with the way to where the person acts on them: they
 * cannot be dismissed here.
 */
import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import { mutationLabel, type Mutation } from '../../../sync/contract/mutations';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { Link } from '../../lib/router';
import { useConnectivity } from '../../lib/connectivity';
import { useScreensOnDevice } from '../../lib/screens-on-device';
import { discardLocalPhotos, retryLocalPhoto } from '../../lib/photos/local-photos';
import { usePhotoCounts } from '../../lib/photos/use-photos';
import { KEPT_REFUSAL_PLACES, useKeptRefusals } from '../../lib/replica/kept-refusals';
import { discardRefusal, notSavedChanges, sendAgain } from '../../lib/replica/not-saved';
import { useSyncCounts } from '../../lib/replica/use-replica';
import { useSyncSession } from '../../lib/replica/sync-session';
import { openAuthDialog } from '../../lib/auth-dialog-events';
import { UploadProgressBar } from '../../widgets/photos/upload-status';
import { connectionWord, describeSyncState, shortSyncState } from './describe-sync-state';

export function SyncStatusControl() {
  const connection = useConnectivity((state) => state.connection);
  const online = connection === 'online';
  const status = useSyncSession((state) => state.status);
  const db = useSyncSession((state) => state.db);
  const engine = useSyncSession((state) => state.engine);
  const photoStatus = useSyncSession((state) => state.photoStatus);
  const counts = useSyncCounts();
  const screensKept = useScreensOnDevice((state) => state.state === 'kept');
  const photoCounts = usePhotoCounts();
  const pending = counts?.pending ?? 0;
  const allRefusals = counts?.refusals ?? [];
  const notSaved = notSavedChanges(allRefusals);
  const refusals = allRefusals.filter((refusal) => !notSaved.some((change) => change.seq === refusal.seq));
  const kept = useKeptRefusals() ?? [];
  const photosWaiting = photoCounts?.waiting ?? 0;
  const failedPhotos = photoCounts?.failed ?? [];
  const uploading = photoCounts?.uploading ?? [];
  const needsSignIn = status.phase === 'needs-sign-in' || photoStatus.phase === 'needs-sign-in';
  const stateInput = {
    connection,
    phase: status.phase,
    failure: status.failure,
    pending: counts ? counts.pending : null,
    refused: refusals.length,
    notSaved: notSaved.length,
    needsAttention: kept.length,
    photosWaiting,
    photosFailed: failedPhotos.length,
    photosNeedSignIn: photoStatus.phase === 'needs-sign-in',
  };
  const summary = describeSyncState(stateInput);
  const short = shortSyncState(stateInput);

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="flex min-w-0 flex-wrap items-center gap-x-1.5 rounded-md px-2 py-1.5 text-left text-sm font-medium text-stone-700 hover:bg-stone-100">
          {/* The name is the whole status in words; what shows is its short form, so it is hidden from the name rather than contradicting it. */}
          <span className="sr-only">Sync status: {summary.label}</span>
          <span
            aria-hidden
            className={cn('h-2.5 w-2.5 shrink-0 rounded-full', summary.tone === 'good' ? 'bg-brand-600' : summary.tone === 'warn' ? 'bg-amber-500' : 'bg-red-600')}
          />
          {/* The state always shows in words, on a phone too: a dot alone says nothing to someone who cannot tell its colour. */}
          <span aria-hidden data-testid="sync-state-words">
            {short.word}
            {pending > 0 && (
              <>
                {' · '}
                <span data-testid="pending-count">{pending}</span> waiting
              </>
            )}
            {photosWaiting > 0 && (
              <>
                {' · '}
                <span data-testid="pending-photos-count">↑{photosWaiting}</span> {photosWaiting === 1 ? 'photo' : 'photos'}
              </>
            )}
            {short.problem && (
              <>
                {' · '}
                <span className="text-red-800">{short.problem}</span>
              </>
            )}
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Sync status"
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-lg"
        >
          <p className="font-semibold" role="status">
            {summary.label}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
            <dt>Connection</dt>
            <dd>{connection === 'unreachable' ? 'Offline (the server cannot be reached)' : connectionWord(connection)}</dd>
            <dt>Waiting to sync</dt>
            <dd data-testid="pending-detail">{pending === 1 ? '1 change' : `${pending} changes`}</dd>
            <dt>Photos to upload</dt>
            <dd data-testid="pending-photos-detail">{photosWaiting === 1 ? '1 photo' : `${photosWaiting} photos`}</dd>
            <dt>Last synced</dt>
            <dd>{counts?.lastSyncedAt ? new Date(counts.lastSyncedAt).toLocaleString() : 'Not yet'}</dd>
            <dt>Screens</dt>
            <dd data-testid="screens-on-device">{screensKept ? 'Ready: every screen opens offline' : 'Getting ready: stay online a moment'}</dd>
          </dl>
          {uploading.length > 0 && (
            <ul aria-label="Uploads in progress" className="mt-2 grid gap-1.5">
              {uploading.map((photo, index) => (
                <li key={photo.id} className="grid gap-1 text-xs text-stone-600">
                  <span>{photo.purpose === 'lab-result' ? 'Uploading lab results' : `Uploading photo ${uploading.length > 1 ? index + 1 : ''}`.trim()}</span>
                  <UploadProgressBar photoId={photo.id} label={photo.purpose === 'lab-result' ? 'Uploading lab results' : 'Uploading photo'} />
                </li>
              ))}
            </ul>
          )}
          {needsSignIn && (
            <Button className="mt-3 w-full" onClick={() => openAuthDialog({ mode: 'signin' })}>
              Sign in again to sync
            </Button>
          )}
          {status.phase === 'retrying' && status.lastError && status.failure === 'rate_limited' && (
            <p className="mt-2 text-stone-600">{status.lastError} Your changes are kept on this device and will be sent by themselves.</p>
          )}
          {status.phase === 'retrying' && status.lastError && status.failure !== 'rate_limited' && (
            <p className="mt-2 text-stone-600">Last attempt failed: {status.lastError}. Retrying automatically.</p>
          )}
          {status.phase === 'blocked' && status.lastError && <p className="mt-2 text-red-800">{status.lastError}</p>}
          {online && status.phase !== 'syncing' && !needsSignIn && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => {
                void engine?.syncNow();
                void useSyncSession.getState().photoQueue?.kick(true);
              }}
            >
              Sync now
            </Button>
          )}
          {notSaved.length > 0 && db && (
            <ProblemList title="Not saved">
              {notSaved.map((change) => (
                <li key={change.seq} className="grid gap-1 rounded-md bg-red-50 p-2 text-red-900">
                  <span className="block font-medium">
                    {mutationLabel(change.name)}
                    {changeTitle(change.mutation)}
                  </span>
                  <span data-testid="not-saved-reason">{change.message}</span>
                  <span className="flex gap-3">
                    <button type="button" className="underline" onClick={() => void sendAgain(db, change)}>
                      Send again
                    </button>
                    <button type="button" className="underline" onClick={() => void discardRefusal(db, change.seq)}>
                      Discard
                    </button>
                  </span>
                </li>
              ))}
            </ProblemList>
          )}
          {kept.length > 0 && (
            <ProblemList title="Needs attention">
              {kept.map((refusal) => (
                <li key={`${refusal.name}:${refusal.id}`} className="flex items-start justify-between gap-2 rounded-md bg-red-50 p-2 text-red-900">
                  <span>
                    <span className="block font-medium">
                      {mutationLabel(refusal.name)}
                      {changeTitle(refusal.mutation)}
                    </span>
                    <span data-testid="refusal-reason">{refusal.message}</span>
                  </span>
                  <Link to={KEPT_REFUSAL_PLACES[refusal.name].to} className="shrink-0 underline">
                    {KEPT_REFUSAL_PLACES[refusal.name].label}
                  </Link>
                </li>
              ))}
            </ProblemList>
          )}
          {refusals.length > 0 && (
            <ProblemList title="Changes that could not be saved">
              {refusals.map((refusal) => (
                <li key={refusal.seq} className="flex items-start justify-between gap-2 rounded-md bg-red-50 p-2 text-red-900">
                  <span>
                    <span className="block font-medium">{mutationLabel(refusal.name)}</span>
                    <span data-testid="refusal-reason">{refusal.message}</span>
                  </span>
                  <button type="button" className="shrink-0 underline" onClick={() => void db?.refusals.delete(refusal.seq)}>
                    Dismiss
                  </button>
                </li>
              ))}
            </ProblemList>
          )}
          {failedPhotos.length > 0 && (
            <ProblemList title="Photos that could not be uploaded">
              {failedPhotos.map((photo) => (
                <li key={photo.id} className="grid gap-1 rounded-md bg-red-50 p-2 text-red-900">
                  <span className="block font-medium">{photo.purpose === 'lab-result' ? `Lab results${photo.fileName ? ` (${photo.fileName})` : ''}` : 'Photo'}</span>
                  <span data-testid="photo-refusal-reason">{photo.error ?? 'Refused'}</span>
                  <span className="flex gap-3">
                    <button type="button" className="underline" onClick={() => void retryLocalPhoto(photo.id)}>
                      Try again
                    </button>
                    <button type="button" className="underline" onClick={() => void discardLocalPhotos([photo.id])}>
                      Discard
                    </button>
                  </span>
                </li>
              ))}
            </ProblemList>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Which product or menu a change was about, so the person recognises it: ": Blue Dream". */
function changeTitle(mutation: Mutation): string {
  const args = mutation.args as { strainName?: unknown; name?: unknown; changes?: { strainName?: unknown; name?: unknown } };
  const title = args.strainName ?? args.name ?? args.changes?.strainName ?? args.changes?.name;
  return typeof title === 'string' && title ? `: ${title}` : '';
}

/** One kind of change that did not reach the server, listed under its title. */
function ProblemList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4 border-t border-stone-200 pt-3">
      <p className="font-semibold text-red-800">{title}</p>
      <ul aria-label={title} className="mt-2 grid gap-2">
        {children}
      </ul>
    </div>
  );
}
