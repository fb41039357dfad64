/**
 * Every image address a person sets (a product's photo, the profile photo,
 * the menu cover) names one of their own uploads on this server, over REST
 * and sync alike, so a public menu never loads another site's pixel; and a
 * row holding another address from before is never shown on a public page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowsePage } from '../../sync/entities/browse';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import type { PushResponse } from '../../sync/contract/protocol';
import type { App } from '../app';
import { setProductCover } from '../db/repositories/products';
import { updateUser } from '../db/repositories/users';
import { siteWithShell } from '../testing/site-with-shell';
import { createTestApp, type TestApp } from '../testing/test-app';
import { files, upload } from './upload-test-support';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Wholesale Menus</title></head><body><div id="root"></div></body></html>';

/** Addresses that are not one of this server's uploads: another site's (a tracking pixel), scripts, inline data, paths elsewhere. */
const FOREIGN = [
  'https://tracker.example/pixel.gif',
  'http://tracker.example/pixel.gif',
  '//tracker.example/pixel.gif',
  `https://tracker.example/uploads/${'a'.repeat(64)}.jpg`,
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  '/uploads/../app.db',
  `/uploads/${'a'.repeat(64)}.pdf`,
  '/demo/great-lakes-logo.svg',
];

/** Each field a person sets an image address in, as a REST body and a pushed mutation. */
const FIELDS = [
  {
    field: 'photoUrl',
    message: 'Photo URL must be a photo uploaded here',
    rest: (t: TestApp, token: string, address: string) => t.request<ErrorBody>('POST', '/api/products', { token, body: { strainName: 'Pixel', photoUrl: address } }),
    mutation: (address: string): [MutationName, unknown] => ['product.create', { id: randomUUID(), strainName: 'Pixel', photoUrl: address }],
  },
  {
    field: 'profileImageUrl',
    message: 'Profile image URL must be a photo uploaded here',
    rest: (t: TestApp, token: string, address: string) => t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { profileImageUrl: address } }),
    mutation: (address: string): [MutationName, unknown] => ['profile.update', { profileImageUrl: address }],
  },
  {
    field: 'menuCoverUrl',
    message: 'Menu cover image must be a photo uploaded here',
    rest: (t: TestApp, token: string, address: string) => t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { menuCoverUrl: address } }),
    mutation: (address: string): [MutationName, unknown] => ['profile.update', { menuCoverUrl: address }],
  },
] as const;

let t: TestApp;
let site: App;
let seller: AuthResponse;
let otherSeller: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  site = siteWithShell(t, INDEX_HTML);
  seller = await t.registerUser('seller', { businessName: 'Pixel Farms' });
  otherSeller = await t.registerUser('seller');
});
afterAll(() => t.close());

/** One device per account, as a person's phone: each push its next mutation. */
const devices = new Map<string, { clientId: string; seq: number }>();

/** The outcome of one mutation pushed by the account's device, without its sequence number. */
async function push(token: string, name: MutationName, args: unknown) {
  const device = devices.get(token) ?? { clientId: randomUUID(), seq: 0 };
  devices.set(token, device);
  device.seq += 1;
  const res = await t.request<PushResponse>('POST', '/api/sync/push', { token, body: { clientId: device.clientId, mutations: [{ seq: device.seq, name, args }] } });
  expect(res.status).toBe(200);
  const { seq: _seq, ...outcome } = res.body.results[0]!;
  return outcome;
}

const userOf = async (token: string) => (await t.request<User>('GET', '/api/auth/user', { token })).body;
const productCount = async (token: string) => (await t.request<Product[]>('GET', '/api/products', { token })).body.length;

describe('an image address a person sets', () => {
  for (const { field, message, rest, mutation } of FIELDS) {
    it(`is refused for ${field} unless it is an upload here, over REST with a field error and over sync`, async () => {
      const before = { user: await userOf(seller.token), products: await productCount(seller.token) };
      for (const address of FOREIGN) {
        const refused = await rest(t, seller.token, address);
        expect(refused.status, address).toBe(400);
        expect(refused.body.errors?.[field], address).toBe(message);

        const [name, args] = mutation(address);
        expect(await push(seller.token, name, args), address).toEqual({ outcome: 'refused', reason: 'validation', message });
      }
      expect(await userOf(seller.token)).toEqual(before.user);
      expect(await productCount(seller.token)).toBe(before.products);
    });

    it(`is refused for ${field} when it names another account's upload, and taken when it names one's own`, async () => {
      const theirs = (await upload(t, otherSeller.token, { image: files.jpeg(), purpose: 'profile' })).body.url;
      const refused = await rest(t, seller.token, theirs);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[field]).toMatch(/must be one of your own uploads$/);
      const [name, args] = mutation(theirs);
      expect(await push(seller.token, name, args)).toMatchObject({ outcome: 'refused', reason: 'validation' });

      const own = (await upload(t, seller.token, { image: files.png(), purpose: 'profile' })).body.url;
      expect((await rest(t, seller.token, own)).status).toBeLessThan(300);
      const [ownName, ownArgs] = mutation(own);
      expect(await push(seller.token, ownName, ownArgs)).toEqual({ outcome: 'applied' });
    });
  }
});

describe("a row holding another site's image address from before", () => {
  it('never puts it on the public menu, its page, its link preview or Browse', async () => {
    const owner = await t.registerUser('seller', { businessName: 'Old Rows Farms' });
    const product = (await t.request<Product>('POST', '/api/products', { token: owner.token, body: { strainName: 'Old photo' } })).body;
    const menu = (await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'Old rows', isPublic: true, productIds: [product.id] } })).body;
    await t.services.db.transaction(async (tx) => {
      const now = t.services.now();
      await setProductCover(tx.db, product.id, 'https://tracker.example/product.gif', tx.version, now);
      await updateUser(tx.db, owner.user.id, { profileImageUrl: 'https://tracker.example/logo.gif', menuCoverUrl: 'https://tracker.example/cover.gif' }, tx.version, now);
    });

    const publicMenu = (await t.request<PublicMenu>('GET', `/api/public/menu/${menu.publicLinkId}`)).body;
    expect(publicMenu.products[0]).toMatchObject({ strainName: 'Old photo', photoUrl: null });
    expect(publicMenu.seller).toMatchObject({ businessName: 'Old Rows Farms', logoUrl: null, menuCoverUrl: null });

    const page = await (await site.request(`/menu/${menu.publicLinkId}`)).text();
    expect(page).toContain('Old photo');
    expect(page).not.toContain('tracker.example');

    const browse = (await t.request<BrowsePage>('GET', '/api/browse?q=Old%20rows', { token: (await t.registerUser('buyer')).token })).body;
    expect(browse.items.find((item) => item.menuId === menu.id)).toMatchObject({ name: 'Old rows', coverUrl: null });
  });
});
