/**
 * Saved menus as a buyer's device keeps them: each pull brings the saved
 * entry with a snapshot of the public menu and a stamp that grows when the
 * menu, its products or its seller change; `savedMenu.markSeen` and
 * `savedMenu.update` arrive by sync push; nobody else sees or touches them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import { MAX_TAGS, type SavedMenu, type SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import { pullResponseSchema, pushResponseSchema, type MutationOutcome, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { savedMenus } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let kush: Product;
let gelato: Product;
let unpriced: Product;
let offMenu: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Hilltop Gardens' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  otherBuyer = await t.registerUser('buyer');
  kush = await product({ strainName: 'OG Kush', pricePerUnit: '20', unitType: 'g', availableQuantity: '500' });
  gelato = await product({ strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', availableQuantity: '12.5' });
  unpriced = await product({ strainName: 'Mystery Pheno' });
  offMenu = await product({ strainName: 'Not Listed', pricePerUnit: '5' });
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Fall Harvest', isPublic: true, productIds: [gelato.id, kush.id, unpriced.id] }, 201);
});
afterAll(() => t.close());

function product(body: Record<string, unknown>): Promise<Product> {
  return t.ok<Product>('POST', '/api/products', seller.token, body, 201);
}

/** One device of one user. */
function device(account: AuthResponse) {
  const clientId = randomUUID();
  let seq = 0;
  /** Pushes one mutation and answers its outcome. */
  async function push(name: MutationName, args: unknown): Promise<MutationOutcome> {
    seq += 1;
    const res = await t.request<PushResponse>('POST', '/api/sync/push', {
      token: account.token,
      body: { clientId, mutations: [{ seq, name, args }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = pushResponseSchema.parse(res.body).results;
    return result!;
  }
  return {
    push,
    async pushOk(name: MutationName, args: unknown): Promise<void> {
      const result = await push(name, args);
      expect(result, `${name} ${JSON.stringify(result)}`).toEqual({ seq, outcome: 'applied' });
    },
    async pull(cursor: number): Promise<PullResponse> {
      const res = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=${cursor}&clientId=${clientId}`, { token: account.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return pullResponseSchema.parse(res.body);
    },
  };
}

const row = async (id: string) => await t.services.db.read.select().from(savedMenus).where(eq(savedMenus.id, id)).get();
const savedIn = (pull: PullResponse, id: string): SavedMenuListItem | undefined => pull.savedMenus.find((saved) => saved.id === id);

describe("a saved menu's snapshot in the buyer's pull", () => {
  let phone: ReturnType<typeof device>;
  let saved: SavedMenu;
  let first: PullResponse;

  beforeAll(async () => {
    phone = device(buyer);
    saved = await t.ok<SavedMenu>('POST', '/api/saved-menus', buyer.token, { menuId: menu.id }, 201);
    first = await phone.pull(0);
  });

  it('a first pull brings the saved menu with its snapshot: the menu, its products in order with prices, and the seller', () => {
    expect(first.savedMenus.map((entry) => entry.id)).toEqual([saved.id]);
    const entry = savedIn(first, saved.id)!;
    expect(entry).toMatchObject({
      buyerUserId: buyer.user.id,
      menuId: menu.id,
      notes: null,
      tags: [],
      isFavorite: false,
      menu: {
        name: 'Fall Harvest',
        publicLinkId: menu.publicLinkId,
        sellerId: seller.user.id,
        sellerBusinessName: 'Hilltop Gardens',
        productCount: 3,
      },
    });
    expect(entry.stamp).toBeGreaterThan(0);
    expect(entry.stamp).toBeLessThanOrEqual(first.cursor);
    const snapshot = entry.snapshot!;
    expect(snapshot.menu).toMatchObject({ id: menu.id, name: 'Fall Harvest', publicLinkId: menu.publicLinkId, productIds: [gelato.id, kush.id, unpriced.id] });
    expect(snapshot.products.map((p) => [p.id, p.strainName, p.pricePerUnit, p.unitType, p.availableQuantity])).toEqual([
      [gelato.id, 'Gelato', '1450.00', 'lb', '12.500'],
      [kush.id, 'OG Kush', '20.00', 'g', '500.000'],
      [unpriced.id, 'Mystery Pheno', null, 'oz', '0.000'],
    ]);
    expect(snapshot.seller).toEqual({
      businessName: 'Hilltop Gardens',
      logoUrl: null,
      licenseNumber: null,
      contactInfo: null,
      phoneNumber: null,
      menuCoverUrl: null,
      accentColor: null,
    });
    // What anyone with the link sees is what the snapshot holds; the seller's id stays out of both.
    expect(JSON.stringify(snapshot)).not.toContain(`"userId"`);
    // Sellers' pulls carry no saved menus.
    expect(first.products).toEqual([]);
    expect(first.menus).toEqual([]);
  });

  it('matches the public menu and GET /api/saved-menus', async () => {
    const publicMenu = await t.ok<unknown>('GET', `/api/public/menu/${menu.publicLinkId}`, buyer.token);
    expect(savedIn(first, saved.id)!.snapshot).toEqual(publicMenu);
    const listed = await t.ok<SavedMenuListItem[]>('GET', '/api/saved-menus', buyer.token);
    expect(listed).toEqual(first.savedMenus);
  });

  it('a pull with the returned cursor brings nothing; a change to a product not on the menu changes nothing either', async () => {
    expect((await phone.pull(first.cursor)).savedMenus).toEqual([]);
    await t.ok('PUT', `/api/products/${offMenu.id}`, seller.token, { pricePerUnit: '6' });
    expect((await phone.pull(first.cursor)).savedMenus).toEqual([]);
  });

  it("after the seller changes a product's price, the pull from the previous cursor brings it again with a higher stamp and the new price", async () => {
    const before = await phone.pull(0);
    const stampBefore = savedIn(before, saved.id)!.stamp;
    await t.ok('PUT', `/api/products/${gelato.id}`, seller.token, { pricePerUnit: '1500' });
    const after = await phone.pull(before.cursor);
    expect(after.savedMenus.map((entry) => entry.id)).toEqual([saved.id]);
    const entry = savedIn(after, saved.id)!;
    expect(entry.stamp).toBeGreaterThan(stampBefore);
    expect(entry.stamp).toBeGreaterThan(before.cursor);
    expect(entry.snapshot!.products.find((p) => p.id === gelato.id)?.pricePerUnit).toBe('1500.00');
    expect(entry.snapshot!.products.find((p) => p.id === kush.id)?.pricePerUnit).toBe('20.00');
    // The entry's own fields did not change: what the buyer last saw is older than the menu now.
    expect(entry.lastSeenStamp).toBeLessThan(entry.stamp);
  });

  it('going out of stock, a menu edit and a seller rename each bring it again with a higher stamp', async () => {
    const changes: Array<[string, () => Promise<unknown>, (entry: SavedMenuListItem) => void]> = [
      [
        'out of stock',
        () => t.ok('PUT', `/api/products/${kush.id}`, seller.token, { availableQuantity: '0' }),
        (entry) => expect(entry.snapshot!.products.find((p) => p.id === kush.id)?.availableQuantity).toBe('0.000'),
      ],
      [
        'new product on the menu',
        () => t.ok('PUT', `/api/menus/${menu.id}`, seller.token, { productIds: [gelato.id, kush.id, unpriced.id, offMenu.id] }),
        (entry) => {
          expect(entry.snapshot!.products.map((p) => p.id)).toEqual([gelato.id, kush.id, unpriced.id, offMenu.id]);
          expect(entry.menu.productCount).toBe(4);
        },
      ],
      [
        'menu renamed',
        () => t.ok('PUT', `/api/menus/${menu.id}`, seller.token, { name: 'Fall Harvest II' }),
        (entry) => expect([entry.menu.name, entry.snapshot!.menu.name]).toEqual(['Fall Harvest II', 'Fall Harvest II']),
      ],
      [
        'seller renamed',
        () => t.ok('PUT', '/api/auth/user', seller.token, { businessName: 'Hilltop Gardens Co' }),
        (entry) => expect([entry.menu.sellerBusinessName, entry.snapshot!.seller.businessName]).toEqual(['Hilltop Gardens Co', 'Hilltop Gardens Co']),
      ],
    ];
    for (const [what, change, check] of changes) {
      const before = await phone.pull(0);
      await change();
      const after = await phone.pull(before.cursor);
      const entry = savedIn(after, saved.id);
      expect(entry, what).toBeDefined();
      expect(entry!.stamp, what).toBeGreaterThan(savedIn(before, saved.id)!.stamp);
      check(entry!);
    }
  });

  it('savedMenu.markSeen sets lastSeenStamp and never moves it backwards', async () => {
    const before = await phone.pull(0);
    const stamp = savedIn(before, saved.id)!.stamp;
    await phone.pushOk('savedMenu.markSeen', { id: saved.id, stamp });
    const seen = await phone.pull(before.cursor);
    expect(savedIn(seen, saved.id)).toMatchObject({ lastSeenStamp: stamp, stamp });
    expect((await row(saved.id))?.lastSeenStamp).toBe(stamp);

    // An older look (a device that was offline) is accepted but changes nothing.
    await phone.pushOk('savedMenu.markSeen', { id: saved.id, stamp: stamp - 1 });
    await phone.pushOk('savedMenu.markSeen', { id: saved.id, stamp: 0 });
    expect((await row(saved.id))?.lastSeenStamp).toBe(stamp);
    expect(savedIn(await phone.pull(0), saved.id)?.lastSeenStamp).toBe(stamp);

    // A later change makes it "changed since" again: the stamp passes what was seen.
    await t.ok('PUT', `/api/products/${kush.id}`, seller.token, { availableQuantity: '40' });
    const changed = savedIn(await phone.pull(seen.cursor), saved.id)!;
    expect(changed.stamp).toBeGreaterThan(changed.lastSeenStamp);
    await phone.pushOk('savedMenu.markSeen', { id: saved.id, stamp: changed.stamp });
    expect((await row(saved.id))?.lastSeenStamp).toBe(changed.stamp);

    const bad = await phone.push('savedMenu.markSeen', { id: saved.id, stamp: -1 });
    expect(bad).toMatchObject({ outcome: 'refused', reason: 'validation' });
    expect((await row(saved.id))?.lastSeenStamp).toBe(changed.stamp);
  });

  it('savedMenu.update sets notes, tags and the favourite, naming only the fields it changes', async () => {
    await phone.pushOk('savedMenu.update', { id: saved.id, changes: { notes: '  Call Tuesday about the lb price  ' } });
    expect(await row(saved.id)).toMatchObject({ notes: 'Call Tuesday about the lb price', tags: [], isFavorite: false });

    await phone.pushOk('savedMenu.update', { id: saved.id, changes: { tags: [' indoor ', 'indoor', 'top shelf', 'Top Shelf', 'top shelf '] } });
    expect(await row(saved.id)).toMatchObject({ notes: 'Call Tuesday about the lb price', tags: ['indoor', 'top shelf', 'Top Shelf'], isFavorite: false });

    await phone.pushOk('savedMenu.update', { id: saved.id, changes: { isFavorite: true } });
    expect(await row(saved.id)).toMatchObject({ notes: 'Call Tuesday about the lb price', tags: ['indoor', 'top shelf', 'Top Shelf'], isFavorite: true });

    const before = await phone.pull(0);
    await phone.pushOk('savedMenu.update', { id: saved.id, changes: { notes: '' } });
    const after = await phone.pull(before.cursor);
    expect(savedIn(after, saved.id)).toMatchObject({ notes: null, tags: ['indoor', 'top shelf', 'Top Shelf'], isFavorite: true });

    const twenty = Array.from({ length: MAX_TAGS }, (_, i) => `tag ${i}`);
    await phone.pushOk('savedMenu.update', { id: saved.id, changes: { tags: twenty } });
    expect((await row(saved.id))?.tags).toEqual(twenty);

    const refusals: Array<[unknown, string]> = [
      [{ tags: [...twenty, 'one too many'] }, `At most ${MAX_TAGS} tags`],
      [{ tags: ['   '] }, 'A tag cannot be empty'],
      [{ tags: ['x'.repeat(41)] }, 'A tag must be at most 40 characters'],
      [{ isFavorite: 'yes' }, ''],
      [{ notes: 'n'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    ];
    for (const [changes, message] of refusals) {
      const result = await phone.push('savedMenu.update', { id: saved.id, changes });
      expect(result, JSON.stringify(changes)).toMatchObject({ outcome: 'refused', reason: 'validation' });
      if (message) expect(result.message).toContain(message);
    }
    expect(await row(saved.id)).toMatchObject({ notes: null, tags: twenty, isFavorite: true });

    await phone.pushOk('savedMenu.update', { id: saved.id, changes: { tags: [], isFavorite: false, notes: 'Reorder in spring' } });
    expect(await row(saved.id)).toMatchObject({ notes: 'Reorder in spring', tags: [], isFavorite: false });
  });

  it('savedMenu.save by push keeps the server its own snapshot, not the one the device sent', async () => {
    const second = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Winter Cure', isPublic: false, productIds: [kush.id] }, 201);
    const before = await phone.pull(0);
    const id = randomUUID();
    const forged = structuredClone(savedIn(before, saved.id)!.snapshot!);
    forged.menu = { ...forged.menu, id: second.id, name: 'Forged' };
    await phone.pushOk('savedMenu.save', { id, menuId: second.id, publicLinkId: second.publicLinkId, snapshot: forged });
    const entry = savedIn(await phone.pull(before.cursor), id)!;
    expect(entry.snapshot!.menu.name).toBe('Winter Cure');
    expect(entry.snapshot!.products.map((p) => [p.id, p.pricePerUnit])).toEqual([[kush.id, '20.00']]);
    // Saving counts as seeing the menu as it is at that moment.
    expect(entry.lastSeenStamp).toBe(entry.stamp);
  });

  describe('another buyer', () => {
    it('cannot update, markSeen or remove my saved menu (refused not_found), and it stays as it was', async () => {
      const theirPhone = device(otherBuyer);
      const mine = (await row(saved.id))!;
      for (const [name, args] of [
        ['savedMenu.update', { id: saved.id, changes: { notes: 'mine now', isFavorite: true } }],
        ['savedMenu.markSeen', { id: saved.id, stamp: 999_999 }],
        ['savedMenu.remove', { id: saved.id }],
      ] as Array<[MutationName, unknown]>) {
        expect(await theirPhone.push(name, args), name).toMatchObject({ outcome: 'refused', reason: 'not_found', message: 'Saved menu not found' });
      }
      expect(await row(saved.id)).toEqual(mine);
      expect((await t.request('DELETE', `/api/saved-menus/${saved.id}`, { token: otherBuyer.token })).status).toBe(404);
      expect(await row(saved.id)).toEqual(mine);
    });

    it('never sees it in their pull, even when they save the same menu', async () => {
      const theirPhone = device(otherBuyer);
      const empty = await theirPhone.pull(0);
      expect(empty.savedMenus).toEqual([]);
      const theirs = await t.ok<SavedMenu>('POST', '/api/saved-menus', otherBuyer.token, { menuId: menu.id }, 201);
      expect(theirs.id).not.toBe(saved.id);
      await device(buyer).pushOk('savedMenu.update', { id: saved.id, changes: { notes: 'private note' } });
      const pulls = [await theirPhone.pull(0), await theirPhone.pull(empty.cursor)];
      for (const pull of pulls) {
        expect(pull.savedMenus.map((entry) => entry.id)).toEqual([theirs.id]);
        expect(pull.savedMenus[0]).toMatchObject({ buyerUserId: otherBuyer.user.id, notes: null });
        expect(JSON.stringify(pull)).not.toContain('private note');
      }
      // And the seller's pull carries nobody's saved menus.
      expect((await device(seller).pull(0)).savedMenus).toEqual([]);
      // A seller may not run buyer mutations at all.
      expect(await device(seller).push('savedMenu.update', { id: saved.id, changes: { notes: 'x' } })).toMatchObject({
        outcome: 'refused',
        reason: 'forbidden',
      });
    });
  });

  it('removing it leaves a tombstone in my pull only', async () => {
    const before = await phone.pull(0);
    const theirs = await device(otherBuyer).pull(0);
    await phone.pushOk('savedMenu.remove', { id: saved.id });
    expect(await row(saved.id)).toBeUndefined();
    const after = await phone.pull(before.cursor);
    expect(after.deleted).toContainEqual({ entity: 'savedMenu', id: saved.id });
    expect(savedIn(after, saved.id)).toBeUndefined();
    expect((await device(otherBuyer).pull(theirs.cursor)).deleted).toEqual([]);
    expect(await phone.push('savedMenu.markSeen', { id: saved.id, stamp: 1 })).toMatchObject({ outcome: 'refused', reason: 'not_found' });
  });
});

describe('a private-link menu', () => {
  it('is saved only with its current link, and a regenerated link ends the saved copy', async () => {
    const secret = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Partners only', productIds: [kush.id] }, 201);
    const byIdAlone = await t.request<ErrorBody>('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: secret.id } });
    expect(byIdAlone.status).toBe(404);
    const withLink = await t.request<SavedMenu>('POST', '/api/saved-menus', {
      token: buyer.token,
      body: { menuId: secret.id, publicLinkId: secret.publicLinkId },
    });
    expect(withLink.status).toBe(201);

    const phone = device(buyer);
    const before = await phone.pull(0);
    expect(savedIn(before, withLink.body.id)!.snapshot!.menu.name).toBe('Partners only');

    await t.ok('POST', `/api/menus/${secret.id}/regenerate-link`, seller.token, {}, 200);
    const after = savedIn(await phone.pull(before.cursor), withLink.body.id)!;
    expect(after.snapshot).toBeNull();
    expect(after.menu.publicLinkId).toBe('');
    expect(JSON.stringify(after)).not.toContain(kush.id);
  });
});
