/** Messages of a team: the team is the party who may read a conversation, the member who wrote each message is its author. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let owner: AuthResponse;
let buyer: AuthResponse;
let menu: Menu;
beforeEach(async () => {
  t = createTestApp();
  owner = await t.registerUser('seller', { businessName: 'Great Lakes Cannabis' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  const product = (await t.request<Product>('POST', '/api/products', { token: owner.token, body: { strainName: 'Blue Dream', pricePerUnit: '1200.00', availableQuantity: '10' } }))
    .body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'Wholesale', isPublic: true, productIds: [product.id] } })).body;
});
afterEach(() => t.close());

const member = (by: AuthResponse, role: 'manager' | 'rep', firstName: string, kind: 'seller' | 'buyer') => t.joinTeam(by, role, { firstName, lastName: 'Lee', kind });

it("records the member who wrote each message, and the other members' devices name them", async () => {
  const rep = await member(owner, 'rep', 'Rita', 'seller');
  const manager = await member(owner, 'manager', 'Max', 'seller');
  const purchaser = await member(buyer, 'manager', 'Pat', 'buyer');
  const asked = await t.request<Inquiry>('POST', '/api/inquiries', {
    token: purchaser.token,
    body: { id: randomUUID(), menuId: menu.id, kind: 'message', message: 'Do you deliver?' },
  });
  expect(asked.status).toBe(201);
  expect(asked.body).toMatchObject({ buyerId: buyer.user.id, sellerName: 'Great Lakes Cannabis' });

  const replyId = randomUUID();
  expect(await syncDevice(t, rep.token).push('inquiry.reply', { id: replyId, inquiryId: asked.body.id, body: 'Yes, on Tuesdays' })).toMatchObject({ outcome: 'applied' });

  const seen = (await t.request<Inquiry>('GET', `/api/inquiries/${asked.body.id}`, { token: buyer.token })).body;
  expect(seen.messages.map((m) => [m.body, m.authorId, m.authorTeamId, m.authorName])).toEqual([
    ['Do you deliver?', purchaser.user.id, buyer.user.id, 'Pat Lee'],
    ['Yes, on Tuesdays', rep.user.id, owner.user.id, 'Rita Lee'],
  ]);
  const pulled = (await syncDevice(t, manager.token).pull()).inquiries.find((inquiry) => inquiry.id === asked.body.id)!;
  expect(pulled.messages.at(-1)).toMatchObject({ id: replyId, authorId: rep.user.id, authorName: 'Rita Lee', authorTeamId: owner.user.id });

  // A reply over REST by another member of the buyer's team is theirs.
  const answered = await t.request<Inquiry>('POST', `/api/inquiries/${asked.body.id}/messages`, { token: buyer.token, body: { id: randomUUID(), body: 'Thanks' } });
  expect(answered.status).toBe(201);
  expect(answered.body.messages.at(-1)).toMatchObject({ authorId: buyer.user.id, authorTeamId: buyer.user.id });
});
