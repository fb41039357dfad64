/** Runs the signed-in user's sync while mounted (the app mounts it for a signed-in user), and keeps the session's user in step with the replica's copy. */
import { useEffect } from 'react';
import { useSession } from '../../lib/session-store';
import { ownMenuCoverKey, prefetchCovers, savedMenuCoverKey } from '../../lib/replica/prefetch-covers';
import { useReplica } from '../../lib/replica/use-replica';
import { useSyncSession } from '../../lib/replica/sync-session';

export function SyncProvider() {
  const userId = useSession((state) => state.user?.id);
  const start = useSyncSession((state) => state.start);
  const stop = useSyncSession((state) => state.stop);
  const replica = useReplica();
  const replicaUser = replica?.user;
  // Recomputed on every replica change, but only a change of covers starts the prefetch again.
  const coverKey = replica
    ? [savedMenuCoverKey(replica.savedMenus.values()), ownMenuCoverKey(replica.user, replica.menus.values(), replica.products)].filter(Boolean).join('\n')
    : '';

  useEffect(() => {
    if (!userId) return;
    start(userId);
    return () => stop();
  }, [userId, start, stop]);

  useEffect(() => {
    const sessionUser = useSession.getState().user;
    if (replicaUser && sessionUser && replicaUser.id === sessionUser.id && JSON.stringify(replicaUser) !== JSON.stringify(sessionUser)) {
      useSession.getState().setUser(replicaUser);
    }
  }, [replicaUser]);

  useEffect(() => {
    void prefetchCovers(coverKey);
  }, [coverKey]);

  return null;
}
