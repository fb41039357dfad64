/**
 * A buyer's saved menus. Saving is idempotent: saving a menu twice keeps one
 * entry. Each saved menu comes with a snapshot of the public menu at the
 * buyer's own prices, so the buyer's device can open it with no network. A menu is saved only through a
 * live link, and a saved copy whose link died shows nothing of the menu.
 */
import { addBuyerAsCustomer } from '../customers/buyer-links';
import { randomUUID } from 'node:crypto';
import type { PaymentTerms } from '../../sync/entities/customer';
import { menuReachable } from '../../sync/entities/menu';
import type { savedMenuCreateSchema, savedMenuUpdateSchema } from '../../sync/entities/saved-menu';
import { WITHDRAWN_COPY_READ_ONLY_MESSAGE, type SavedMenu, type SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { menuFacts, type MenuFacts } from '../../sync/rules/menu-diff';
import type { z } from 'zod';
import { noteMenuSaved } from '../analytics/insights-service';
import type { Services } from '../context';
import {
  deleteSavedMenu as deleteSavedMenuRow,
  currentMenuStamp,
  findSavedMenu,
  findSavedMenuOfBuyer,
  insertSavedMenu,
  listSavedMenus as listSavedMenuRows,
  updateSavedMenu as updateSavedMenuRow,
} from '../db/repositories/saved-menus';
import { findCustomerOfBuyerTeam } from '../db/repositories/customers';
import { findMenu } from '../db/repositories/menus';
import { pricedMenusOf } from '../public-menu/priced-menus';
import { reachMenu } from '../public-menu/public-menu-service';

export const SAVED_MENU_NOT_FOUND = 'Saved menu not found';

/** The buyer's saved menus with snapshots; with `since`, only those that changed after that change-clock value. */
export async function listSavedMenus(services: Services, buyer: User, since?: number): Promise<SavedMenuListItem[]> {
  const rows = await listSavedMenuRows(services.db.read, buyer.id, since);
  const now = services.now();
  const terms = await termsWithSellers(services, buyer, new Set(rows.map((row) => row.menu.sellerId)));
  return Promise.all(
    rows.map(async ({ reach, ...withoutTerms }) => {
      const row = { ...withoutTerms, paymentTerms: terms.get(withoutTerms.menu.sellerId) ?? 'cod' };
      // A withdrawn copy (its seller closed) keeps the names it was given and nothing else of the menu.
      if (!reach) return { ...row, seenMenu: null, snapshot: null };
      // A link that expired or was regenerated (a private-link menu's), or a seller disabled, takes the menu off the air:
      // the entry stays with the buyer's own notes, and nothing of the menu as it is now.
      if (!menuReachable(reach, { disabled: reach.sellerDisabled }, { recordedLink: reach.savedLinkId }, now)) {
        return { ...row, seenMenu: null, menu: { ...row.menu, name: '', description: null, publicLinkId: '', productCount: 0 }, snapshot: null };
      }
      const snapshot = await pricedMenusOf(services).menu(services, row.menu.publicLinkId, buyer.id);
      // Counted from what this buyer sees: the products their price list hides from them are not on their copy.
      return { ...row, menu: { ...row.menu, productCount: snapshot.products.length }, snapshot };
    }),
  );
}

/** The buyer team's payment terms in each seller's book it has an entry in; cash on delivery elsewhere. */
async function termsWithSellers(services: Services, buyer: User, sellerIds: ReadonlySet<string>): Promise<Map<string, PaymentTerms>> {
  const entries = await Promise.all([...sellerIds].map(async (sellerId) => [sellerId, await findCustomerOfBuyerTeam(services.db.read, sellerId, buyer.id)] as const));
  return new Map(entries.flatMap(([sellerId, entry]) => (entry ? [[sellerId, entry.paymentTerms] as const] : [])));
}

export async function saveMenu(services: Services, buyer: User, input: z.output<typeof savedMenuCreateSchema>): Promise<{ saved: SavedMenu; created: boolean }> {
  const { id, menuId, publicLinkId } = input;
  return services.db.transaction(async (tx) => {
    // A private-link menu is saved only by someone who has its current link; a menu id alone opens nothing.
    const { menu } = await reachMenu(tx.db, services.now(), menuId, { link: publicLinkId });
    const existing = await findSavedMenuOfBuyer(tx.db, buyer.id, menuId);
    if (existing) return { saved: existing, created: false };
    // A device-made id that another saved entry already has (anyone's): refused, never a crash that stalls the push.
    if (id && (await findSavedMenu(tx.db, id))) throw new AppError('conflict', 'A saved menu with this id already exists');
    // The buyer saves what they are looking at: it counts as seen.
    const lastSeenStamp = await currentMenuStamp(tx.db, menuId);
    const seenMenu = await currentMenuFacts(services, menu.publicLinkId, buyer.id);
    const saved = await insertSavedMenu(
      tx.db,
      { id: id ?? randomUUID(), buyerUserId: buyer.id, menuId, lastSeenStamp, seenMenu, linkId: menu.publicLinkId },
      tx.version,
      services.now(),
    );
    await noteMenuSaved(services, tx.db, menu, buyer.id);
    await addBuyerAsCustomer(tx, menu.userId, buyer, services.now());
    return { saved, created: true };
  });
}

async function ownSavedMenu(db: Services['db']['read'], buyer: User, id: string): Promise<SavedMenu> {
  const saved = await findSavedMenu(db, id);
  if (!saved || saved.buyerUserId !== buyer.id) throw new AppError('not_found', SAVED_MENU_NOT_FOUND);
  return saved;
}

/** Notes, tags and the favourite mark; an update names only what it changes. */
export async function updateSavedMenu(services: Services, buyer: User, id: string, input: z.output<typeof savedMenuUpdateSchema>): Promise<void> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  await services.db.transaction(async (tx) => {
    const saved = await ownSavedMenu(tx.db, buyer, id);
    if (saved.withdrawnAt) throw new AppError('conflict', WITHDRAWN_COPY_READ_ONLY_MESSAGE);
    await updateSavedMenuRow(tx.db, id, changes, tx.version, services.now());
  });
}

