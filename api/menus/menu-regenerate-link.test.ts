/**
 * Regenerating a menu's public link, through POST /api/menus/:id/regenerate-link
 * and through the 'menu.regenerateLink' sync mutation: the owner only, the old
 * link stops working at once, the new one works, a taken link id is a conflict,
 * and a pull hands the device the menu with its new link.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuSchema, type Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { pullResponseSchema, pushResponseSchema, type PushResponse } from '../../sync/contract/protocol';
import { MENU_NOT_FOUND_MESSAGE } from '../public-menu/public-menu-service';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let buyer: AuthResponse;
let products: Product[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Link Farms' });
  otherSeller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
  products = [];
  for (const strainName of ['Alpha', 'Bravo', 'Charlie']) {
    const res = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName } });
    expect(res.status).toBe(201);
    products.push(res.body);
  }
});
afterAll(() => t.close());

async function createMenu(token: string, body: Record<string, unknown> = {}): Promise<Menu> {
  const res = await t.request<Menu>('POST', '/api/menus', { token, body: { name: 'Shared too widely', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const regenerate = (token: string, id: string, body?: unknown) => t.request<Menu & ErrorBody>('POST', `/api/menus/${id}/regenerate-link`, { token, body });

const publicMenu = (linkId: string) => t.request<PublicMenu & ErrorBody>('GET', `/api/public/menu/${linkId}`);

async function expectLinkGone(linkId: string) {
  const res = await publicMenu(linkId);
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
}

/** One device of one account: pushes one mutation at a time with increasing sequence numbers. */
function device(account: AuthResponse) {
  const clientId = randomUUID();
  let seq = 0;
  return {
    async push(name: string, args: unknown): Promise<PushResponse['results'][number]> {
      seq += 1;
      const res = await t.request<PushResponse>('POST', '/api/sync/push', {
        token: account.token,
        body: { clientId, mutations: [{ seq, name, args }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = pushResponseSchema.parse(res.body);
      expect(body.lastProcessedSeq).toBe(seq);
      return body.results[0]!;
    },
    async pull(cursor: number) {
      const res = await t.request('GET', `/api/sync/pull?cursor=${cursor}&clientId=${clientId}`, { token: account.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return pullResponseSchema.parse(res.body);
    },
  };
}

describe('POST /api/menus/:id/regenerate-link', () => {
  it('gives the menu a new link (made by the server when none is sent); the old link answers 404 and the new one the menu', async () => {
    const menu = await createMenu(seller.token, { description: 'Fresh', productIds: [products[2]!.id, products[0]!.id] });
    expect((await publicMenu(menu.publicLinkId)).status).toBe(200);

    const res = await regenerate(seller.token, menu.id);
    expect(res.status).toBe(200);
    const updated = menuSchema.parse(res.body);
    expect(updated.publicLinkId).toMatch(UUID);
    expect(updated.publicLinkId).not.toBe(menu.publicLinkId);
    // Everything else stays as it was.
    expect(updated).toMatchObject({
      id: menu.id,
      name: menu.name,
      description: 'Fresh',
      isPublic: false,
      productIds: menu.productIds,
      createdAt: menu.createdAt,
    });

    await expectLinkGone(menu.publicLinkId);
    const fresh = await publicMenu(updated.publicLinkId);
    expect(fresh.status).toBe(200);
    expect(fresh.body.menu).toMatchObject({ id: menu.id, publicLinkId: updated.publicLinkId });
    expect(fresh.body.products.map((p) => p.strainName)).toEqual(['Charlie', 'Alpha']);
    expect(fresh.body.seller.businessName).toBe('Link Farms');

    expect((await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token })).body).toEqual(updated);
  });

  it('uses the link id the caller made, and accepts an empty JSON object', async () => {
    const menu = await createMenu(seller.token);
    const linkId = randomUUID();
    const res = await regenerate(seller.token, menu.id, { publicLinkId: linkId });
    expect(res.status).toBe(200);
    expect(res.body.publicLinkId).toBe(linkId);
    expect((await publicMenu(linkId)).status).toBe(200);
    await expectLinkGone(menu.publicLinkId);

    const again = await regenerate(seller.token, menu.id, {});
    expect(again.status).toBe(200);
    expect(again.body.publicLinkId).not.toBe(linkId);
    await expectLinkGone(linkId);
  });

  it("answers 404 for another seller's menu or an unknown one, changing nothing", async () => {
    const theirs = await createMenu(otherSeller.token, { name: 'Not yours' });
    for (const id of [theirs.id, randomUUID(), 'not-an-id']) {
      const res = await regenerate(seller.token, id, { publicLinkId: randomUUID() });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ reason: 'not_found', message: 'Menu not found' });
    }
    expect((await t.request<Menu>('GET', `/api/menus/${theirs.id}`, { token: otherSeller.token })).body).toEqual(theirs);
    expect((await publicMenu(theirs.publicLinkId)).status).toBe(200);
  });

  it('refuses a link id another menu (or this one) already has with 409, keeping the old link', async () => {
    const mine = await createMenu(seller.token);
    const theirs = await createMenu(otherSeller.token);
    for (const taken of [theirs.publicLinkId, mine.publicLinkId]) {
      const res = await regenerate(seller.token, mine.id, { publicLinkId: taken });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ reason: 'conflict', message: 'A menu with this link already exists' });
    }
    expect((await t.request<Menu>('GET', `/api/menus/${mine.id}`, { token: seller.token })).body).toEqual(mine);
    expect((await publicMenu(mine.publicLinkId)).body.menu.id).toBe(mine.id);
    expect((await publicMenu(theirs.publicLinkId)).body.menu.id).toBe(theirs.id);
  });

  it('refuses a malformed link id or body with 400', async () => {
    const menu = await createMenu(seller.token);
    for (const body of [{ publicLinkId: 'nope' }, { publicLinkId: 42 }, [], 'text']) {
      const res = await regenerate(seller.token, menu.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.reason).toBe('validation');
    }
    const broken = await t.request<ErrorBody>('POST', `/api/menus/${menu.id}/regenerate-link`, {
      token: seller.token,
      body: '{ not json',
    });
    expect(broken.status).toBe(400);
    expect((await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: seller.token })).body).toEqual(menu);
  });

  it('refuses a buyer with 403 and an anonymous caller with 401', async () => {
    const menu = await createMenu(seller.token);
    const asBuyer = await regenerate(buyer.token, menu.id);
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.reason).toBe('forbidden');
    const anonymous = await t.request<ErrorBody>('POST', `/api/menus/${menu.id}/regenerate-link`);
    expect(anonymous.status).toBe(401);
    expect((await publicMenu(menu.publicLinkId)).status).toBe(200);
  });

  it('refuses a seller whose trial has ended, like any other menu edit', async () => {
    const local = createTestApp();
    try {
      const late = await local.registerUser('seller');
      const res = await local.request<Menu>('POST', '/api/menus', { token: late.token, body: { name: 'Before expiry' } });
      expect(res.status).toBe(201);
      local.clock.advance(15 * DAY_MS);
      const refused = await local.request<ErrorBody>('POST', `/api/menus/${res.body.id}/regenerate-link`, { token: late.token });
      expect(refused.status).toBe(402);
      expect(refused.body.reason).toBe('subscription_required');
    } finally {
      local.close();
    }
  });
});

