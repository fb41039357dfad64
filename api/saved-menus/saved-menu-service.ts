/** A buyer's saved menus. Saving is idempotent: saving a menu twice keeps one entry. */
import { randomUUID } from 'node:crypto';
import { savedMenuCreateSchema, type SavedMenu, type SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { parseOrThrow } from '../../sync/validation';
import type { Services } from '../context';
import { findMenu } from '../db/repositories/menus';
import {
  deleteSavedMenu as deleteSavedMenuRow,
  findSavedMenu,
  findSavedMenuOfBuyer,
  insertSavedMenu,
  listSavedMenus as listSavedMenuRows,
} from '../db/repositories/saved-menus';

export function listSavedMenus(services: Services, buyer: User): Promise<SavedMenuListItem[]> {
  return listSavedMenuRows(services.db.read, buyer.id);
}

export async function saveMenu(services: Services, buyer: User, input: unknown): Promise<{ saved: SavedMenu; created: boolean }> {
  const { id, menuId } = parseOrThrow(savedMenuCreateSchema, input);
  return services.db.transaction(async (tx) => {
    if (!(await findMenu(tx.db, menuId))) throw new AppError('not_found', 'Menu not found');
    const existing = await findSavedMenuOfBuyer(tx.db, buyer.id, menuId);
    if (existing) return { saved: existing, created: false };
    const saved = await insertSavedMenu(tx.db, { id: id ?? randomUUID(), buyerUserId: buyer.id, menuId }, tx.version, services.now());
    return { saved, created: true };
  });
}

export async function removeSavedMenu(services: Services, buyer: User, id: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const saved = await findSavedMenu(tx.db, id);
    if (!saved || saved.buyerUserId !== buyer.id) throw new AppError('not_found', 'Saved menu not found');
    await deleteSavedMenuRow(tx.db, id);
  });
}
