import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import { savedMenuListItemSchema, savedMenuSchema, type SavedMenu, type SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { MENU_NOT_FOUND_MESSAGE } from '../public-menu/public-menu-service';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let menus: Menu[];

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
  otherBuyer = await t.registerUser('buyer');
  menus = [];
  for (const name of ['One', 'Two', 'Three']) {
    menus.push((await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name, isPublic: true } })).body);
  }
});
afterAll(() => t.close());

const list = async (token: string) => {
  const res = await t.request<SavedMenuListItem[]>('GET', '/api/saved-menus', { token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('POST /api/saved-menus', () => {
  it('saves a menu (201), and saving it again answers 200 with the same entry', async () => {
    const first = await t.request<SavedMenu>('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menus[0]!.id } });
    expect(first.status).toBe(201);
    expect(savedMenuSchema.parse(first.body)).toMatchObject({
      buyerUserId: buyer.user.id,
      menuId: menus[0]!.id,
      isFavorite: false,
      notes: null,
      tags: [],
    });
    const again = await t.request<SavedMenu>('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menus[0]!.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await list(buyer.token)).filter((s) => s.menuId === menus[0]!.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown menu and 400 for a missing or malformed id', async () => {
    const unknown = await t.request<ErrorBody>('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: randomUUID() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MENU_NOT_FOUND_MESSAGE);
    for (const body of [{}, { menuId: 'not-a-uuid' }]) {
      const res = await t.request<ErrorBody>('POST', '/api/saved-menus', { token: buyer.token, body });
      expect(res.status).toBe(400);
      expect(res.body.errors?.menuId).toBeDefined();
    }
  });
});

describe('GET /api/saved-menus', () => {
  it("lists the buyer's own saved menus with menuId and isFavorite", async () => {
    await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menus[1]!.id } });
    await t.request('POST', '/api/saved-menus', { token: otherBuyer.token, body: { menuId: menus[2]!.id } });
    const mine = await list(buyer.token);
    expect(mine.map((s) => s.menuId).sort()).toEqual([menus[0]!.id, menus[1]!.id].sort());
    for (const saved of mine) {
      expect(savedMenuListItemSchema.parse(saved)).toEqual(saved);
      expect(saved.buyerUserId).toBe(buyer.user.id);
      expect(saved.isFavorite).toBe(false);
      const menu = menus.find((m) => m.id === saved.menuId)!;
      expect(saved.menu).toMatchObject({ name: menu.name, publicLinkId: menu.publicLinkId, productCount: 0 });
    }
    const theirs = await list(otherBuyer.token);
    expect(theirs.map((s) => s.menuId)).toEqual([menus[2]!.id]);
  });
});

describe('DELETE /api/saved-menus/:id', () => {
  it("refuses another buyer's saved menu with 404 and keeps it", async () => {
    const [theirs] = await list(otherBuyer.token);
    const res = await t.request<ErrorBody>('DELETE', `/api/saved-menus/${theirs!.id}`, { token: buyer.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Saved menu not found');
    expect((await list(otherBuyer.token)).map((s) => s.id)).toEqual([theirs!.id]);
  });

  it("removes the buyer's own entry (204), then 404", async () => {
    const saved = (await list(buyer.token)).find((s) => s.menuId === menus[1]!.id)!;
    const res = await t.request('DELETE', `/api/saved-menus/${saved.id}`, { token: buyer.token });
    expect(res.status).toBe(204);
    expect((await list(buyer.token)).map((s) => s.id)).not.toContain(saved.id);
    expect((await t.request('DELETE', `/api/saved-menus/${saved.id}`, { token: buyer.token })).status).toBe(404);
  });

  it("refuses an id another buyer's saved entry already has with 409 (not a 500), by REST and by sync push", async () => {
    const theirs = (await list(otherBuyer.token))[0] ?? (await t.request<SavedMenu>('POST', '/api/saved-menus', { token: otherBuyer.token, body: { menuId: menus[2]!.id } })).body;
    const res = await t.request<ErrorBody>('POST', '/api/saved-menus', { token: buyer.token, body: { id: theirs.id, menuId: menus[2]!.id } });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('conflict');
    const pushed = await t.request<{ results: Array<{ outcome: string; reason?: string }> }>('POST', '/api/sync/push', {
      token: buyer.token,
      body: { clientId: randomUUID(), mutations: [{ seq: 1, name: 'savedMenu.save', args: { id: theirs.id, menuId: menus[2]!.id } }] },
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'conflict' });
    expect((await list(otherBuyer.token)).map((s) => s.id)).toContain(theirs.id);
  });

  it('drops saved entries when the seller deletes the menu', async () => {
    const menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Short lived', isPublic: true } })).body;
    await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menu.id } });
    expect((await list(buyer.token)).map((s) => s.menuId)).toContain(menu.id);
    await t.request('DELETE', `/api/menus/${menu.id}`, { token: seller.token });
    expect((await list(buyer.token)).map((s) => s.menuId)).not.toContain(menu.id);
  });
});
