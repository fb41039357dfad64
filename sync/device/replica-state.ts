/** What the device's replica holds and what applying a change on it knows (the rules are in sync/device/replica.ts). */
import type { CollectionName, CollectionRow } from '../contract/collections';
import type { TeamRole } from '../entities/team';
import type { User } from '../entities/user';

export type ReplicaState = { user: User | null } & { [K in CollectionName]: Map<string, CollectionRow<K>> };

/**
 * `role`: the person's role in their team, when the device knows it. A change the role may not make (a rep's price,
 * another member's menu) is then not shown, as the server will refuse it; unknown, everything is shown and the server
 * decides.
 */
export type ApplyContext = { userId: string; now: string; role?: TeamRole | null };
