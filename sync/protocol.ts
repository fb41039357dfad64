/**
 * The sync protocol, both envelopes as schemas.
 *
 * 1. Push (POST /api/sync/push): the device sends its outbox in order, each
 *    mutation numbered by a per-client sequence. The server applies each in
 *    order and skips any sequence it already processed, so a retried push
 *    changes nothing twice. A refused mutation is recorded with its reason and
 *    still advances the sequence, so it never blocks the ones behind it.
 * 2. Pull (GET /api/sync/pull?cursor=N&clientId=C): everything that changed
 *    for the user after cursor N (rows and tombstones), the new cursor, and
 *    the last sequence processed for client C. Cursors are server change-clock
 *    values, never device time.
 * 3. The device drops from its outbox every mutation up to that sequence in
 *    the same local transaction that stores the pulled rows, so its view is
 *    always the server's state with the still-pending mutations on top.
 */
import { z } from 'zod';
import { ERROR_REASONS } from './errors';
import { collectionArraysSchema, ENTITY_TYPES } from './collections';
import { photoSchema } from './entities/photo';
import { userSchema } from './entities/user';
import { MUTATION_NAMES } from './mutations';

export const MAX_PUSH_BATCH = 500;

export const pushedMutationSchema = z.object({
  seq: z.number().int().positive(),
  name: z.enum(MUTATION_NAMES as [string, ...string[]]),
  args: z.unknown(),
});
export type PushedMutation = z.infer<typeof pushedMutationSchema>;

export const pushRequestSchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a UUID' }),
  mutations: z.array(pushedMutationSchema).max(MAX_PUSH_BATCH, `At most ${MAX_PUSH_BATCH} mutations per push`),
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
  /** Each synced collection's rows changed since the cursor (sync/collections.ts). */
  ...collectionArraysSchema(),
  /** The user's uploaded files changed since the cursor, so every device can show them. */
  photos: z.array(photoSchema),
  deleted: z.array(z.object({ entity: z.enum(ENTITY_TYPES), id: z.string() })),
  /** The whole truth, as for a first pull: the cursor was older than what the server still remembers of deletions, so rows missing here are gone. */
  full: z.boolean().optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
