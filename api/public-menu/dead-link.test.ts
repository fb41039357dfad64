/**
 * A menu link that expired, was regenerated or never existed is dead on every
 * path a buyer takes through it: messages, order requests, messages in an
 * earlier conversation about the menu and saving it are refused as the menu
 * API refuses the link (404, or a sync refusal, `not_found`), before anything
 * about the menu's products is checked; and a saved copy of such a menu keeps
 * the buyer's notes and nothing of the menu as it is now.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { SavedMenu, SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { inquiries, inquiryMessages, savedMenus } from '../db/schema';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';
import { MENU_NOT_FOUND_MESSAGE } from './public-menu-service';

const BASE = Date.parse('2031-06-02T09:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let scarce: Product;
/** Menus whose link dies, as they were while it lived. */
let menus: Record<'expiredPublic' | 'expiredPrivate' | 'regeneratedPrivate' | 'regeneratedPublic', Menu>;
/** The buyer's conversation and saved copy of each menu, made while its link lived. */
const conversations: Record<string, Inquiry> = {};
const copies: Record<string, SavedMenu> = {};
const NOTES = 'Ask Dana about the fall lots';

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(BASE) });
  seller = await t.registerUser('seller', { businessName: 'Show Floor Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  otherBuyer = await t.registerUser('buyer');
  scarce = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Scarce Kush', pricePerUnit: '10', lotSize: 5, availableQuantity: '1' }, 201);
  const inAnHour = new Date(BASE + HOUR_MS).toISOString();
  const create = (body: Record<string, unknown>) => t.ok<Menu>('POST', '/api/menus', seller.token, { productIds: [scarce.id], ...body }, 201);
  menus = {
    expiredPublic: await create({ name: 'Trade Show Only', description: 'Show prices this week', isPublic: true, linkExpiresAt: inAnHour }),
    expiredPrivate: await create({ name: 'Show Floor VIP', description: 'For the VIP room', linkExpiresAt: inAnHour }),
    regeneratedPrivate: await create({ name: 'Partners Only', description: 'Old partners price list' }),
    regeneratedPublic: await create({ name: 'Open List', isPublic: true }),
  };

  for (const key of ['expiredPublic', 'expiredPrivate', 'regeneratedPrivate'] as const) {
    const menu = menus[key];
    const link = { menuId: menu.id, publicLinkId: menu.publicLinkId };
    conversations[key] = await t.ok<Inquiry>('POST', '/api/inquiries', buyer.token, { id: randomUUID(), ...link, kind: 'message', message: 'Hello' }, 201);
    copies[key] = await t.ok<SavedMenu>('POST', '/api/saved-menus', buyer.token, link, 201);
    expect(await syncDevice(t, buyer.token).push('savedMenu.update', { id: copies[key].id, changes: { notes: NOTES } })).toMatchObject({ outcome: 'applied' });
  }

  t.clock.advance(HOUR_MS + 1000);
  await t.ok('POST', `/api/menus/${menus.regeneratedPrivate.id}/regenerate-link`, seller.token);
  await t.ok('POST', `/api/menus/${menus.regeneratedPublic.id}/regenerate-link`, seller.token);
});
afterAll(() => t.close());

/** What the buyer's requests name: the menu and the link they opened it by. */
const DEAD_LINKS: Array<[string, () => { menuId: string; publicLinkId?: string }]> = [
  ['an expired link (public-listing menu)', () => ({ menuId: menus.expiredPublic.id, publicLinkId: menus.expiredPublic.publicLinkId })],
  ['no link to a public-listing menu whose link expired', () => ({ menuId: menus.expiredPublic.id })],
  ['an expired link (private-link menu)', () => ({ menuId: menus.expiredPrivate.id, publicLinkId: menus.expiredPrivate.publicLinkId })],
  ['a regenerated link (private-link menu)', () => ({ menuId: menus.regeneratedPrivate.id, publicLinkId: menus.regeneratedPrivate.publicLinkId })],
  ['a regenerated link (public-listing menu)', () => ({ menuId: menus.regeneratedPublic.id, publicLinkId: menus.regeneratedPublic.publicLinkId })],
  ['an unknown link', () => ({ menuId: randomUUID(), publicLinkId: randomUUID() })],
];

/** A message and order requests that the product checks would refuse too: an unknown product, below the lot size and above stock. */
const requestsThrough = (link: { menuId: string; publicLinkId?: string }) => [
  { id: randomUUID(), ...link, kind: 'message', message: 'About this one?', productId: randomUUID() },
  { id: randomUUID(), ...link, kind: 'order', items: [{ productId: scarce.id, quantity: '2' }] },
  { id: randomUUID(), ...link, kind: 'order', items: [{ productId: randomUUID(), quantity: '1' }] },
];

const inquiryRows = (id: string) => t.services.db.read.select().from(inquiries).where(eq(inquiries.id, id)).all();
const messageCount = async (inquiryId: string) => (await t.services.db.read.select().from(inquiryMessages).where(eq(inquiryMessages.inquiryId, inquiryId)).all()).length;

