/**
 * A menu's link answers only once the server has the menu: a menu made on
 * this device opens for others after the device has synced. Which links still
 * wait, read from the changes not yet processed (and those kept as not saved),
 * live. (A new link given to a menu the server has is shared at once, as
 * before: the old one keeps working until the change arrives.)
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Mutation } from '../../../sync/contract/mutations';
import { notSavedChanges } from './not-saved';
import { useSyncSession } from './sync-session';

/** The link ids of menus these changes create, including links given to such a menu before it reached the server. */
export function linksNotOnServer(mutations: Iterable<Mutation>): Set<string> {
  const links = new Set<string>();
  const newMenus = new Set<string>();
  for (const mutation of mutations) {
    if (mutation.name === 'menu.create') {
      newMenus.add(mutation.args.id);
      links.add(mutation.args.publicLinkId);
    } else if (mutation.name === 'menu.regenerateLink' && newMenus.has(mutation.args.id)) {
      links.add(mutation.args.publicLinkId);
    }
  }
  return links;
}

/** The links of this person's menus that the server does not have yet; undefined while the replica opens. */
export function useLinksNotOnServer(): Set<string> | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const [outbox, refusals] = await Promise.all([db.outbox.toArray(), db.refusals.toArray()]);
    return linksNotOnServer([...notSavedChanges(refusals).map((change) => change.mutation), ...outbox.map((entry) => entry.mutation)]);
  }, [db]);
}
