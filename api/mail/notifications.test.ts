import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { startSmtpCatcher, type SmtpCatcher } from './testing/smtp-catcher';

let smtp: SmtpCatcher;
let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let product: Product;
let menu: Menu;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = createTestApp({ env: { SMTP_URL: smtp.url } });
  seller = await t.registerUser('seller', { firstName: 'Sally', businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { firstName: 'Bob', companyName: 'Corner Dispensary' });
  product = (
    await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '100.00', unitType: 'oz', availableQuantity: '10' } })
  ).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Spring List', isPublic: true, productIds: [product.id] } })).body;
  await t.services.mail.deliverDue();
  smtp.messages.length = 0;
});
afterAll(async () => {
  t.close();
  await smtp.stop();
});
afterEach(() => {
  smtp.messages.length = 0;
});

const recipients = (address: string) => smtp.messages.filter((message) => message.to && !Array.isArray(message.to) && message.to.value.some((to) => to.address === address));

async function delivered() {
  await t.services.mail.deliverDue();
  return smtp.messages.map((message) => ({ to: message.to && !Array.isArray(message.to) ? message.to.value[0]!.address : '', subject: message.subject }));
}

const message = (text: string) => t.request<Inquiry>('POST', '/api/inquiries', { token: buyer.token, body: { id: randomUUID(), menuId: menu.id, kind: 'message', message: text } });
const order = () =>
  t.request<Inquiry>('POST', '/api/inquiries', {
    token: buyer.token,
    body: { id: randomUUID(), menuId: menu.id, kind: 'order', items: [{ productId: product.id, quantity: '2' }] },
  });

describe('notification emails', () => {
  it('tell the seller of a new message, once, with what the buyer wrote', async () => {
    expect((await message('Is Gelato still in stock?')).status).toBe(201);
    expect(await delivered()).toEqual([{ to: seller.user.email, subject: 'New message from Corner Dispensary' }]);
    const [mail] = recipients(seller.user.email);
    expect(mail!.text).toContain('Hello Sally,');
    expect(mail!.text).toContain('Is Gelato still in stock?');
    expect(mail!.text).toContain('/inbox');
    expect(await delivered()).toHaveLength(1);
  });

  it('tell the seller of an order request with its total, and the buyer when it is accepted', async () => {
    const request = await order();
    expect(request.status).toBe(201);
    expect(await delivered()).toEqual([{ to: seller.user.email, subject: 'New order request from Corner Dispensary' }]);
    expect(recipients(seller.user.email)[0]!.text).toContain('(total $200.00)');
    smtp.messages.length = 0;

    await t.request('POST', `/api/inquiries/${request.body.id}/status`, { token: seller.token, body: { status: 'accepted' } });
    expect(await delivered()).toEqual([{ to: buyer.user.email, subject: 'Your order request was accepted' }]);
    expect(recipients(buyer.user.email)[0]!.text).toContain('North Star Farms accepted your order request from "Spring List".');
  });

  it("tell the buyer of a seller's reply, and the seller of the buyer's answer", async () => {
    const conversation = (await message('Hello?')).body;
    await delivered();
    smtp.messages.length = 0;
    await t.request('POST', `/api/inquiries/${conversation.id}/messages`, { token: seller.token, body: { id: randomUUID(), body: 'Yes, 10 oz left.' } });
    expect(await delivered()).toEqual([{ to: buyer.user.email, subject: 'North Star Farms replied to you' }]);
    expect(recipients(buyer.user.email)[0]!.text).toContain('Yes, 10 oz left.');
    smtp.messages.length = 0;
    await t.request('POST', `/api/inquiries/${conversation.id}/messages`, { token: buyer.token, body: { id: randomUUID(), body: 'Great, thanks.' } });
    expect(await delivered()).toEqual([{ to: seller.user.email, subject: 'New message from Corner Dispensary' }]);
  });

  it('tell the seller the first time a buyer opens one of their menus, and only the first time', async () => {
    const openMenu = () =>
      t.request('GET', `/api/public/menu/${menu.publicLinkId}`, { token: buyer.token, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36' } });
    expect((await openMenu()).status).toBe(200);
    await t.services.views.flush();
    expect(await delivered()).toEqual([{ to: seller.user.email, subject: 'Corner Dispensary opened your menu "Spring List"' }]);
    expect(recipients(seller.user.email)[0]!.text).toContain(`/menus/${menu.id}/insights`);
    smtp.messages.length = 0;

    t.clock.advance(2 * 60 * 60 * 1000);
    await openMenu();
    await t.services.views.flush();
    expect(await delivered()).toEqual([]);
  });

  it('are not sent for a kind the person turned off, while other kinds still are', async () => {
    await t.request('PUT', '/api/account/notifications', { token: seller.token, body: { 'new-message': false } });
    await message('Anyone there?');
    expect(await delivered()).toEqual([]);
    await order();
    expect(await delivered()).toEqual([{ to: seller.user.email, subject: 'New order request from Corner Dispensary' }]);
    await t.request('PUT', '/api/account/notifications', { token: seller.token, body: { 'new-message': true } });
  });
});
