/** Push and pull (see sync/contract/protocol.ts for the numbered steps). */
import { COLLECTION_NAMES, type CollectionRows } from '../../sync/contract/collections';
import { pushRequestSchema, type PullResponse, type PushRequest, type PushResponse } from '../../sync/contract/protocol';
import type { MutationName } from '../../sync/contract/mutations';
import { AppError, type ErrorReason } from '../../sync/contract/errors';
import { parseEnvelopeOrThrow, parseOrThrow } from '../../sync/contract/validation';
import { keptClosedOrderDaysSchema } from '../../sync/entities/order';
import { ORDER_WORKING_SET_DAYS } from '../../sync/rules/order-working-set';
import type { Services } from '../context';
import { photosChangedSince } from '../db/repositories/photos';
import { findRefusals, findSyncClient, insertRefusal, readPullClock, saveSyncClient, tombstonesSince, type SyncClient } from '../db/repositories/sync';
import { findUserById } from '../db/repositories/users';
import { RetryLaterError } from '../platform/limits/rate-limited-error';
import { withTeamBilling } from '../team/team-billing';
import { assertRoomForNewDevice } from './device-cap';
import { countPaged, decodePageToken, encodePageToken, FIRST_PAGE, PAGED_COLLECTIONS, pageRowsOf, readPage, type PageToken } from './whole-pull-pages';
import { applyServerMutation, applyServerMutations, appliesInBatches, readChangedCollections, readWithdrawnRows, type Pusher } from './server-mutations';

/** A device id belongs to the first user who synced with it; nobody else may use it. A new one must fit under the device cap. */
async function clientOf(db: Services['db']['read'], clientId: string, { user }: Pusher, now: Date): Promise<SyncClient> {
  const client = await findSyncClient(db, clientId);
  if (client && client.userId !== user.id) throw new AppError('forbidden', 'This device id belongs to another account');
  if (client) return client;
  await assertRoomForNewDevice(db, user.id, now);
  return { clientId, userId: user.id, lastSeq: 0 };
}

type Pushed = PushRequest['mutations'][number];
type Outcome = PushResponse['results'][number];

/**
 * Step 1. The whole batch runs in one transaction; each mutation in a nested
 * one, so a refusal undoes only its own writes. A crash before the commit
 * applies nothing, and the device's retry then applies everything once.
 *
 * A mutation over a quota is not refused: that would drop a change for being
 * sent too soon. The batch stops before it, commits what came before (the
 * device's processed sequence ends there) and the whole push is answered 429
 * with Retry-After, so the device keeps the rest and sends it again later.
 */
