/**
 * A menu's link answers only once the server has it: a menu made on this
 * device, or a new link given to one, opens for others after the device has
 * synced. Which links still wait, read from the changes not yet processed
 * (and those kept as not saved), live.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Mutation } from '../../../sync/mutations';
import { notSavedChanges } from './not-saved';
import { useSyncSession } from './sync-session';

/** Why a link does not answer yet: its menu is new, or the link itself is. */
export type LinkWaiting = 'new-menu' | 'new-link';

/** Each link a waiting change brings, by its link id. */
export function linksNotOnServer(mutations: Iterable<Mutation>): Map<string, LinkWaiting> {
  const waiting = new Map<string, LinkWaiting>();
  const newMenus = new Set<string>();
  for (const mutation of mutations) {
    if (mutation.name === 'menu.create') {
      newMenus.add(mutation.args.id);
      waiting.set(mutation.args.publicLinkId, 'new-menu');
    } else if (mutation.name === 'menu.regenerateLink') {
      waiting.set(mutation.args.publicLinkId, newMenus.has(mutation.args.id) ? 'new-menu' : 'new-link');
    }
  }
  return waiting;
}

/** The links of this person's menus that the server does not have yet; undefined while the replica opens. */
export function useLinksNotOnServer(): Map<string, LinkWaiting> | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const [outbox, refusals] = await Promise.all([db.outbox.toArray(), db.refusals.toArray()]);
    return linksNotOnServer([...notSavedChanges(refusals).map((change) => change.mutation), ...outbox.map((entry) => entry.mutation)]);
  }, [db]);
}
