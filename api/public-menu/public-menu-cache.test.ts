import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let product: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'Cached Farms' });
  product = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Blue Dream', pricePerUnit: '10' } })).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Cached', productIds: [product.id] } })).body;
});
afterAll(() => t.close());

const url = () => `/api/public/menu/${menu.publicLinkId}`;

async function fetchMenu(headers: Record<string, string> = {}) {
  return t.app.request(url(), { headers });
}

describe('the public menu answer', () => {
  it('is gzip-compressed when the client accepts it, with an ETag', async () => {
    const response = await fetchMenu({ 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('answers a repeat visit with 304 and no body', async () => {
    const first = await fetchMenu();
    const etag = first.headers.get('etag')!;
    const repeat = await fetchMenu({ 'if-none-match': etag });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe('');
    const weak = await fetchMenu({ 'if-none-match': `W/${etag}` });
    expect(weak.status).toBe(304);
  });

  it('changes as soon as a product on the menu changes, and the old ETag no longer matches', async () => {
    const before = await fetchMenu();
    const etag = before.headers.get('etag')!;
    await t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body: { pricePerUnit: '12.5' } });
    const after = await fetchMenu({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await after.json()) as PublicMenu).products[0]!.pricePerUnit).toBe('12.50');
  });

  it('follows the menu itself, the seller and unrelated writes correctly', async () => {
    await t.request('PUT', `/api/menus/${menu.id}`, { token: seller.token, body: { name: 'Renamed' } });
    expect(((await (await fetchMenu()).json()) as PublicMenu).menu.name).toBe('Renamed');
    await t.request('PUT', '/api/auth/user', { token: seller.token, body: { businessName: 'New Name Farms' } });
    expect(((await (await fetchMenu()).json()) as PublicMenu).seller.businessName).toBe('New Name Farms');
    const etag = (await fetchMenu()).headers.get('etag')!;
    // Another seller's write moves the clock but not this menu: the same answer and ETag.
    const other = await t.registerUser('seller');
    await t.request('POST', '/api/products', { token: other.token, body: { strainName: 'Elsewhere' } });
    expect((await fetchMenu({ 'if-none-match': etag })).status).toBe(304);
  });

  it('is gone once the product leaves the menu or the menu is deleted', async () => {
    await t.request('DELETE', `/api/products/${product.id}`, { token: seller.token });
    expect(((await (await fetchMenu()).json()) as PublicMenu).products).toEqual([]);
    await t.request('DELETE', `/api/menus/${menu.id}`, { token: seller.token });
    expect((await fetchMenu()).status).toBe(404);
  });
});
