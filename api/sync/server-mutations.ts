/**
 * How the server applies each mutation of the catalogue and reads each collection, derived from the slices of
 * api/registry.ts, whose types make every mutation and collection name its entry.
 *
 * A mutation goes through the same domain functions the REST routes call, so one place validates and writes; its own
 * schema is parsed first, so every applier gets the arguments it parsed.
 *
 * Conflicts: mutations are replayed against the server's current state in the order the server receives them, and an
 * update names only the fields it changes, so the last write of each field wins. An update or delete of a row that is
 * gone (another device deleted it) is refused as not found: a deletion wins over a concurrent edit.
 */
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName, type CollectionRows, type EntityType } from '../../sync/contract/collections';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { mayRun, MUTATIONS, type MutationName } from '../../sync/contract/mutations';
import { parseOrThrow } from '../../sync/contract/validation';
import type { Member, Services } from '../context';
import { repFilter } from '../customers/customer-service';
import { APPLIERS_OF_NO_COLLECTION, SERVER_SLICES } from '../registry';
import type { PullScope } from '../../sync/contract/protocol';
import type { BatchApplier, CollectionReader, MutationArgs, Pusher, ServerApplier, ServerAppliers } from './server-slice';

export type { Pusher } from './server-slice';

export const SERVER_APPLIERS = Object.assign({}, ...COLLECTION_NAMES.map((name) => SERVER_SLICES[name].appliers), APPLIERS_OF_NO_COLLECTION) as ServerAppliers<MutationName>;

export const COLLECTION_READERS = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, SERVER_SLICES[name].read])) as {
  [K in keyof typeof SERVER_SLICES]: CollectionReader<K>;
};

/** Applies one mutation pushed by `by`: the role first, then its schema, then its applier; throws an AppError when it is refused. */
export async function applyServerMutation(services: Services, by: Pusher, name: MutationName, rawArgs: unknown): Promise<void> {
  if (!mayRun(by.user.role, name)) throw new AppError('forbidden', "You don't have permission to do this.");
  const args = parseOrThrow(MUTATIONS[name].args, rawArgs);
  await (SERVER_APPLIERS[name] as ServerApplier<typeof name>)(services, by, args);
}

const SERVER_BATCH_APPLIERS = Object.assign({}, ...COLLECTION_NAMES.map((name) => SERVER_SLICES[name].batchAppliers ?? {})) as {
  [K in MutationName]?: BatchApplier<K>;
};

export function appliesInBatches(name: MutationName): boolean {
  return name in SERVER_BATCH_APPLIERS;
}

/** Applies mutations of one kind in a row (see `appliesInBatches`): the role, then each one's schema, then the batch applier. */
export async function applyServerMutations(services: Services, by: Pusher, name: MutationName, rawArgs: unknown[]): Promise<(AppError | null)[]> {
  const applier = SERVER_BATCH_APPLIERS[name] as BatchApplier<typeof name> | undefined;
  if (!applier) throw new Error(`${name} is not applied in batches`);
  const outcomes: (AppError | null)[] = [];
  const parsed: { index: number; args: MutationArgs<typeof name> }[] = [];
  rawArgs.forEach((raw, index) => {
    try {
      if (!mayRun(by.user.role, name)) throw new AppError('forbidden', "You don't have permission to do this.");
      parsed.push({ index, args: parseOrThrow(MUTATIONS[name].args, raw) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[index] = error;
    }
  });
  const applied = await applier(
    services,
    by,
    parsed.map((one) => one.args),
  );
  // One outcome per mutation, in order: a missing one must not pass for applied (the device would drop a write never made).
  if (applied.length !== parsed.length) throw new Error(`${name} answered ${applied.length} outcomes for ${parsed.length} mutations`);
  parsed.forEach((one, k) => {
    const outcome = applied[k];
    if (outcome === undefined) throw new Error(`${name} answered no outcome for mutation ${k}`);
    outcomes[one.index] = outcome;
  });
  return outcomes;
}

/** The changed rows of the team whose account is `user` in each of `names` (none in the others), as `by` sees them; called inside the pull's one read snapshot. */
export async function readChangedCollections(
  services: Services,
  user: User,
  cursor: number,
  by: Member,
  scope: PullScope,
  names: readonly CollectionName[] = COLLECTION_NAMES,
): Promise<CollectionRows> {
  const arrays = await Promise.all(
    COLLECTION_NAMES.map((name) => (names.includes(name) ? (COLLECTION_READERS[name] as CollectionReader<typeof name>)(services, user, cursor, by, scope) : [])),
  );
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, arrays[index]])) as CollectionRows;
}

/**
 * Rows that left what `by` may see without being deleted: a customer reassigned away from a rep, with its orders and
 * order requests (and the orders of a customer taken out of the book). They go to the device as deletions, so the
 * rep's replica drops them. A full pull needs none: the device starts from nothing.
 */
export async function readWithdrawnRows(services: Services, user: User, cursor: number, by: Member): Promise<Array<{ entity: EntityType; id: string }>> {
  const rep = repFilter(by);
  if (cursor === 0 || user.role !== 'seller' || rep === undefined) return [];
  const withdrawn = await Promise.all(
    COLLECTION_NAMES.map(async (name) => {
      const { readWithdrawn } = SERVER_SLICES[name];
      const entity = COLLECTIONS[name].tombstone;
      return readWithdrawn ? (await readWithdrawn(services.db.read, user.id, rep, cursor)).map((id) => ({ entity, id })) : [];
    }),
  );
  return withdrawn.flat();
}
