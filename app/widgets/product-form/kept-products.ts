/**
 * New products the server refused (a SKU another device took first, a menu
 * gone), kept on the device with everything typed into them
 * (sync/device/engine/kept-refusals.ts) until the seller edits and sends one again or
 * discards it, on their word.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KeptRefusal } from '../../../sync/device/engine/kept-refusals';
import type { Mutation } from '../../../sync/contract/mutations';
import { discardLocalPhotos } from '../../lib/photos/local-photos';
import { discardKeptRefusal } from '../../lib/replica/kept-refusals';
import type { ReplicaDb } from '../../lib/replica/replica-db';
import { useSyncSession } from '../../lib/replica/sync-session';

type ProductCreate = Extract<Mutation, { name: 'product.create' }>;
export type KeptProduct = { id: string; message: string; refusedAt: string; args: ProductCreate['args'] };

const isProductCreate = (mutation: Mutation): mutation is ProductCreate => mutation.name === 'product.create';

/** The refused new products among the kept refusals, oldest first. */
export function keptProducts(kept: KeptRefusal[]): KeptProduct[] {
  return kept
    .flatMap((refusal) => (isProductCreate(refusal.mutation) ? [{ id: refusal.id, message: refusal.message, refusedAt: refusal.refusedAt, args: refusal.mutation.args }] : []))
    .sort((a, b) => a.refusedAt.localeCompare(b.refusedAt));
}

/** The refused new products kept on this device, live (undefined while the replica opens). */
export function useKeptProducts(): KeptProduct[] | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => (db ? keptProducts(await db.keptRefusals.toArray()) : undefined), [db]);
}

/** Throws a refused new product away (the seller confirmed), with the photos and lab results only it named that never left the device. */
export async function discardKeptProduct(db: ReplicaDb, product: KeptProduct): Promise<void> {
  await discardKeptRefusal(db, { name: 'product.create', id: product.id });
  await discardLocalPhotos([...(product.args.photoIds ?? []), ...(product.args.labResultId ? [product.args.labResultId] : [])]);
}
