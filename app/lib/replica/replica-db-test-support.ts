/**
 * Test support for the replica database's upgrades: a device's replica as an older version of the app left it. Used
 * only by tests: the app's own (app/lib/replica/replica-db-upgrade.test.ts) and the device tests against the real
 * server (api/tests/device/).
 */
import Dexie from 'dexie';
import type { Mutation } from '../../../sync/contract/mutations';
import { replicaName } from './replica-db';

/** The replica as version 1 of the app left it on a device: these changes waiting in its outbox (numbered from 1) and these meta rows. */
export async function writeVersion1Replica(userId: string, mutations: Mutation[], meta: Array<{ key: string; value: string | number }> = []): Promise<void> {
  const v1 = new Dexie(replicaName(userId));
  v1.version(1).stores({ products: 'id', menus: 'id', savedMenus: 'id, menuId', account: 'id', outbox: '++seq', refusals: 'seq', meta: 'key' });
  await v1.table('outbox').bulkAdd(mutations.map((mutation, index) => ({ mutation, createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString() })));
  await v1.table('meta').bulkPut(meta);
  v1.close();
}
