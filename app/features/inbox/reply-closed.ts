import { savedMenuAvailable, type SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { Conversation } from './conversations';

export const MENU_GONE_NOTE = 'This menu is no longer available, so replies here are closed.';

type SavedCopy = Pick<SavedMenuListItem, 'menuId' | 'snapshot' | 'stamp' | 'withdrawnAt'>;

/**
 * Whether the user can no longer write in the conversation. The seller answers
 * about their own menu for as long as the conversation lasts; the buyer came
 * through the menu's link, so once the menu is dead (deleted, its link expired
 * or regenerated, its seller closed) the server refuses their replies. The
 * device knows it from the buyer's saved copy of the menu (one the server has
 * sent: a copy saved offline and not yet synced tells nothing); a menu never
 * saved is left to the server's answer.
 */
export function replyClosed(conversation: Conversation, userId: string, savedCopies: Iterable<SavedCopy>, now: Date): boolean {
  const { latest } = conversation;
  if (latest.buyerId !== userId) return false;
  if (latest.menuId === null) return true;
  for (const copy of savedCopies) {
    if (copy.menuId !== latest.menuId) continue;
    return Boolean(copy.withdrawnAt) || (copy.stamp > 0 && !savedMenuAvailable(copy, now));
  }
  return false;
}
