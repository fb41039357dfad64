/**
 * "What changed" on a saved menu does not depend on the device: the server
 * keeps the menu as the buyer last looked at it, so the first pull on any
 * device after a change carries both that and the menu as it is now.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { SavedMenu, SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import { describeMenuDiff, diffMenus, menuFacts } from '../../sync/rules/menu-diff';
import { pullResponseSchema, pushResponseSchema, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gelato: Product;
let kush: Product;
let menu: Menu;
let saved: SavedMenu;

/** A device signing in for the first time: it pulls everything and may mark the menu seen. */
function freshDevice(account: AuthResponse) {
  const clientId = randomUUID();
  let seq = 0;
  return {
    async savedMenu(): Promise<SavedMenuListItem> {
      const res = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${clientId}`, { token: account.token });
      expect(res.status).toBe(200);
      return pullResponseSchema.parse(res.body).savedMenus.find((entry) => entry.id === saved.id)!;
    },
    async markSeen(stamp: number): Promise<void> {
      seq += 1;
      const res = await t.request<PushResponse>('POST', '/api/sync/push', {
        token: account.token,
        body: { clientId, mutations: [{ seq, name: 'savedMenu.markSeen', args: { id: saved.id, stamp } }] },
      });
      expect(pushResponseSchema.parse(res.body).results[0]?.outcome).toBe('applied');
    },
  };
}

const whatChanged = (entry: SavedMenuListItem) => describeMenuDiff(diffMenus(entry.seenMenu!, menuFacts(entry.snapshot!)));

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Hilltop Gardens' });
  buyer = await t.registerUser('buyer');
  gelato = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: '1200.00', unitType: 'lb', availableQuantity: '10' }, 201);
  kush = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'OG Kush', pricePerUnit: '20', unitType: 'g', availableQuantity: '5' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Fall Harvest', isPublic: true, productIds: [gelato.id, kush.id] }, 201);
  saved = await t.ok<SavedMenu>('POST', '/api/saved-menus', buyer.token, { menuId: menu.id }, 201);
});
afterAll(() => t.close());

describe('the menu as the buyer last looked at it', () => {
  it('is kept from the moment the menu is saved', async () => {
    const entry = await freshDevice(buyer).savedMenu();
    expect(entry.seenMenu).toEqual(menuFacts(entry.snapshot!));
    expect(whatChanged(entry)).toEqual([]);
  });

  it('comes with the first pull on a new device after a change, with every change: price and stock together, and stock running out', async () => {
    await t.ok('PUT', `/api/products/${gelato.id}`, seller.token, { pricePerUnit: '1150.00', availableQuantity: '4' });
    await t.ok('PUT', `/api/products/${kush.id}`, seller.token, { availableQuantity: '0' });
    const entry = await freshDevice(buyer).savedMenu();
    expect(entry.stamp).toBeGreaterThan(entry.lastSeenStamp);
    expect(whatChanged(entry)).toEqual(['Gelato: price $1,200.00 → $1,150.00; stock 10 lb → 4 lb', 'OG Kush: stock 5 g → 0 g (out of stock)']);
  });

  it('moves to the current menu when the buyer looks, so the next device has nothing to tell', async () => {
    const phone = freshDevice(buyer);
    await phone.markSeen((await phone.savedMenu()).stamp);
    const laptop = await freshDevice(buyer).savedMenu();
    expect(laptop.stamp).toBe(laptop.lastSeenStamp);
    expect(whatChanged(laptop)).toEqual([]);
  });

  it('stays as it was when a look made offline arrives after newer changes, so those newer changes are still told', async () => {
    const phone = freshDevice(buyer);
    await t.ok('PUT', `/api/products/${gelato.id}`, seller.token, { pricePerUnit: '1100.00' });
    const lookedAt = await phone.savedMenu();
    await t.ok('PUT', `/api/products/${kush.id}`, seller.token, { availableQuantity: '7' });
    await phone.markSeen(lookedAt.stamp);
    const entry = await freshDevice(buyer).savedMenu();
    expect(whatChanged(entry)).toEqual(['Gelato: price $1,150.00 → $1,100.00', 'OG Kush: stock 0 g → 7 g (back in stock)']);
  });

  it('is nobody else’s: another buyer’s pull never carries it', async () => {
    const other = await t.registerUser('buyer');
    const res = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${randomUUID()}`, { token: other.token });
    expect(pullResponseSchema.parse(res.body).savedMenus).toEqual([]);
  });
});
