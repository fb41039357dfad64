/**
 * Earlier versions of the app kept some server reads (the seller's dashboard,
 * menu activity, a menu's insights) in local storage, where they outlived a
 * sign-out and the next person on the device could read them. They now live
 * in the person's own database; what earlier versions left goes when anyone
 * next signs in or opens the app signed in (not on every page load, which a
 * visitor of a shared menu would pay for).
 */
const KEPT_BY_EARLIER_VERSIONS = /^(seller_dashboard_|menu_activity_|menu_insights_)/;

export function forgetReadsKeptByEarlierVersions(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) if (key !== null && KEPT_BY_EARLIER_VERSIONS.test(key)) storage.removeItem(key);
}