export async function push(services: Services, session: Pusher, input: unknown): Promise<PushResponse> {
  const request = parseEnvelopeOrThrow(pushRequestSchema, input);
  const mutations = [...request.mutations].sort((a, b) => a.seq - b.seq);
  const { response, overQuota } = await services.db.transaction(async (tx) => {
    const client = await clientOf(tx.db, request.clientId, session, services.now());
    // Refusals refer to the client row, so it exists before any of them.
    await saveSyncClient(tx.db, client, services.now());
    const earlierRefusals = await findRefusals(
      tx.db,
      client.clientId,
      mutations.filter((mutation) => mutation.seq <= client.lastSeq).map((mutation) => mutation.seq),
    );
    let by = session;
    let overQuota: RetryLaterError | null = null;
    const results: Outcome[] = [];
    const refused = async (mutation: Pushed, error: AppError) => {
      results.push({ seq: mutation.seq, outcome: 'refused', reason: error.reason, message: error.message });
      await insertRefusal(tx.db, { clientId: client.clientId, seq: mutation.seq, name: mutation.name, reason: error.reason, message: error.message }, services.now());
    };
    // Up to here, mutations go one at a time: their run failed as a whole.
    let singlyUntil = 0;
    for (let next = 0; next < mutations.length && !overQuota;) {
      const mutation = mutations[next]!;
      if (mutation.seq <= client.lastSeq) {
        // A retry after a lost answer must still learn of a refusal, or the person would never see its reason.
        const refusal = earlierRefusals.get(mutation.seq);
        results.push(
          refusal ? { seq: mutation.seq, outcome: 'refused', reason: refusal.reason as ErrorReason, message: refusal.message } : { seq: mutation.seq, outcome: 'duplicate' },
        );
        next++;
        continue;
      }
      const run = next >= singlyUntil ? runOfKind(mutations, next) : [mutation];
      const outcomes = run.length > 1 ? await applyRun(services, by, run) : null;
      if (outcomes) {
        for (const [k, error] of outcomes.entries()) {
          // A quota met part way: the push stops there, as it does for a mutation applied alone.
          if (error instanceof RetryLaterError) {
            overQuota = error;
            break;
          }
          if (error) await refused(run[k]!, error);
          else results.push({ seq: run[k]!.seq, outcome: 'applied' });
          client.lastSeq = run[k]!.seq;
        }
        next += run.length;
        continue;
      }
      singlyUntil = Math.max(singlyUntil, next + run.length);
      try {
        // Its own savepoint, so a refusal undoes all of its writes, whichever transactions the domain functions open.
        await services.db.transaction(() => applyServerMutation(services, by, mutation.name as MutationName, mutation.args));
        results.push({ seq: mutation.seq, outcome: 'applied' });
        if (mutation.name === 'profile.update') {
          // The person's row and, for the business's fields, the team's account may both have changed.
          const [user, account] = await Promise.all([findUserById(tx.db, by.user.id), findUserById(tx.db, by.team.id)]);
          by = { ...by, user: user ?? by.user, team: { ...by.team, account: account ?? by.team.account } };
        }
      } catch (error) {
        if (error instanceof RetryLaterError) {
          overQuota = error;
          break;
        }
        if (!(error instanceof AppError)) throw error;
        await refused(mutation, error);
      }
      client.lastSeq = mutation.seq;
      next++;
    }
    await saveSyncClient(tx.db, client, services.now());
    return { response: { lastProcessedSeq: client.lastSeq, results }, overQuota };
  });
  // Thrown after the commit: what came before the quota stays applied.
  if (overQuota) throw overQuota;
  return response;
}

/** The mutations from `start` on that are of its kind, when that kind is applied in batches, with no sequence number twice. */
function runOfKind(mutations: Pushed[], start: number): Pushed[] {
  const first = mutations[start]!;
  if (!appliesInBatches(first.name as MutationName)) return [first];
  let end = start + 1;
  while (end < mutations.length && mutations[end]!.name === first.name && mutations[end]!.seq > mutations[end - 1]!.seq) end++;
  return mutations.slice(start, end);
}

/**
 * A run of one kind applied at once, in a savepoint of its own: for each, null when applied or why it was refused. Null
 * when the run as a whole failed for a reason that may be one mutation's (a quota, a refusal only the database finds):
 * nothing of it is kept, and its mutations go one at a time, so each gets its own outcome.
 */
async function applyRun(services: Services, by: Pusher, run: Pushed[]): Promise<(AppError | null)[] | null> {
  try {
    const name = run[0]!.name as MutationName;
    return await services.db.transaction(() =>
      applyServerMutations(
        services,
        by,
        name,
        run.map((mutation) => mutation.args),
      ),
    );
  } catch (error) {
    if (error instanceof AppError || error instanceof RetryLaterError) return null;
    throw error;
  }
}

/** The pruning watermark as pulls last read it, by database: it only ever rises. */
const prunedThroughSeen = new WeakMap<Services['db'], number>();

/** A pull from nothing reads these whole with its first page, and the others (PAGED_COLLECTIONS) a page at a time. */
const UNPAGED_COLLECTIONS = COLLECTION_NAMES.filter((name) => !PAGED_COLLECTIONS.includes(name));
const NO_ROWS = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []])) as unknown as CollectionRows;

export type PullQuery = { cursor?: string; clientId?: string; keepClosedDays?: string; page?: string; limit?: string };

/**
 * Step 2. The clock and the rows are read in one snapshot: anything committed after it has a higher version and comes
 * next time. They are asked together, on PostgreSQL in one round trip: the rows are read from the device's cursor on
 * the hope that it still holds, and read again from nothing in the rare pull that finds it does not. A pull from
 * nothing brings the large collections in pages (whole-pull-pages.ts).
 */
