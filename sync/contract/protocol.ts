/**
 * The sync protocol, both envelopes as schemas.
 *
 * 1. Push (POST /api/sync/push): the device sends its outbox in order, each
 *    mutation numbered by a per-client sequence. The server applies each in
 *    order and skips any sequence it already processed, so a retried push
 *    changes nothing twice. A refused mutation is recorded with its reason and
 *    still advances the sequence, so it never blocks the ones behind it.
 * 2. Pull (GET /api/sync/pull?cursor=N&clientId=C&keepClosedDays=D): everything
 *    that changed for the user after cursor N (rows and tombstones) that a
 *    device keeping closed orders for D days holds, the new cursor, and the
 *    last sequence processed for client C. Cursors are server change-clock
 *    values, never device time. A pull from nothing (cursor 0, or one the server
 *    treats so) of more rows than a page holds comes in pages, each answer
 *    naming the next (`nextPage`, asked for with `page=`); the cursor and the
 *    processed sequence take effect with the last page, and the device keeps
 *    what each page brought as it arrives, so a dropped connection resumes
 *    from the page it was on.
 * 3. The device drops from its outbox every mutation up to that sequence in
 *    the same local transaction that stores the pulled rows, so its view is
 *    always the server's state with the still-pending mutations on top.
 */
import { z } from 'zod';
import { ERROR_REASONS } from './errors';
import { COLLECTION_NAMES, collectionArraysSchema, ENTITY_TYPES } from './collections';
import { keptClosedOrderDaysSchema, MAX_ORDER_LINES, type KeptClosedOrderDays } from '../entities/order';
import { photoSchema } from '../entities/photo';
import { userSchema } from '../entities/user';
import { MUTATION_NAMES } from './mutations';

export const MAX_PUSH_BATCH = 500;

/** What the pulling device keeps, beyond what changed since its cursor: closed orders for so many days (sync/rules/order-working-set.ts). */
export type PullScope = { keepClosedDays: KeptClosedOrderDays };

/** The rows one page of a pull from nothing carries at most, unless the device asks for fewer (`limit`). */
export const PULL_PAGE_ROWS = 1000;

/** The address of a pull (step 2); `page`: the next page of a pull from nothing, as the last answer named it. */
export function pullPath(cursor: number, clientId: string, scope: PullScope, page: string | null = null): string {
  const query = new URLSearchParams({ cursor: String(cursor), clientId, keepClosedDays: String(scope.keepClosedDays) });
  if (page !== null) query.set('page', page);
  return `/api/sync/pull?${query}`;
}

/**
 * The order lines one push carries at most, all its mutations together. The server applies a push in one
 * transaction, and each line is priced, checked for stock and written while it holds the database's write lock: ten
 * full orders' worth keeps that to a fraction of a second. The device splits its outbox to fit (`withinPushBound`).
 */
export const MAX_PUSH_LINES = 10 * MAX_ORDER_LINES;

export const pushedMutationSchema = z.object({
  seq: z.number().int().positive(),
  name: z.enum(MUTATION_NAMES as [string, ...string[]]),
  args: z.unknown(),
});
export type PushedMutation = z.infer<typeof pushedMutationSchema>;

/**
 * The order lines a mutation weighs in a push: those of an order, a change of its lines or a delivery, and the items of
 * an order request. A reorder weighs a whole order, as it copies lines the device may not hold. Counted up to one
 * order's bound: a mutation listing more is refused by its own schema, so any one mutation fits in a push.
 */
export function pushLinesOf(mutation: { name: string; args: unknown }): number {
  if (mutation.name === 'order.reorder') return MAX_ORDER_LINES;
  const { lines, items } = (typeof mutation.args === 'object' && mutation.args !== null ? mutation.args : {}) as { lines?: unknown; items?: unknown };
  const count = (Array.isArray(lines) ? lines.length : 0) + (Array.isArray(items) ? items.length : 0);
  return Math.min(count, MAX_ORDER_LINES);
}

/** The longest start of `mutations` (in order, at least the first) whose lines fit in one push. */
export function withinPushBound<T>(mutations: T[], mutationOf: (entry: T) => { name: string; args: unknown }): T[] {
  let lines = 0;
  let end = 0;
  while (end < mutations.length) {
    lines += pushLinesOf(mutationOf(mutations[end]!));
    if (lines > MAX_PUSH_LINES && end > 0) break;
    end++;
  }
  return mutations.slice(0, end);
}

export const pushRequestSchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a UUID' }),
  mutations: z
    .array(pushedMutationSchema)
    .max(MAX_PUSH_BATCH, `At most ${MAX_PUSH_BATCH} mutations per push`)
    .refine((mutations) => withinPushBound(mutations, (mutation) => mutation).length === mutations.length, `At most ${MAX_PUSH_LINES} order lines per push`),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const mutationOutcomeSchema = z.object({
  seq: z.number().int(),
  outcome: z.enum(['applied', 'refused', 'duplicate']),
  reason: z.enum(ERROR_REASONS).optional(),
  message: z.string().optional(),
});
export type MutationOutcome = z.infer<typeof mutationOutcomeSchema>;

export const pushResponseSchema = z.object({
  lastProcessedSeq: z.number().int(),
  results: z.array(mutationOutcomeSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

export const pullResponseSchema = z.object({
  cursor: z.number().int(),
  lastProcessedSeq: z.number().int(),
  user: userSchema,
  /** Each synced collection's rows changed since the cursor (sync/contract/collections.ts). */
  ...collectionArraysSchema(),
  /** The user's uploaded files changed since the cursor, so every device can show them. */
  photos: z.array(photoSchema),
  deleted: z.array(z.object({ entity: z.enum(ENTITY_TYPES), id: z.string() })),
  /** The whole truth, as for a first pull: the cursor was older than what the server still remembers of deletions, so rows missing here are gone. */
  full: z.boolean().optional(),
  /** The window of closed orders the answer covers: the one the device asked for. */
  keepClosedDays: keptClosedOrderDaysSchema,
  /** More of a pull from nothing is to come: the token to ask for it with. Until the page without one, the cursor and processed sequence are not yet the device's. */
  nextPage: z.string().min(1).optional(),
  /** In a pull from nothing that comes in pages, how many rows of each large collection it brings in all. */
  totals: z.partialRecord(z.enum(COLLECTION_NAMES), z.number().int().nonnegative()).optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
