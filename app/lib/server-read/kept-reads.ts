/**
 * Where server reads kept for offline live: the signed-in person's own
 * database, opened and closed with their sync session, so that what a screen
 * kept goes with that person and never stays on the device for the next one.
 * A store of its own, so that the read hook, which public pages use too,
 * never loads the database code.
 */
import { create } from 'zustand';

/** One kept answer: what the server said for a read, and when it said it. */
export type KeptRead = { key: string; value: unknown; savedAt: string };

/** One person's kept reads. */
export type KeptReads = {
  readonly userId: string;
  get(key: string): Promise<KeptRead | undefined>;
  put(read: KeptRead): Promise<unknown>;
};

/** The signed-in person's kept reads while their database is open, else null. */
export const useKeptReads = create<{ reads: KeptReads | null }>(() => ({ reads: null }));
