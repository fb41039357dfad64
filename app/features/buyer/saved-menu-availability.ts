import { savedMenuAvailable, type SavedMenuListItem } from '../../../sync/entities/saved-menu';

/** What a saved copy is called once its menu is gone, in place of a name the buyer no longer gets. */
export const NO_LONGER_AVAILABLE = 'Menu no longer available';
/** What a copy of a menu whose seller closed their account is marked. */
export const NO_LONGER_OFFERED = 'No longer offered';

/**
 * The title a copy shows: its menu's name while it is available. A copy of a
 * closed seller's menu keeps the name it had (unless the buyer had already
 * lost its link); a dead link's copy shows no name.
 */
export function savedMenuTitle(saved: Pick<SavedMenuListItem, 'snapshot' | 'withdrawnAt' | 'menu'>, now: Date): string {
  if (savedMenuAvailable(saved, now) || (saved.withdrawnAt && saved.menu.name)) return saved.menu.name;
  return NO_LONGER_AVAILABLE;
}
