/**
 * The copy of each saved menu the buyer last looked at on this device, so
 * the saved menu can say what changed since (new products, prices, stock).
 */
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { useSyncSession } from './sync-session';

export async function seenSnapshot(savedMenuId: string): Promise<PublicMenu | null> {
  const db = useSyncSession.getState().db;
  return (await db?.seenSnapshots.get(savedMenuId))?.snapshot ?? null;
}

export async function rememberSeenSnapshot(savedMenuId: string, snapshot: PublicMenu): Promise<void> {
  await useSyncSession.getState().db?.seenSnapshots.put({ savedMenuId, snapshot });
}
