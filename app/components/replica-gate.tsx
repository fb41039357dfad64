/**
 * Shows a page once the replica is open and has been downloaded once (while a first pull comes in pages, once its first
 * page has, saying what is still coming); offline before that, says so and offers to try again.
 */
import type { ReactNode } from 'react';
import { useConnectivity } from '../lib/connectivity';
import { arrivingText } from '../lib/replica/arriving-text';
import { useReplica, type ReplicaView } from '../lib/replica/use-replica';
import { useSyncSession } from '../lib/replica/sync-session';
import { Button } from './ui/button';
import { Card, Spinner } from './ui/card';

export function ReplicaGate({ children }: { children: (view: ReplicaView) => ReactNode }) {
  const view = useReplica();
  const connection = useConnectivity((state) => state.connection);
  if (!view) return <Spinner label="Opening your data" />;
  if (!view.downloaded && connection !== 'online') {
    return (
      <Card className="grid justify-items-center gap-3 p-6 text-center text-stone-700" role="status">
        <p>
          {connection === 'offline' ? 'You are offline' : 'The server cannot be reached'}, so your data has not downloaded to this device yet. It will download by itself when the
          network is back, and then keep working without a signal.
        </p>
        <Button variant="outline" size="sm" onClick={() => void useSyncSession.getState().engine?.syncNow()}>
          Retry
        </Button>
      </Card>
    );
  }
  if (!view.downloaded) return <Spinner label="Downloading your data" />;
  return (
    <>
      {view.arriving && (
        <p role="status" className="mb-3 rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700">
          {arrivingText(view.arriving)}
        </p>
      )}
      {children(view)}
    </>
  );
}
