/**
 * The shape of an entity's server slice (api/<x>/<x>-slice.ts): its REST routes, how the server applies each of its
 * mutations and how a pull reads its collection. api/registry.ts composes one slice per synced collection, checked by
 * the compiler, and route mounting, the push and the pull are derived from that list.
 */
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { CollectionName, CollectionRow, COLLECTIONS } from '../../sync/contract/collections';
import type { AppError } from '../../sync/contract/errors';
import type { MUTATIONS, MutationName } from '../../sync/contract/mutations';
import type { PullScope } from '../../sync/contract/protocol';
import type { User } from '../../sync/entities/user';
import type { AppEnv, Member, Services, Session } from '../context';
import type { Db } from '../db/database';
import type { KeysetPage, PageRequest } from '../db/keyset-page';
import type { TeamTable } from '../db/repositories/team-data';

/** Who pushes: the person, and the team they act for (see `Session`). */
export type Pusher = Pick<Session, 'user' | 'team'>;

export const memberOfPusher = (by: Pusher): Member => ({ userId: by.user.id, role: by.team.role });

export type MutationArgs<K extends MutationName> = z.output<(typeof MUTATIONS)[K]['args']>;

/** Applies one mutation, its arguments already parsed by its schema; throws an AppError when it is refused. */
export type ServerApplier<K extends MutationName> = (services: Services, by: Pusher, args: MutationArgs<K>) => Promise<unknown>;

/**
 * Applies many mutations of one kind in a row at once, each exactly as its applier would alone after the ones before
 * it: for each, null when applied, or why it was refused (nothing of it written); a RetryLaterError for one not tried
 * because a quota holds it, where the push stops.
 */
export type BatchApplier<K extends MutationName> = (services: Services, by: Pusher, args: MutationArgs<K>[]) => Promise<(AppError | null)[]>;

/** What a pull reads for a collection: the rows of the team (`user` is its account) changed after `cursor`, as `by` (the member pulling) may see them and the device keeps them. */
export type CollectionReader<K extends CollectionName> = (services: Services, user: User, cursor: number, by: Member, scope: PullScope) => Promise<CollectionRow<K>[]>;

/**
 * How a pull from nothing reads a large collection: a page at a time, newest change first (api/sync/whole-pull-pages.ts),
 * and how many rows it will send in all, for the device to show its progress.
 */
export type CollectionPages<K extends CollectionName> = {
  read: (services: Services, user: User, by: Member, scope: PullScope, page: PageRequest) => Promise<KeysetPage<CollectionRow<K>>>;
  count: (services: Services, user: User, by: Member, scope: PullScope) => Promise<number>;
};

/** The mutations of a collection: those named after the entity type its rows carry (`product.create` for products). */
export type MutationOf<K extends CollectionName> = Extract<MutationName, `${NonNullable<(typeof COLLECTIONS)[K]['tombstone']>}.${string}`>;

/** The mutations of no collection (the profile's). */
export type MutationOfNoCollection = Exclude<MutationName, { [K in CollectionName]: MutationOf<K> }[CollectionName]>;

export type ServerAppliers<M extends MutationName> = { [K in M]: ServerApplier<K> };

export type ServerSlice<K extends CollectionName> = {
  /** The entity's REST routes, mounted under /api. */
  routes: Hono<AppEnv>;
  /** How the server applies each of the entity's mutations; the same domain functions the routes call. */
  appliers: ServerAppliers<MutationOf<K>>;
  /** The mutations a push applies many in a row at once (see `appliesInBatches` in server-mutations.ts). */
  batchAppliers?: { [M in MutationOf<K>]?: BatchApplier<M> };
  /** A pull's read of the collection. */
  read: CollectionReader<K>;
  /** A collection large enough to come in pages when a device pulls from nothing; without, it comes whole with the first page. */
  pages?: CollectionPages<K>;
  /**
   * The ids of the team's rows a rep (`repUserId`) could see before `cursor` and may no longer, though they were not
   * deleted (a customer reassigned away, with its orders): a pull sends them to the rep's devices as deletions.
   */
  readWithdrawn?: (db: Db, teamId: string, repUserId: string, cursor: number) => Promise<string[]>;
  /** What of it a team owns: 'Download my data', closing an account and whether a team holds business data follow it. */
  owned: TeamTable;
};
