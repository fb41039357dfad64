/**
 * A seller closing their account never wipes what buyers saved: each copy
 * stays in the buyer's pull, marked no longer offered, with the buyer's notes
 * and tags and the menu's and seller's names as they were, and nothing live
 * of the seller; each buyer gets one email listing their menus from that
 * seller, unless they turned that email off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import { WITHDRAWN_COPY_READ_ONLY_MESSAGE, type SavedMenu, type SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import { mailTo } from '../mail/testing/outbox-reader';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let quietBuyer: AuthResponse;
let product: Product;
let menus: Record<'flower' | 'partners' | 'revoked', Menu>;
let copies: Record<'flower' | 'partners' | 'revoked', SavedMenu>;
let quietCopy: SavedMenu;
let buyerDevice: ReturnType<typeof syncDevice>;
let cursorBeforeClose: number;

const save = (who: AuthResponse, menu: Menu) => t.ok<SavedMenu>('POST', '/api/saved-menus', who.token, { menuId: menu.id, publicLinkId: menu.publicLinkId }, 201);

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Lakeside Growers' });
  buyer = await t.registerUser('buyer', { firstName: 'Bea' });
  quietBuyer = await t.registerUser('buyer');
  product = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Lakeside Haze', pricePerUnit: '120.00', availableQuantity: '4' }, 201);
  const create = (body: Record<string, unknown>) => t.ok<Menu>('POST', '/api/menus', seller.token, { productIds: [product.id], ...body }, 201);
  menus = {
    flower: await create({ name: 'Autumn Flower', description: 'Fresh from the fall harvest', isPublic: true }),
    partners: await create({ name: 'Partners List' }),
    revoked: await create({ name: 'Old Friends' }),
  };
  copies = { flower: await save(buyer, menus.flower), partners: await save(buyer, menus.partners), revoked: await save(buyer, menus.revoked) };
  quietCopy = await save(quietBuyer, menus.flower);
  buyerDevice = syncDevice(t, buyer.token);
  const changes = { notes: 'Call before the 15th', tags: ['fall', 'haze'] };
  expect(await buyerDevice.push('savedMenu.update', { id: copies.flower.id, changes })).toMatchObject({ outcome: 'applied' });
  await t.ok('PUT', '/api/account/notifications', quietBuyer.token, { 'saved-menu-withdrawn': false });
  // The seller took this link back from the buyer before closing.
  await t.ok('POST', `/api/menus/${menus.revoked.id}/regenerate-link`, seller.token);

  cursorBeforeClose = (await buyerDevice.pull()).cursor;
  expect((await t.request('POST', '/api/account/delete', { token: seller.token, body: { password: TEST_PASSWORD } })).status).toBe(204);
});
afterAll(() => t.close());

const copyIn = (list: SavedMenuListItem[], id: string) => list.find((item) => item.id === id);

describe("a closed seller's menus in the buyers' saved menus", () => {
  it("stay in the buyer's next pull, marked no longer offered, with the buyer's notes and tags and the names as they were", async () => {
    const pull = await buyerDevice.pull(cursorBeforeClose);
    expect(pull.deleted).toEqual([]);
    const flower = copyIn(pull.savedMenus, copies.flower.id);
    expect(flower).toMatchObject({
      notes: 'Call before the 15th',
      tags: ['fall', 'haze'],
      menu: { name: 'Autumn Flower', sellerBusinessName: 'Lakeside Growers', publicLinkId: '', productCount: 0 },
      snapshot: null,
    });
    expect(flower!.withdrawnAt).toEqual(expect.any(String));
    expect(copyIn(pull.savedMenus, copies.partners.id)).toMatchObject({ menu: { name: 'Partners List', sellerBusinessName: 'Lakeside Growers' }, snapshot: null });
  });

  it('keep no name of a menu whose link the buyer had already lost', async () => {
    const revoked = copyIn((await buyerDevice.pull()).savedMenus, copies.revoked.id);
    expect(revoked).toMatchObject({ menu: { name: '', sellerBusinessName: 'Lakeside Growers' }, snapshot: null });
    expect(revoked!.withdrawnAt).toEqual(expect.any(String));
  });

  it('carry nothing live of the seller: no description, product or link, and the public link answers 404', async () => {
    const pull = JSON.stringify(await buyerDevice.pull());
    for (const gone of ['Fresh from the fall harvest', 'Lakeside Haze', menus.flower.publicLinkId, menus.partners.publicLinkId]) expect(pull).not.toContain(gone);
    expect((await t.request('GET', `/api/public/menu/${menus.flower.publicLinkId}`)).status).toBe(404);
    expect((await t.request('GET', `/api/public/menu/${menus.partners.publicLinkId}`)).status).toBe(404);
  });

  it('are never counted as changed since the buyer last looked', async () => {
    const flower = copyIn((await buyerDevice.pull()).savedMenus, copies.flower.id)!;
    expect(flower.stamp).toBe(flower.lastSeenStamp);
  });

  it('tell each buyer in one email listing the menus they still reached, unless they turned that email off', async () => {
    const mails = (await mailTo(t.services, buyer.user.email)).filter((mail) => mail.kind === 'saved-menu-withdrawn');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 of your saved menus are no longer offered');
    expect(mails[0]!.text).toContain('Lakeside Growers closed their account');
    expect(mails[0]!.text).toContain('"Autumn Flower"');
    expect(mails[0]!.text).toContain('"Partners List"');
    expect(mails[0]!.text).not.toContain('Old Friends');
    expect((await mailTo(t.services, quietBuyer.user.email)).filter((mail) => mail.kind === 'saved-menu-withdrawn')).toEqual([]);
    expect(copyIn((await syncDevice(t, quietBuyer.token).pull()).savedMenus, quietCopy.id)).toMatchObject({ menu: { name: 'Autumn Flower' } });
  });

  it("are read-only: the buyer's notes and tags stay as they were", async () => {
    const edit = await buyerDevice.push('savedMenu.update', { id: copies.flower.id, changes: { notes: 'Find another grower', tags: [] } });
    expect(edit).toMatchObject({ outcome: 'refused', reason: 'conflict', message: WITHDRAWN_COPY_READ_ONLY_MESSAGE });
    expect(copyIn((await buyerDevice.pull()).savedMenus, copies.flower.id)).toMatchObject({ notes: 'Call before the 15th', tags: ['fall', 'haze'] });
  });

  it('can still be removed by the buyer', async () => {
    const { cursor } = await buyerDevice.pull();
    expect(await buyerDevice.push('savedMenu.remove', { id: copies.partners.id })).toMatchObject({ outcome: 'applied' });
    const after = await buyerDevice.pull(cursor);
    expect(after.deleted).toContainEqual({ entity: 'savedMenu', id: copies.partners.id });
    expect(copyIn((await buyerDevice.pull()).savedMenus, copies.partners.id)).toBeUndefined();
  });
});
