/**
 * A seller closing their account never wipes what buyers saved: each saved
 * copy of their menus stays with the buyer, marked no longer offered, with
 * the buyer's notes and tags and the names it had, and each buyer gets one
 * email listing their menus from that seller.
 */
import { menuReachable } from '../../sync/entities/menu';
import { partyName, type User } from '../../sync/entities/user';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { savedCopiesOfSellerMenus, withdrawSavedCopy } from '../db/repositories/account';
import { appLink, greetingName, notify } from '../mail/mail-service';
import { savedMenusWithdrawnMail } from '../mail/templates/notifications';

/** Runs in the closing transaction, before the seller's menus go. */
export async function withdrawSavedCopies(services: Services, tx: Tx, seller: User): Promise<void> {
  const now = services.now();
  const namedByBuyer = new Map<string, string[]>();
  for (const copy of await savedCopiesOfSellerMenus(tx.db, seller.id)) {
    // A copy whose link had died already showed nothing of the menu: it keeps no name now either, and its buyer hears nothing of it.
    const reached = menuReachable(copy.menu, { disabled: false }, { recordedLink: copy.savedLinkId }, now);
    await withdrawSavedCopy(tx.db, copy.id, { menuName: reached ? copy.menu.name : null, sellerName: seller.businessName }, tx.version, now);
    if (reached) namedByBuyer.set(copy.buyerUserId, [...(namedByBuyer.get(copy.buyerUserId) ?? []), copy.menu.name]);
  }
  const sellerName = seller.businessName || partyName(seller, 'A supplier');
  for (const [buyerId, menuNames] of namedByBuyer) {
    await notify(services, tx, buyerId, 'saved-menu-withdrawn', (buyer, unsubscribeUrl) =>
      savedMenusWithdrawnMail({ name: greetingName(buyer), seller: sellerName, menuNames, url: appLink(services, '/saved-menus'), unsubscribeUrl }),
    );
  }
}
