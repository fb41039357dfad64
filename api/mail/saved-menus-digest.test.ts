import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { SavedMenu, SavedMenuListItem } from '../../sync/entities/saved-menu';
import type { AuthResponse } from '../../sync/entities/user';
import { markSavedMenuSeen } from '../saved-menus/saved-menu-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { digestChangeLines, sendSavedMenuDigests } from './saved-menus-digest';
import { mailTo } from './testing/outbox-reader';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let quietBuyer: AuthResponse;
let gelato: Product;
let tangie: Product;
let flowerMenu: Menu;
let extractsMenu: Menu;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { firstName: 'Sally', businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { firstName: 'Bob' });
  quietBuyer = await t.registerUser('buyer', { firstName: 'Quinn' });
  const product = async (strainName: string) =>
    (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName, pricePerUnit: '100.00', unitType: 'oz', availableQuantity: '10' } })).body;
  gelato = await product('Gelato');
  tangie = await product('Tangie');
  const menu = async (name: string, productIds: string[]) =>
    (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name, isPublic: true, productIds } })).body;
  flowerMenu = await menu('Spring Flower', [gelato.id, tangie.id]);
  extractsMenu = await menu('Extracts', [tangie.id]);
  for (const who of [buyer, quietBuyer]) {
    for (const saved of [flowerMenu, extractsMenu]) {
      expect((await t.request<SavedMenu>('POST', '/api/saved-menus', { token: who.token, body: { menuId: saved.id } })).status).toBe(201);
    }
  }
  await t.request('PUT', '/api/account/notifications', { token: quietBuyer.token, body: { 'saved-menus-digest': false } });
});
afterAll(() => t.close());

const digestsTo = async (who: AuthResponse) => (await mailTo(t.services, who.user.email)).filter((mail) => mail.kind === 'saved-menus-digest');
const changePrice = (product: Product, pricePerUnit: string) => t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body: { pricePerUnit } });

describe("the buyers' daily digest", () => {
  it('sends nothing while no saved menu changed', async () => {
    await sendSavedMenuDigests(t.services);
    expect(await digestsTo(buyer)).toEqual([]);
  });

  it('lists every saved menu that changed in one email, and does not repeat it', async () => {
    expect((await changePrice(tangie, '90.00')).status).toBe(200);
    expect((await changePrice(gelato, '95.00')).status).toBe(200);
    await sendSavedMenuDigests(t.services);
    const digests = await digestsTo(buyer);
    expect(digests.map((mail) => mail.subject)).toEqual(['2 of your saved menus changed']);
    expect(digests[0]!.text).toContain('"Spring Flower" from North Star Farms');
    expect(digests[0]!.text).toContain('"Extracts" from North Star Farms');
    expect(digests[0]!.text).toContain('- Gelato: price $100.00 → $95.00');
    expect(digests[0]!.text).toContain('- Tangie: price $100.00 → $90.00');
    expect(digests[0]!.text).toContain('/saved-menus');

    await sendSavedMenuDigests(t.services);
    expect(await digestsTo(buyer)).toHaveLength(1);
  });

  it('sends at most one a day: a change later that day waits for the next', async () => {
    await changePrice(gelato, '80.00');
    t.clock.advance(3 * HOUR);
    await sendSavedMenuDigests(t.services);
    expect(await digestsTo(buyer)).toHaveLength(1);

    t.clock.advance(22 * HOUR);
    await sendSavedMenuDigests(t.services);
    expect((await digestsTo(buyer)).map((mail) => mail.subject)).toEqual(['2 of your saved menus changed', '"Spring Flower" changed']);
  });

  it('leaves out what the buyer already looked at, and sends none to a buyer who turned it off', async () => {
    await changePrice(tangie, '70.00');
    const list = (await t.request<SavedMenuListItem[]>('GET', '/api/saved-menus', { token: buyer.token })).body;
    for (const saved of list) await markSavedMenuSeen(t.services, buyer.user, saved.id, saved.stamp);
    t.clock.advance(25 * HOUR);
    await sendSavedMenuDigests(t.services);
    expect(await digestsTo(buyer)).toHaveLength(2);
    expect(await digestsTo(quietBuyer)).toEqual([]);
  });

  it('leaves out, and names nowhere, a saved menu whose link has expired', async () => {
    const inAnHour = new Date(t.clock.now().getTime() + HOUR).toISOString();
    expect((await t.request('PUT', `/api/menus/${extractsMenu.id}`, { token: seller.token, body: { linkExpiresAt: inAnHour } })).status).toBe(200);
    await changePrice(tangie, '60.00');
    t.clock.advance(25 * HOUR);
    await sendSavedMenuDigests(t.services);
    const latest = (await digestsTo(buyer)).at(-1)!;
    expect(latest.subject).toBe('"Spring Flower" changed');
    expect(latest.text).not.toContain('Extracts');
  });

  it('tells a price and a stock change made together on one product', async () => {
    const both = { pricePerUnit: '75.00', availableQuantity: '4' };
    expect((await t.request('PUT', `/api/products/${gelato.id}`, { token: seller.token, body: both })).status).toBe(200);
    t.clock.advance(25 * HOUR);
    await sendSavedMenuDigests(t.services);
    const latest = (await digestsTo(buyer)).at(-1)!;
    expect(latest.text).toContain('- Gelato: price $80.00 → $75.00; stock 10 oz → 4 oz');
    expect(latest.html).toContain('Gelato: price $80.00 → $75.00; stock 10 oz → 4 oz');
  });
});

describe("a digest's list of changes", () => {
  it('tells a few changes per menu and counts the rest', () => {
    const lines = Array.from({ length: 8 }, (_, index) => `Strain ${index}: price $1.00 → $2.00`);
    expect(digestChangeLines(lines)).toEqual([...lines.slice(0, 5), 'and 3 more changes']);
    expect(digestChangeLines(lines.slice(0, 2))).toEqual(lines.slice(0, 2));
  });

  it('shortens a very long line', () => {
    const [line] = digestChangeLines([`New: ${'x'.repeat(500)}`]);
    expect(line).toHaveLength(200);
    expect(line!.endsWith('…')).toBe(true);
  });
});
