/**
 * The app icon's badge (Badging API, Chromium and installed iOS apps): how
 * many orders and conversations wait on the person's team, counted from the
 * replica by the same rule the server's pushes count by.
 */
import { useEffect } from 'react';
import { badgeCount } from '../../../sync/rules/badge';
import { useReplica } from '../replica/use-replica';
import { useTeamId } from '../team-read';

function showAppBadge(count: number): void {
  if (!('setAppBadge' in navigator)) return;
  void (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => undefined);
}

/** Keeps the badge current while signed in; mounted once, in the signed-in frame. */
export function useAppBadge(): void {
  const replica = useReplica();
  const teamId = useTeamId();
  // Until the first download an empty replica would wipe the count a push set.
  const count = replica?.downloaded ? badgeCount(teamId, replica.orders.values(), replica.inquiries.values()) : null;
  useEffect(() => {
    if (count !== null) showAppBadge(count);
  }, [count]);
}
