/**
 * What a rep may not do with the catalogue and the menus, over REST and sync push alike: give a new product a price
 * or stock, put one on another member's menu, change another member's menu, or give it a new link (which ends every
 * buyer's old one). Owners and managers may; a rep may with what they made.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { pushResponseSchema } from '../../sync/contract/protocol';
import { REP_LINK_MESSAGE, REP_MENU_MESSAGE, REP_NEW_PRODUCT_PRICE_MESSAGE } from '../../sync/rules/team-permissions';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let rep: AuthResponse;
let gelato: Product;
let ownersMenu: Menu;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
  rep = await member('rep');
  gelato = await t.ok<Product>('POST', '/api/products', owner, { strainName: 'Gelato', pricePerUnit: '1450.00', availableQuantity: '10' }, 201);
  ownersMenu = await t.ok<Menu>('POST', '/api/menus', owner, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id] }, 201);
});
afterEach(() => t.close());

/** Invites a new address with `role` and signs it up with the mailed link. */
const member = (role: 'manager' | 'rep') => t.joinTeam(owner, role);

const catalogue = async () => t.ok<Product[]>('GET', '/api/products', owner);
const menuNow = async (id: string) => t.ok<Menu>('GET', `/api/menus/${id}`, owner);

describe("a rep's new product", () => {
  it('with a price or stock is refused over REST, naming the field, and nothing is written', async () => {
    for (const fields of [{ pricePerUnit: '1.00' }, { availableQuantity: '500' }, { pricePerUnit: '0', availableQuantity: '0.001' }]) {
      const res = await t.request<ErrorBody>('POST', '/api/products', { token: rep.token, body: { strainName: 'Cheap Haze', ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(403);
      expect(res.body).toMatchObject({ reason: 'forbidden', message: REP_NEW_PRODUCT_PRICE_MESSAGE });
      expect(Object.keys(res.body.errors ?? {}).sort(), JSON.stringify(fields)).toEqual(Object.keys(fields).sort());
    }
    expect((await catalogue()).map((product) => product.strainName)).toEqual(['Gelato']);
  });

  it('with a price is refused over sync, alone or in a run of creations, and the others of the run are applied', async () => {
    const device = syncDevice(t, rep.token);
    expect(await device.push('product.create', { id: randomUUID(), strainName: 'Cheap Haze', pricePerUnit: '1.00' })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message: REP_NEW_PRODUCT_PRICE_MESSAGE,
    });
    const [plain, priced, stocked] = [randomUUID(), randomUUID(), randomUUID()];
    const res = await t.request('POST', '/api/sync/push', {
      token: rep.token,
      body: {
        clientId: randomUUID(),
        mutations: [
          { seq: 1, name: 'product.create', args: { id: plain, strainName: 'Plain Kush' } },
          { seq: 2, name: 'product.create', args: { id: priced, strainName: 'Priced Kush', pricePerUnit: '0.01' } },
          { seq: 3, name: 'product.create', args: { id: stocked, strainName: 'Stocked Kush', availableQuantity: '1000' } },
        ],
      },
    });
    expect(pushResponseSchema.parse(res.body).results.map((result) => [result.seq, result.outcome])).toEqual([
      [1, 'applied'],
      [2, 'refused'],
      [3, 'refused'],
    ]);
    expect((await catalogue()).map((product) => product.id).sort()).toEqual([gelato.id, plain].sort());
  });

  it('comes without a price or stock until a manager sets them', async () => {
    const made = await t.ok<Product>('POST', '/api/products', rep, { strainName: 'Fresh Kush', availableQuantity: '0', description: 'New in' }, 201);
    expect([made.pricePerUnit, made.availableQuantity, made.createdBy]).toEqual([null, '0.000', rep.user.id]);
    const manager = await member('manager');
    const priced = await t.ok<Product>('PUT', `/api/products/${made.id}`, manager, { pricePerUnit: '900.00', availableQuantity: '12' });
    expect([priced.pricePerUnit, priced.availableQuantity]).toEqual(['900.00', '12.000']);
  });

  it("cannot go on another member's menu, over REST or sync; on the rep's own menu it may", async () => {
    const rest = await t.request<ErrorBody>('POST', '/api/products', { token: rep.token, body: { strainName: 'Swap Kush', selectedMenus: [ownersMenu.id] } });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ reason: 'forbidden', message: REP_MENU_MESSAGE, errors: { selectedMenus: REP_MENU_MESSAGE } });
    const device = syncDevice(t, rep.token);
    expect(await device.push('product.create', { id: randomUUID(), strainName: 'Swap Kush', selectedMenus: [ownersMenu.id] })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message: REP_MENU_MESSAGE,
    });
    expect((await menuNow(ownersMenu.id)).productIds).toEqual([gelato.id]);
    expect((await catalogue()).map((product) => product.strainName)).toEqual(['Gelato']);

    const repsMenu = await t.ok<Menu>('POST', '/api/menus', rep, { name: 'Trade show', productIds: [gelato.id] }, 201);
    const onIt = randomUUID();
    expect(await device.push('product.create', { id: onIt, strainName: 'Show Kush', selectedMenus: [repsMenu.id] })).toMatchObject({ outcome: 'applied' });
    expect((await menuNow(repsMenu.id)).productIds).toEqual([gelato.id, onIt]);
  });
});