/** The menu's facts as the buyer team sees them now (at their prices); none when the link no longer opens it. */
async function currentMenuFacts(services: Services, publicLinkId: string, buyerTeamId: string): Promise<MenuFacts | null> {
  try {
    return menuFacts(await pricedMenusOf(services).menu(services, publicLinkId, buyerTeamId));
  } catch (error) {
    if (error instanceof AppError && error.reason === 'not_found') return null;
    throw error;
  }
}

/**
 * The buyer looked at the menu as of `stamp`: it no longer counts as changed. Never moves backwards. The menu's facts
 * are kept as seen only when `stamp` is still the menu's own: a look made offline and sent after newer changes keeps
 * the older facts, so the next look lists those newer changes (with some already seen) rather than none.
 */
export async function markSavedMenuSeen(services: Services, buyer: User, id: string, stamp: number): Promise<void> {
  const owned = await ownSavedMenu(services.db.read, buyer, id);
  if (stamp <= owned.lastSeenStamp) return;
  const menu = await findMenu(services.db.read, owned.menuId);
  const seenMenu = menu && stamp === (await currentMenuStamp(services.db.read, owned.menuId)) ? await currentMenuFacts(services, menu.publicLinkId, buyer.id) : null;
  await services.db.transaction(async (tx) => {
    const saved = await ownSavedMenu(tx.db, buyer, id);
    if (stamp <= saved.lastSeenStamp) return;
    await updateSavedMenuRow(tx.db, id, { lastSeenStamp: stamp, ...(seenMenu ? { seenMenu } : {}) }, tx.version, services.now());
  });
}

export async function removeSavedMenu(services: Services, buyer: User, id: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    await ownSavedMenu(tx.db, buyer, id);
    await deleteSavedMenuRow(tx.db, id);
  });
}
