/** What a first pull in pages has brought so far, in the person's words (app/lib/replica/paged-pull.ts). */
import { COLLECTION_NAMES, type CollectionName } from '../../../sync/contract/collections';
import type { PagedPullProgress } from './paged-pull';

/** How each large collection is named while it comes: what it is to the person, and what it counts. */
const ARRIVING_NAMES: Partial<Record<CollectionName, { what: string; counted: string }>> = {
  products: { what: 'your catalogue', counted: 'products' },
  customers: { what: 'your customers', counted: 'customers' },
  orders: { what: 'your orders', counted: 'orders' },
};

const count = (n: number) => n.toLocaleString('en-US');

/** "Getting your catalogue: 2,400 of 5,000 products", for the first collection not all come yet, in the order they come. */
export function arrivingText({ received, totals }: Pick<PagedPullProgress, 'received' | 'totals'>): string {
  for (const name of COLLECTION_NAMES) {
    const total = totals[name];
    if (total === undefined) continue;
    const come = Math.min(received[name] ?? 0, total);
    if (come >= total) continue;
    const { what, counted } = ARRIVING_NAMES[name] ?? { what: 'your data', counted: name };
    return `Getting ${what}: ${count(come)} of ${count(total)} ${counted}`;
  }
  return 'Getting the last of your data';
}