describe("another member's menu", () => {
  it('a rep cannot change it over REST or sync, whether its products, its name or its settings', async () => {
    const swap = await t.ok<Product>('POST', '/api/products', rep, { strainName: 'Swap Kush' }, 201);
    const rest = await t.request<ErrorBody>('PUT', `/api/menus/${ownersMenu.id}`, { token: rep.token, body: { name: 'Wholesale List', productIds: [swap.id] } });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ reason: 'forbidden', message: REP_MENU_MESSAGE });
    const device = syncDevice(t, rep.token);
    for (const changes of [{ productIds: [swap.id] }, { name: 'Clearance' }, { isPublic: false }]) {
      expect(await device.push('menu.update', { id: ownersMenu.id, changes }), JSON.stringify(changes)).toMatchObject({
        outcome: 'refused',
        reason: 'forbidden',
        message: REP_MENU_MESSAGE,
      });
    }
    expect(await menuNow(ownersMenu.id)).toMatchObject({ name: 'Wholesale List', isPublic: true, productIds: [gelato.id], updatedBy: owner.user.id });
  });

  it('a rep cannot give it a new link over REST or sync, and every buyer keeps theirs', async () => {
    const rest = await t.request<ErrorBody>('POST', `/api/menus/${ownersMenu.id}/regenerate-link`, { token: rep.token });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ reason: 'forbidden', message: REP_LINK_MESSAGE });
    expect(await syncDevice(t, rep.token).push('menu.regenerateLink', { id: ownersMenu.id, publicLinkId: randomUUID() })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message: REP_LINK_MESSAGE,
    });
    expect((await menuNow(ownersMenu.id)).publicLinkId).toBe(ownersMenu.publicLinkId);
    expect((await t.request('GET', `/api/public/menu/${ownersMenu.publicLinkId}`)).status).toBe(200);
  });

  it('a manager changes it and gives it a new link; a rep does both with a menu they made', async () => {
    const manager = await member('manager');
    expect((await t.ok<Menu>('PUT', `/api/menus/${ownersMenu.id}`, manager, { name: 'Spring List' })).name).toBe('Spring List');
    const relinked = await t.ok<Menu>('POST', `/api/menus/${ownersMenu.id}/regenerate-link`, manager);
    expect(relinked.publicLinkId).not.toBe(ownersMenu.publicLinkId);

    const repsMenu = await t.ok<Menu>('POST', '/api/menus', rep, { name: 'Trade show', productIds: [gelato.id] }, 201);
    const device = syncDevice(t, rep.token);
    expect(await device.push('menu.update', { id: repsMenu.id, changes: { name: 'Trade show, day 2', productIds: [] } })).toMatchObject({ outcome: 'applied' });
    const newLink = randomUUID();
    expect(await device.push('menu.regenerateLink', { id: repsMenu.id, publicLinkId: newLink })).toMatchObject({ outcome: 'applied' });
    expect(await menuNow(repsMenu.id)).toMatchObject({ name: 'Trade show, day 2', productIds: [], publicLinkId: newLink });
  });
});
