/**
 * A pull from nothing in pages (sync/contract/protocol.ts, step 2). The first answer brings the small collections whole
 * and the first page of the large ones (those whose slice has `pages`: the catalogue, the customer book, the orders),
 * in the order the registry names them, each newest change first; each next page goes on below where the last
 * stopped (api/db/keyset-page.ts). The token naming the next page carries what the first answer read in its snapshot:
 * the clock the device's cursor becomes and the sequence processed, both given with the last page, so the pages
 * together are the state as of that clock; what changed since comes with the next pull.
 */
import { z } from 'zod';
import { COLLECTION_NAMES, type CollectionName, type CollectionRow } from '../../sync/contract/collections';
import { AppError } from '../../sync/contract/errors';
import { PULL_PAGE_ROWS, type PullScope } from '../../sync/contract/protocol';
import { keptClosedOrderDaysSchema } from '../../sync/entities/order';
import type { User } from '../../sync/entities/user';
import type { Member, Services } from '../context';
import type { KeysetPosition } from '../db/keyset-page';
import { SERVER_SLICES } from '../registry';
import type { CollectionPages } from './server-slice';

/** The collections that come in pages, in the order they come. */
export const PAGED_COLLECTIONS = COLLECTION_NAMES.filter((name) => SERVER_SLICES[name].pages !== undefined);

const pagesOf = <K extends CollectionName>(name: K) => SERVER_SLICES[name].pages as CollectionPages<K> | undefined;

const positionSchema = z.object({ version: z.number().int().nonnegative(), id: z.string().min(1) });

const tokenSchema = z.object({
  clock: z.number().int().nonnegative(),
  seq: z.number().int().nonnegative(),
  keepClosedDays: keptClosedOrderDaysSchema,
  totals: z.partialRecord(z.enum(COLLECTION_NAMES), z.number().int().nonnegative()),
  /** The collection (its index among PAGED_COLLECTIONS) and the row the next page starts below. */
  at: z.number().int().nonnegative(),
  below: positionSchema.nullable(),
});
export type PageToken = z.infer<typeof tokenSchema>;

/** Where the next page starts. */
type PageStart = Pick<PageToken, 'at' | 'below'>;

export const FIRST_PAGE: PageStart = { at: 0, below: null };

export function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

export function decodePageToken(text: string): PageToken {
  let json: unknown = null;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: refused below like any other token this server did not give.
  }
  const token = tokenSchema.safeParse(json);
  if (!token.success || token.data.at >= PAGED_COLLECTIONS.length) throw new AppError('validation', 'page is not one this server gave: start the pull again from cursor 0');
  return token.data;
}

/** `limit` as a pull asks it: a whole number from 1 to PULL_PAGE_ROWS, that by default. */
export function pageRowsOf(limit: string | undefined): number {
  if (limit === undefined) return PULL_PAGE_ROWS;
  const rows = Number(limit);
  if (!/^\d+$/.test(limit) || rows < 1 || rows > PULL_PAGE_ROWS) throw new AppError('validation', `limit must be a whole number from 1 to ${PULL_PAGE_ROWS}`);
  return rows;
}

export type PagedRows = { [K in CollectionName]?: CollectionRow<K>[] };

/** Up to `limit` rows of the large collections from `start` on, and where the page after starts (null: none). */
export async function readPage(
  services: Services,
  user: User,
  by: Member,
  scope: PullScope,
  start: PageStart,
  limit: number,
): Promise<{ rows: PagedRows; next: PageStart | null }> {
  const rows: Record<string, unknown[]> = {};
  let { at, below } = start;
  let room = limit;
  while (at < PAGED_COLLECTIONS.length && room > 0) {
    const name = PAGED_COLLECTIONS[at]!;
    const page = await pagesOf(name)!.read(services, user, by, scope, { below, limit: room });
    rows[name] = [...(rows[name] ?? []), ...page.rows];
    room -= page.rows.length;
    if (page.last) below = page.last satisfies KeysetPosition;
    else [at, below] = [at + 1, null];
  }
  return { rows: rows as PagedRows, next: at < PAGED_COLLECTIONS.length ? { at, below } : null };
}

/** How many rows each large collection brings in all, for the device's progress. */
export async function countPaged(services: Services, user: User, by: Member, scope: PullScope): Promise<PageToken['totals']> {
  const counts = await Promise.all(PAGED_COLLECTIONS.map((name) => pagesOf(name)!.count(services, user, by, scope)));
  return Object.fromEntries(PAGED_COLLECTIONS.map((name, index) => [name, counts[index]]));
}
