/** Browsing every seller's public-listing menus (never a private-link one), searched and paged on the server. */
import type { z } from 'zod';
import type { browseQuerySchema, BrowsePage, BrowseSeller } from '../../sync/entities/browse';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import { browseMenus, browseSellers } from '../db/repositories/browse';

/** The words of what a person typed: letters and digits only, so quotes and operators are never search syntax. */
function searchWords(text: string | undefined): string[] | undefined {
  const words = (text ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words : undefined;
}

function encodeCursor(updatedAtMs: number, id: string): string {
  return Buffer.from(`${updatedAtMs}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { updatedAt: number; id: string } | undefined {
  if (!cursor) return undefined;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const updatedAt = Number(time);
  // A cursor this server did not hand out would otherwise quietly restart the list from the top.
  if (!Number.isSafeInteger(updatedAt) || !id) throw new AppError('validation', 'This page of results is no longer valid: start the search again');
  return { updatedAt, id };
}

export async function browse(services: Services, query: z.output<typeof browseQuerySchema>): Promise<BrowsePage> {
  const { q, category, sellerId, cursor, limit } = query;
  const rows = await browseMenus(services.db.read, {
    words: searchWords(q),
    category,
    sellerId: sellerId || undefined,
    after: decodeCursor(cursor),
    limit: limit + 1,
    now: services.now().toISOString(),
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ updatedAtMs: _ms, ...item }) => item),
    nextCursor: rows.length > limit && last ? encodeCursor(last.updatedAtMs, last.menuId) : null,
  };
}

export function listBrowseSellers(services: Services): Promise<BrowseSeller[]> {
  return browseSellers(services.db.read, services.now().toISOString());
}
