import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import { publicMenuSchema, type PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { UPLOADED_IMAGE_PATH } from '../../sync/contract/fields';
import { files, upload } from '../photos/upload-test-support';
import { DEMO_PRODUCTS, DEMO_SELLER, SAMPLE_MENU } from '../seed/demo-data';
import { seedDemoData } from '../seed/seed';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { SAMPLE_MENU_LINK_ID } from '../../sync/rules/sample-menu';
import { MENU_NOT_FOUND_MESSAGE } from './public-menu-service';

let t: TestApp;
let seller: AuthResponse;
let products: Product[];
let menu: Menu;

beforeAll(async () => {
  t = createTestApp();
  expect(await seedDemoData(t.services)).toBe(true);
  seller = await t.registerUser('seller', { businessName: 'Lakeside Farms' });
  products = [];
  for (const [strainName, pricePerUnit] of [
    ['First', '10.5'],
    ['Second', '20'],
    ['Third', '0.1'],
  ] as const) {
    const res = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName, pricePerUnit } });
    products.push(res.body);
  }
  const res = await t.request<Menu>('POST', '/api/menus', {
    token: seller.token,
    body: { name: 'Link only', description: 'For partners', productIds: [products[2]!.id, products[0]!.id, products[1]!.id] },
  });
  menu = res.body;
});
afterAll(() => t.close());