describe('a dead menu link', () => {
  it('lets the product checks speak only through a live link', async () => {
    const live = await t.ok<Menu>('GET', `/api/menus/${menus.regeneratedPublic.id}`, seller.token);
    for (const body of requestsThrough({ menuId: live.id, publicLinkId: live.publicLinkId })) {
      const res = await t.request<ErrorBody>('POST', '/api/inquiries', { token: buyer.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.reason).toBe('validation');
    }
  });

  it.each(DEAD_LINKS)('refuses messages and order requests through %s as not found, over REST and sync, storing nothing', async (_what, link) => {
    const phone = syncDevice(t, buyer.token);
    for (const body of requestsThrough(link())) {
      const res = await t.request<ErrorBody>('POST', '/api/inquiries', { token: buyer.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body).toMatchObject({ reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
      const pushed = { ...body, id: randomUUID() };
      expect(await phone.push('inquiry.create', pushed)).toMatchObject({ outcome: 'refused', reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
      expect(await inquiryRows(body.id)).toEqual([]);
      expect(await inquiryRows(pushed.id)).toEqual([]);
    }
  });

  it.each(DEAD_LINKS)('refuses saving a menu through %s as not found, over REST and sync, storing nothing', async (_what, link) => {
    const rest = await t.request<ErrorBody>('POST', '/api/saved-menus', { token: otherBuyer.token, body: link() });
    expect(rest.status).toBe(404);
    expect(rest.body).toMatchObject({ reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
    const pushed = await syncDevice(t, otherBuyer.token).push('savedMenu.save', { id: randomUUID(), ...link() });
    expect(pushed).toMatchObject({ outcome: 'refused', reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
    const saved = await t.services.db.read
      .select()
      .from(savedMenus)
      .where(and(eq(savedMenus.buyerUserId, otherBuyer.user.id), eq(savedMenus.menuId, link().menuId)))
      .all();
    expect(saved).toEqual([]);
  });

  it.each([
    ['expired', 'expiredPublic'],
    ['expired (private-link menu)', 'expiredPrivate'],
    ['was regenerated (private-link menu)', 'regeneratedPrivate'],
  ] as const)("refuses the buyer's messages in an earlier conversation about a menu whose link %s; the seller still answers", async (_what, key) => {
    const conversation = conversations[key]!;
    const before = await messageCount(conversation.id);
    const rest = await t.request<ErrorBody>('POST', `/api/inquiries/${conversation.id}/messages`, { token: buyer.token, body: { id: randomUUID(), body: 'Still there?' } });
    expect(rest.status).toBe(404);
    expect(rest.body).toMatchObject({ reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
    const pushed = await syncDevice(t, buyer.token).push('inquiry.reply', { id: randomUUID(), inquiryId: conversation.id, body: 'Still there?' });
    expect(pushed).toMatchObject({ outcome: 'refused', reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
    expect(await messageCount(conversation.id)).toBe(before);

    await t.ok('POST', `/api/inquiries/${conversation.id}/messages`, seller.token, { id: randomUUID(), body: 'That list has ended, here is the new one.' }, 201);
    expect(await messageCount(conversation.id)).toBe(before + 1);
  });

  it("keeps a buyer's conversation about a public-listing menu given a new link: Browse still reaches the menu", async () => {
    const link = { menuId: menus.regeneratedPublic.id };
    const conversation = await t.ok<Inquiry>('POST', '/api/inquiries', buyer.token, { id: randomUUID(), ...link, kind: 'message', message: 'Hello' }, 201);
    await t.ok('POST', `/api/menus/${menus.regeneratedPublic.id}/regenerate-link`, seller.token);
    await t.ok('POST', `/api/inquiries/${conversation.id}/messages`, buyer.token, { id: randomUUID(), body: 'Found you again' }, 201);
  });
});

describe('a saved copy of a menu whose link died', () => {
  const DEAD_COPIES = [
    ['expired', 'expiredPublic'],
    ['expired (private-link menu)', 'expiredPrivate'],
    ['was regenerated (private-link menu)', 'regeneratedPrivate'],
  ] as const;

  it.each(DEAD_COPIES)('carries neither the name nor the description of a menu whose link %s, and keeps the notes', async (_what, key) => {
    const menu = menus[key];
    const listed = (await t.ok<SavedMenuListItem[]>('GET', '/api/saved-menus', buyer.token)).find((item) => item.id === copies[key]!.id);
    const pulled = (await syncDevice(t, buyer.token).pull()).savedMenus.find((item) => item.id === copies[key]!.id);
    for (const item of [listed, pulled]) {
      expect(item).toMatchObject({ menuId: menu.id, notes: NOTES, snapshot: null, menu: { name: '', description: null, publicLinkId: '', productCount: 0 } });
      const text = JSON.stringify(item);
      expect(text).not.toContain(menu.name);
      expect(text).not.toContain(menu.description!);
      expect(text).not.toContain(scarce.strainName);
    }
  });

  it('is sent again without them by the pull after its link was regenerated', async () => {
    const phone = syncDevice(t, buyer.token);
    const menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Friends and Family', description: 'Friends price list', productIds: [scarce.id] }, 201);
    const copy = await t.ok<SavedMenu>('POST', '/api/saved-menus', buyer.token, { menuId: menu.id, publicLinkId: menu.publicLinkId }, 201);
    const before = await phone.pull();
    expect(before.savedMenus.find((item) => item.id === copy.id)?.menu.name).toBe('Friends and Family');

    await t.ok('POST', `/api/menus/${menu.id}/regenerate-link`, seller.token);
    const after = (await phone.pull(before.cursor)).savedMenus.find((item) => item.id === copy.id);
    expect(after).toMatchObject({ snapshot: null, menu: { name: '', description: null } });
    expect(JSON.stringify(after)).not.toContain('Friends');
  });
});