export async function pull(services: Services, session: Pusher, query: PullQuery): Promise<PullResponse> {
  const limit = pageRowsOf(query.limit);
  if (query.page !== undefined) return pullNextPage(services, session, decodePageToken(query.page), limit);
  const { user, team } = session;
  const cursorText = query.cursor ?? '0';
  const requested = Number(cursorText);
  if (!/^\d+$/.test(cursorText) || !Number.isSafeInteger(requested)) {
    throw new AppError('validation', 'cursor must be a whole number of at least 0');
  }
  const scope = { keepClosedDays: query.keepClosedDays === undefined ? ORDER_WORKING_SET_DAYS : parseOrThrow(keptClosedOrderDaysSchema, query.keepClosedDays) };
  // A cursor from before the person joined their team was another team's: the device gets everything again, marked
  // as the whole truth, so it drops what it may no longer hold. So does one at or below a pruning watermark already
  // seen (below), read from nothing at once rather than read twice.
  const hoped = (requested > 0 && requested < team.sinceVersion) || requested <= (prunedThroughSeen.get(services.db) ?? 0) ? 0 : requested;
  const by = { userId: user.id, role: team.role };
  const readRows = (cursor: number) =>
    Promise.all([
      findUserById(services.db.read, user.id),
      readChangedCollections(services, team.account, cursor, by, scope, cursor === 0 ? UNPAGED_COLLECTIONS : COLLECTION_NAMES),
      cursor === 0 ? readPage(services, team.account, by, scope, FIRST_PAGE, limit) : null,
      cursor > 0 ? tombstonesSince(services.db.read, team.id, cursor) : [],
      readWithdrawnRows(services, team.account, cursor, by),
      photosChangedSince(services.db.read, team.id, cursor),
    ]);
  return services.db.readSnapshot(async () => {
    const [clock, client, rowsSinceHoped] = await Promise.all([
      readPullClock(services.db.read),
      query.clientId ? findSyncClient(services.db.read, query.clientId) : null,
      readRows(hoped),
    ]);
    if (client && client.userId !== user.id) throw new AppError('forbidden', 'This device id belongs to another account');
    prunedThroughSeen.set(services.db, Math.max(prunedThroughSeen.get(services.db) ?? 0, clock.prunedThrough));
    // Deletions at or below the watermark were pruned: the device cannot learn of them, so it gets everything again too.
    const cursor = hoped > 0 && hoped <= clock.prunedThrough ? 0 : hoped;
    const [freshUser, collections, firstPage, tombstones, withdrawn, photos] = cursor === hoped ? rowsSinceHoped : await readRows(cursor);
    const lastProcessedSeq = client?.lastSeq ?? 0;
    const next = firstPage?.next ? { ...firstPage.next, clock: clock.version, seq: lastProcessedSeq, keepClosedDays: scope.keepClosedDays } : null;
    const totals = next ? await countPaged(services, team.account, by, scope) : undefined;
    return {
      cursor: clock.version,
      lastProcessedSeq,
      user: withTeamBilling(freshUser ?? user, team.account),
      ...collections,
      ...firstPage?.rows,
      photos,
      deleted: [...tombstones, ...withdrawn],
      full: cursor === 0,
      keepClosedDays: scope.keepClosedDays,
      ...(next && totals && { nextPage: encodePageToken({ ...next, totals }), totals }),
    };
  });
}

/** A page after the first of a pull from nothing: the large collections' rows from where the last page stopped, and the first answer's cursor and sequence. */
function pullNextPage(services: Services, { user, team }: Pusher, token: PageToken, limit: number): Promise<PullResponse> {
  const scope = { keepClosedDays: token.keepClosedDays };
  const by = { userId: user.id, role: team.role };
  return services.db.readSnapshot(async () => {
    const [freshUser, page] = await Promise.all([findUserById(services.db.read, user.id), readPage(services, team.account, by, scope, token, limit)]);
    return {
      cursor: token.clock,
      lastProcessedSeq: token.seq,
      user: withTeamBilling(freshUser ?? user, team.account),
      ...NO_ROWS,
      ...page.rows,
      photos: [],
      deleted: [],
      full: true,
      keepClosedDays: token.keepClosedDays,
      totals: token.totals,
      ...(page.next && { nextPage: encodePageToken({ ...token, ...page.next }) }),
    };
  });
}