describe('GET /api/public/menu/:publicLinkId', () => {
  it('shows a menu to anyone with the link, products in menu order, without owner ids', async () => {
    const res = await t.request<PublicMenu>('GET', `/api/public/menu/${menu.publicLinkId}`);
    expect(res.status).toBe(200);
    const body = publicMenuSchema.strict().parse(res.body);
    expect(body.menu).not.toHaveProperty('userId');
    expect(body.menu).toMatchObject({ id: menu.id, name: 'Link only', description: 'For partners', isPublic: false });
    expect(body.products.map((p) => p.strainName)).toEqual(['Third', 'First', 'Second']);
    expect(body.products.map((p) => p.pricePerUnit)).toEqual(['0.10', '10.50', '20.00']);
    for (const product of body.products) expect(product).not.toHaveProperty('userId');
    expect(body.seller).toEqual({
      businessName: 'Lakeside Farms',
      logoUrl: null,
      licenseNumber: null,
      contactInfo: null,
      phoneNumber: null,
      menuCoverUrl: null,
      accentColor: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(seller.user.id);
    expect(JSON.stringify(res.body)).not.toContain(seller.user.email);
  });

  it('answers the same to a signed-in buyer', async () => {
    const buyer = await t.registerUser('buyer');
    const anonymous = await t.request('GET', `/api/public/menu/${menu.publicLinkId}`);
    const signedIn = await t.request('GET', `/api/public/menu/${menu.publicLinkId}`, { token: buyer.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual(anonymous.body);
  });

  it('is not found by the menu id, only by its link id', async () => {
    const res = await t.request<ErrorBody>('GET', `/api/public/menu/${menu.id}`);
    expect(res.status).toBe(404);
  });

  it('answers an unknown link with 404 and the not-found message', async () => {
    for (const link of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      const res = await t.request<ErrorBody>('GET', `/api/public/menu/${link}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("The menu you're looking for doesn't exist or may have been removed.");
      expect(res.body.message).toBe(MENU_NOT_FOUND_MESSAGE);
    }
  });

  it("follows the menu's changes: reordering and deleted products", async () => {
    const own = await t.request<Menu>('POST', '/api/menus', {
      token: seller.token,
      body: { name: 'Changing', productIds: products.map((p) => p.id) },
    });
    const extra = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Short lived' } });
    await t.request('PUT', `/api/menus/${own.body.id}`, {
      token: seller.token,
      body: { name: 'Changing', productIds: [extra.body.id, products[1]!.id, products[0]!.id] },
    });
    await t.request('DELETE', `/api/products/${extra.body.id}`, { token: seller.token });
    const res = await t.request<PublicMenu>('GET', `/api/public/menu/${own.body.publicLinkId}`);
    expect(res.body.products.map((p) => p.strainName)).toEqual(['Second', 'First']);
    expect(res.body.menu.productIds).toEqual([products[1]!.id, products[0]!.id]);
  });

  it('disappears with the menu, and with a disabled seller', async () => {
    const other = await t.registerUser('seller');
    const created = await t.request<Menu>('POST', '/api/menus', { token: other.token, body: { name: 'Temporary' } });
    const link = `/api/public/menu/${created.body.publicLinkId}`;
    expect((await t.request('GET', link)).status).toBe(200);

    const admin = await t.makeAdmin();
    await t.request('PATCH', `/api/admin/customers/${other.user.id}`, { token: admin.token, body: { disabled: true } });
    expect((await t.request('GET', link)).status).toBe(404);
    await t.request('PATCH', `/api/admin/customers/${other.user.id}`, { token: admin.token, body: { disabled: false } });
    expect((await t.request('GET', link)).status).toBe(200);

    const { token } = await t
      .request<AuthResponse>('POST', '/api/auth/login', {
        body: { email: other.user.email, password: TEST_PASSWORD },
      })
      .then((r) => r.body);
    expect((await t.request('DELETE', `/api/menus/${created.body.id}`, { token })).status).toBe(204);
    const gone = await t.request<ErrorBody>('GET', link);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(MENU_NOT_FOUND_MESSAGE);
  });

  it("resolves 'sample' to the seeded sample menu", async () => {
    const res = await t.request<PublicMenu>('GET', '/api/public/menu/sample');
    expect(res.status).toBe(200);
    const body = publicMenuSchema.parse(res.body);
    expect(body.menu).toMatchObject({ name: SAMPLE_MENU.name, publicLinkId: SAMPLE_MENU_LINK_ID, isPublic: true });
    expect(body.products.map((p) => p.strainName)).toEqual(DEMO_PRODUCTS.map((p) => p.strainName));
    // 18 lb seeded, 2 of them delivered on the demo buyer's first order.
    expect(body.products[0]).toMatchObject({ thcPercentage: '24.50', pricePerUnit: '1450.00', availableQuantity: '16.000' });
    expect(body.seller).toEqual({
      businessName: DEMO_SELLER.businessName,
      logoUrl: expect.stringMatching(UPLOADED_IMAGE_PATH),
      licenseNumber: DEMO_SELLER.licenseNumber,
      contactInfo: DEMO_SELLER.contactInfo,
      phoneNumber: DEMO_SELLER.phoneNumber,
      menuCoverUrl: null,
      accentColor: DEMO_SELLER.accentColor,
    });
    const byLink = await t.request('GET', `/api/public/menu/${SAMPLE_MENU_LINK_ID}`);
    expect(byLink.body).toEqual(res.body);
  });

  it('heads the menu with the brand the seller chose in the profile, and refuses a colour that is not #rrggbb', async () => {
    const owner = await t.registerUser('seller', { businessName: 'Brand Farms' });
    const created = await t.request<{ publicLinkId: string }>('POST', '/api/menus', { token: owner.token, body: { name: 'Branded' } });
    const refused = await t.request<ErrorBody>('PUT', '/api/auth/user', { token: owner.token, body: { accentColor: 'green' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.accentColor).toBe('Accent colour must be a colour like #1d4ed8');
    const foreignCover = await t.request<ErrorBody>('PUT', '/api/auth/user', { token: owner.token, body: { menuCoverUrl: 'https://cdn.example/cover.jpg' } });
    expect(foreignCover.status).toBe(400);

    const cover = (await upload(t, owner.token, { image: files.jpeg(), purpose: 'profile' })).body.url;
    const saved = await t.request('PUT', '/api/auth/user', {
      token: owner.token,
      body: { accentColor: '#1D4ED8', menuCoverUrl: cover, licenseNumber: 'LIC-42', contactInfo: 'orders@brand.example' },
    });
    expect(saved.status).toBe(200);
    const res = await t.request<PublicMenu>('GET', `/api/public/menu/${created.body.publicLinkId}`);
    expect(res.body.seller).toMatchObject({
      businessName: 'Brand Farms',
      accentColor: '#1d4ed8',
      menuCoverUrl: cover,
      licenseNumber: 'LIC-42',
      contactInfo: 'orders@brand.example',
    });
  });
});