describe("the 'menu.regenerateLink' sync mutation", () => {
  it('applies the device-made link: the old link answers 404, the new one works, and a pull brings the menu with it', async () => {
    const phone = device(seller);
    const menu = { id: randomUUID(), publicLinkId: randomUUID(), name: 'Made on the phone', productIds: [products[1]!.id] };
    expect(await phone.push('menu.create', menu)).toEqual({ seq: 1, outcome: 'applied' });
    const before = await phone.pull(0);
    expect(before.menus.find((m) => m.id === menu.id)?.publicLinkId).toBe(menu.publicLinkId);

    const newLink = randomUUID();
    expect(await phone.push('menu.regenerateLink', { id: menu.id, publicLinkId: newLink })).toEqual({ seq: 2, outcome: 'applied' });

    await expectLinkGone(menu.publicLinkId);
    const fresh = await publicMenu(newLink);
    expect(fresh.status).toBe(200);
    expect(fresh.body.products.map((p) => p.strainName)).toEqual(['Bravo']);

    // The menu's version moved, so an incremental pull hands it over with its new link.
    const after = await phone.pull(before.cursor);
    expect(after.cursor).toBeGreaterThan(before.cursor);
    expect(after.menus.map((m) => [m.id, m.publicLinkId])).toEqual([[menu.id, newLink]]);
    expect(after.lastProcessedSeq).toBe(2);
  });

  it("is refused as not found for another seller's menu, and as a conflict for a taken link id", async () => {
    const theirs = await createMenu(otherSeller.token);
    const mine = await createMenu(seller.token);
    const phone = device(seller);

    const foreign = await phone.push('menu.regenerateLink', { id: theirs.id, publicLinkId: randomUUID() });
    expect(foreign).toMatchObject({ outcome: 'refused', reason: 'not_found', message: 'Menu not found' });
    expect((await publicMenu(theirs.publicLinkId)).status).toBe(200);

    const taken = await phone.push('menu.regenerateLink', { id: mine.id, publicLinkId: theirs.publicLinkId });
    expect(taken).toMatchObject({ outcome: 'refused', reason: 'conflict', message: 'A menu with this link already exists' });
    expect((await publicMenu(mine.publicLinkId)).body.menu.id).toBe(mine.id);
    expect((await publicMenu(theirs.publicLinkId)).body.menu.id).toBe(theirs.id);

    const malformed = await phone.push('menu.regenerateLink', { id: mine.id, publicLinkId: 'nope' });
    expect(malformed).toMatchObject({ outcome: 'refused', reason: 'validation' });
  });

  it('is refused as forbidden for a buyer', async () => {
    const menu = await createMenu(seller.token);
    const result = await device(buyer).push('menu.regenerateLink', { id: menu.id, publicLinkId: randomUUID() });
    expect(result).toMatchObject({ outcome: 'refused', reason: 'forbidden', message: "You don't have permission to do this." });
    expect((await publicMenu(menu.publicLinkId)).status).toBe(200);
  });

  it('a link regenerated twice in one push keeps only the last', async () => {
    const menu = await createMenu(seller.token);
    const [first, second] = [randomUUID(), randomUUID()];
    const clientId = randomUUID();
    const res = await t.request<PushResponse>('POST', '/api/sync/push', {
      token: seller.token,
      body: {
        clientId,
        mutations: [
          { seq: 1, name: 'menu.regenerateLink', args: { id: menu.id, publicLinkId: first } },
          { seq: 2, name: 'menu.regenerateLink', args: { id: menu.id, publicLinkId: second } },
        ],
      },
    });
    expect(res.body.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    await expectLinkGone(menu.publicLinkId);
    await expectLinkGone(first);
    expect((await publicMenu(second)).status).toBe(200);
  });
});
