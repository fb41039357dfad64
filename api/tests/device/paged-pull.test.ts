/**
 * A first pull in pages on the device (app/lib/replica/paged-pull.ts): each page is kept as it comes and shows; a
 * connection lost between pages resumes at the page it was on, with nothing lost or doubled; the last page moves the
 * cursor, drops what the server no longer has, and what changed while the pages came arrives at once after them.
 * SyncEngine + DexieSyncStore (fake-indexeddb) + the real API in process.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Customer } from '../../../sync/entities/customer';
import type { Product } from '../../../sync/entities/product';
import type { AuthResponse } from '../../../sync/entities/user';
import { readPagedPull } from '../../../app/lib/replica/paged-pull';
import { byId, Device, InProcessTransport } from '../support/device';

let t: TestApp;
let seller: AuthResponse;
const devices: Device[] = [];

const addProduct = (strainName: string) =>
  t.ok<Product>('POST', '/api/products', seller.token, { strainName, pricePerUnit: '3.00', unitType: 'unit', availableQuantity: '10' }, 201);
const serverProducts = () => t.ok<Product[]>('GET', '/api/products', seller.token);

/** The seller's device, pulling `pageRows` rows a page. */
function open(pageRows: number): { device: Device; transport: InProcessTransport } {
  const transport = new InProcessTransport(t.request, seller.token);
  transport.pageRows = pageRows;
  const device = new Device(`${seller.user.id}-${randomUUID()}`, seller.user.id, transport);
  devices.push(device);
  return { device, transport };
}

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Page Farms' });
  for (let n = 1; n <= 10; n++) await addProduct(`Strain ${n}`);
  for (const name of ['Door One', 'Door Two', 'Door Three']) await t.ok<Customer>('POST', '/api/customers', seller.token, { name }, 201);
});
afterAll(() => t.close());
afterEach(async () => {
  for (const device of devices.splice(0)) {
    device.close();
    await device.db.delete();
  }
});

describe('a first pull in pages on the device', () => {
  it('keeps each page as it comes, resumes after a drop at the page it was on, and ends with the whole catalogue once', async () => {
    const { device, transport } = open(4);
    // The first page arrives, the second is lost on the way back, then the network is gone.
    transport.faults = ['none', 'after'];
    await device.engine.syncNow();
    expect(device.engine.getStatus()).toMatchObject({ phase: 'retrying', failure: 'network' });
    const afterDrop = await readPagedPull(device.db);
    expect(afterDrop).toMatchObject({ received: { products: 4 }, totals: { products: 10, customers: 3 } });
    // What has come shows, while the device waits to go on.
    expect((await device.view()).products.size).toBe(4);
    expect(await device.db.meta.get('cursor')).toBeUndefined();

    // Closed and opened again (a new engine, the same database): it goes on from the page it was on.
    device.engine.stop();
    const again = new Device(device.db.name.replace(/^replica-/, ''), seller.user.id, transport);
    devices.push(again);
    await again.engine.syncNow();
    expect(again.engine.getStatus().phase).toBe('idle');
    expect(await readPagedPull(again.db)).toBeNull();
    const view = await again.view();
    expect(byId(view.products.values())).toEqual(byId(await serverProducts()));
    expect(view.customers.size).toBe(3);
    expect(Number((await again.db.meta.get('cursor'))?.value)).toBeGreaterThan(0);
  });

  it('after a whole pull again, drops what the server no longer has and keeps what changed while the pages came', async () => {
    const { device, transport } = open(4);
    await device.engine.syncNow();
    const gone = await addProduct('Soon gone');
    await device.engine.syncNow();
    expect((await device.view()).products.has(gone.id)).toBe(true);

    // A product the device has is deleted, and the device pulls from nothing again, as when the server no longer
    // remembers that deletion (its cursor lost): no page names the product. After the first page the connection drops
    // and one the first page brought is renamed.
    await t.ok('DELETE', `/api/products/${gone.id}`, seller.token, undefined, 204);
    await device.db.meta.delete('cursor');
    transport.faults = ['none', 'before'];
    await device.engine.syncNow();
    const firstPage = (await readPagedPull(device.db))!;
    expect(firstPage).toMatchObject({ received: { products: 4 }, totals: { products: 10 } });
    const renamed = (await serverProducts()).find((product) => product.strainName === 'Strain 10')!;
    expect((await device.view()).products.has(gone.id)).toBe(true);
    await t.ok('PUT', `/api/products/${renamed.id}`, seller.token, { strainName: 'Renamed while paging' });
    await device.engine.syncNow();

    const view = await device.view();
    expect(view.products.has(gone.id)).toBe(false);
    expect(byId(view.products.values())).toEqual(byId(await serverProducts()));
    expect(view.products.get(renamed.id)?.strainName).toBe('Renamed while paging');
  });

  it('starts again from nothing when the server no longer knows the page it was on', async () => {
    const { device, transport } = open(4);
    transport.faults = ['none', 'before'];
    await device.engine.syncNow();
    const progress = (await readPagedPull(device.db))!;
    await device.db.meta.put({ key: 'pagedPull', value: JSON.stringify({ ...progress, page: 'no-longer-known' }) });
    await device.engine.syncNow();
    expect(device.engine.getStatus().phase).toBe('idle');
    expect(byId((await device.view()).products.values())).toEqual(byId(await serverProducts()));
  });
});
