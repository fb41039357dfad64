/**
 * The one suggestion to turn on notifications, never on load: after a
 * seller's first order reaches this device, or a buyer's first saved menu.
 * Shown once per person on the device, remembered in their own database
 * (never in local storage, which the next person here could read); the
 * browser asks for permission only if they tap 'Turn on notifications'.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { blockedText, NOT_READY_TEXT, UNREACHABLE_TEXT, UNREACHABLE_TITLE } from '../../lib/push/push-support';
import { usePushStatus } from '../../lib/push/use-push-status';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useReplica, type ReplicaView } from '../../lib/replica/use-replica';
import { messageOf } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { useTeamId } from '../../lib/team-read';
import { toast } from '../../lib/toast-store';
import { Button } from '../../components/ui/button';

const REASONS = {
  seller: 'Get notified when a new order arrives, even with the app closed.',
  buyer: 'Get notified when your saved menus change or an order moves, even with the app closed.',
} as const;

/** The moment for the suggestion: the person's first order (seller) or saved menu (buyer) is here. */
function firstNewsArrived(role: string, teamId: string, replica: ReplicaView | undefined): boolean {
  if (!replica?.downloaded) return false;
  if (role === 'seller') return [...replica.orders.values()].some((order) => order.sellerTeamId === teamId);
  return role === 'buyer' && replica.savedMenus.size > 0;
}

const RETRY_IN_SETTINGS = 'You can turn notifications on again from Account settings.';

export function PushSuggestion() {
  const user = useSession((state) => state.user);
  const teamId = useTeamId();
  const replica = useReplica();
  const status = usePushStatus();
  const db = useSyncSession((state) => state.db);
  // Read once per database: once shown, the suggestion stays up for this visit.
  const [suggestedBefore, setSuggestedBefore] = useState<boolean | null>(null);
  const stored = useLiveQuery(async () => (db ? (await db.meta.get('pushSuggestedAt')) !== undefined : null), [db]);
  if (suggestedBefore === null && typeof stored === 'boolean') setSuggestedBefore(stored);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const due =
    suggestedBefore === false &&
    user !== null &&
    status.support === 'supported' &&
    status.permission === 'default' &&
    status.subscribed === false &&
    firstNewsArrived(user.role, teamId, replica);
  useEffect(() => {
    if (due) void db?.meta.put({ key: 'pushSuggestedAt', value: new Date().toISOString() });
  }, [due, db]);
  if (!due || dismissed || (user.role !== 'seller' && user.role !== 'buyer')) return null;

  async function turnOn() {
    setBusy(true);
    try {
      const outcome = await status.turnOn();
      if (outcome === 'subscribed') toast({ title: 'Notifications are on for this device.', variant: 'success' });
      if (outcome === 'blocked') toast({ title: 'Notifications are blocked', description: blockedText(status.ios) });
      if (outcome === 'not-ready') toast({ title: 'Notifications could not be turned on', description: NOT_READY_TEXT, variant: 'destructive' });
      // The suggestion goes once the browser allowed notifications: the retry is in Account settings.
      if (outcome === 'unreachable') toast({ title: UNREACHABLE_TITLE, description: `${UNREACHABLE_TEXT} ${RETRY_IN_SETTINGS}`, variant: 'destructive' });
      setDismissed(true);
    } catch (failure) {
      toast({ title: 'Notifications could not be turned on', description: messageOf(failure, 'Please try again from Account settings.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Get notified" className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 text-sm text-stone-800 sm:px-4">
        <p className="min-w-0 flex-1">{REASONS[user.role]}</p>
        <Button size="sm" disabled={busy} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
        <button type="button" onClick={() => setDismissed(true)} className="rounded px-1.5 text-stone-600 hover:bg-brand-100" aria-label="Hide this suggestion">
          <span aria-hidden>×</span>
        </button>
      </div>
    </section>
  );
}
