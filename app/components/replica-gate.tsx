/** Shows a page once the replica is open and has been downloaded once; offline before that, says so. */
import type { ReactNode } from 'react';
import { useReplica, type ReplicaView } from '../lib/replica/use-replica';
import { useSyncSession } from '../lib/replica/sync-session';
import { Card, Spinner } from './ui/card';

export function ReplicaGate({ children }: { children: (view: ReplicaView) => ReactNode }) {
  const view = useReplica();
  const online = useSyncSession((state) => state.online);
  if (!view) return <Spinner label="Opening your data" />;
  if (!view.downloaded && !online) {
    return (
      <Card className="p-6 text-center text-stone-700" role="status">
        You are offline and this device has not downloaded your data yet. Connect once, and it will keep working without a signal after that.
      </Card>
    );
  }
  if (!view.downloaded) return <Spinner label="Downloading your data" />;
  return <>{children(view)}</>;
}
