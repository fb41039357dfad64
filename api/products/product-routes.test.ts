import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import { productSchema, type Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { files, upload } from '../photos/upload-test-support';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
});
afterAll(() => t.close());

async function createProduct(token: string, body: Record<string, unknown>) {
  const res = await t.request<Product>('POST', '/api/products', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function createMenu(token: string, body: Record<string, unknown>) {
  const res = await t.request<Menu>('POST', '/api/menus', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const listProducts = async (token: string) => (await t.request<Product[]>('GET', '/api/products', { token })).body;
const getMenu = async (token: string, id: string) => (await t.request<Menu>('GET', `/api/menus/${id}`, { token })).body;

describe('POST /api/products', () => {
  it('creates a product with defaults and exact decimals', async () => {
    const product = await createProduct(seller.token, {
      strainName: '  Blue Dream  ',
      thcPercentage: '24.5',
      cbdPercentage: 0.1,
      pricePerUnit: 0.1,
      availableQuantity: '10.125',
      lotSize: '5',
    });
    expect(productSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({
      userId: seller.user.id,
      strainName: 'Blue Dream',
      description: null,
      category: 'flower',
      unitType: 'oz',
      thcPercentage: '24.50',
      cbdPercentage: '0.10',
      pricePerUnit: '0.10',
      availableQuantity: '10.125',
      lotSize: 5,
      photoUrl: null,
    });
    const listed = await listProducts(seller.token);
    expect(listed.find((p) => p.id === product.id)).toEqual(product);
  });

  it('treats empty decimals as absent and quantity as 0', async () => {
    const product = await createProduct(seller.token, {
      strainName: 'Bare',
      thcPercentage: '',
      cbdPercentage: null,
      pricePerUnit: '',
      category: 'edible',
      unitType: 'unit',
    });
    expect(product).toMatchObject({
      thcPercentage: null,
      cbdPercentage: null,
      pricePerUnit: null,
      availableQuantity: '0.000',
      lotSize: 1,
      category: 'edible',
      unitType: 'unit',
    });
  });

  it('keeps large prices and edge percentages exact', async () => {
    const product = await createProduct(seller.token, {
      strainName: 'Edges',
      thcPercentage: '100',
      cbdPercentage: '0',
      pricePerUnit: '1234567.89',
      availableQuantity: 9999999.999,
    });
    expect(product).toMatchObject({
      thcPercentage: '100.00',
      cbdPercentage: '0.00',
      pricePerUnit: '1234567.89',
      availableQuantity: '9999999.999',
    });
  });

  it('refuses invalid fields with the form messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'strainName', 'Strain name is required'],
      [{ strainName: '   ' }, 'strainName', 'Strain name is required'],
      [{ strainName: 'X', thcPercentage: '100.01' }, 'thcPercentage', 'THC % must be between 0 and 100'],
      [{ strainName: 'X', thcPercentage: 150 }, 'thcPercentage', 'THC % must be between 0 and 100'],
      [{ strainName: 'X', cbdPercentage: '-1' }, 'cbdPercentage', 'CBD % must be between 0 and 100'],
      [{ strainName: 'X', thcPercentage: '24.555' }, 'thcPercentage', 'THC % allows at most 2 decimal places'],
      [{ strainName: 'X', pricePerUnit: 'abc' }, 'pricePerUnit', 'Price must be a number'],
      [{ strainName: 'X', pricePerUnit: '-0.01' }, 'pricePerUnit', 'Price must be between 0 and 99999999.99'],
      [{ strainName: 'X', availableQuantity: '1.0001' }, 'availableQuantity', 'Available quantity allows at most 3 decimal places'],
      [{ strainName: 'X', lotSize: 0 }, 'lotSize', 'Lot size must be a whole number of at least 1'],
      [{ strainName: 'X', lotSize: 1.5 }, 'lotSize', 'Lot size must be a whole number of at least 1'],
      [{ strainName: 'X', category: 'seeds' }, 'category', 'Choose a category'],
      [{ strainName: 'X', unitType: 'kg' }, 'unitType', 'Choose a unit'],
      [{ strainName: 'n'.repeat(201) }, 'strainName', 'Strain name must be at most 200 characters'],
      [{ strainName: 'X', description: 'd'.repeat(5001) }, 'description', 'Description must be at most 5000 characters'],
      [{ strainName: 'X', photoUrl: `https://example.com/${'p'.repeat(2000)}` }, 'photoUrl', 'Photo URL must be at most 2000 characters'],
      [{ strainName: 'X', photoUrl: 'javascript:alert(1)' }, 'photoUrl', 'Photo URL must be a photo uploaded here'],
      [{ strainName: 'X', photoUrl: 'https://example.com/a.jpg' }, 'photoUrl', 'Photo URL must be a photo uploaded here'],
      [{ strainName: 'X', photoUrl: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'photoUrl', 'Photo URL must be a photo uploaded here'],
      [{ strainName: 'X', photoUrl: '/uploads/../app.db' }, 'photoUrl', 'Photo URL must be a photo uploaded here'],
      [{ strainName: 'X', photoUrl: `/uploads/${'a'.repeat(64)}.jpg` }, 'photoUrl', 'Photo URL must be one of your own uploads'],
    ];
    const before = (await listProducts(seller.token)).length;
    for (const [body, field, message] of cases) {
      const res = await t.request<ErrorBody>('POST', '/api/products', { token: seller.token, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect(await listProducts(seller.token)).toHaveLength(before);
  });

  it("takes a photo address that is one of the seller's own uploads, and not another seller's upload", async () => {
    const photo = await upload(t, seller.token, { image: files.jpeg() });
    const own = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Own', photoUrl: photo.body.url } });
    expect(own.status).toBe(201);
    expect(own.body.photoUrl).toBe(photo.body.url);

    const stolen = await t.request<ErrorBody>('PUT', `/api/products/${own.body.id}`, { token: otherSeller.token, body: { photoUrl: photo.body.url } });
    expect(stolen.status).toBe(404);
    const foreignProduct = await t.request<Product>('POST', '/api/products', { token: otherSeller.token, body: { strainName: 'Theirs' } });
    const borrowed = await t.request<ErrorBody>('PUT', `/api/products/${foreignProduct.body.id}`, { token: otherSeller.token, body: { photoUrl: photo.body.url } });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.errors?.photoUrl).toBe('Photo URL must be one of your own uploads');
  });

  it('adds the product to the selected menus, at the end', async () => {
    const first = await createProduct(seller.token, { strainName: 'Already listed' });
    const menuA = await createMenu(seller.token, { name: 'Menu A', productIds: [first.id] });
    const menuB = await createMenu(seller.token, { name: 'Menu B' });
    const untouched = await createMenu(seller.token, { name: 'Menu C' });

    const product = await createProduct(seller.token, { strainName: 'New arrival', selectedMenus: [menuA.id, menuB.id] });
    expect((await getMenu(seller.token, menuA.id)).productIds).toEqual([first.id, product.id]);
    expect((await getMenu(seller.token, menuB.id)).productIds).toEqual([product.id]);
    expect((await getMenu(seller.token, untouched.id)).productIds).toEqual([]);
  });

  it("refuses another seller's menu in selectedMenus and creates nothing", async () => {
    const theirs = await createMenu(otherSeller.token, { name: 'Theirs' });
    const res = await t.request<ErrorBody>('POST', '/api/products', {
      token: seller.token,
      body: { strainName: 'Sneaky', selectedMenus: [theirs.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('One of the selected menus does not exist');
    expect((await listProducts(seller.token)).some((p) => p.strainName === 'Sneaky')).toBe(false);
    expect((await getMenu(otherSeller.token, theirs.id)).productIds).toEqual([]);
  });

  it('uses an id made on the device, once, and a second creation with it changes nothing', async () => {
    const id = randomUUID();
    const product = await createProduct(seller.token, { id, strainName: 'Offline made' });
    expect(product.id).toBe(id);
    const menu = await createMenu(seller.token, { name: 'Untouched' });
    const again = await t.request<ErrorBody>('POST', '/api/products', { token: seller.token, body: { id, strainName: 'Again', selectedMenus: [menu.id] } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A product with this id already exists');
    const other = await t.request('POST', '/api/products', { token: otherSeller.token, body: { id, strainName: 'Steal id' } });
    expect(other.status).toBe(409);
    expect((await listProducts(seller.token)).find((p) => p.id === id)).toEqual(product);
    expect((await getMenu(seller.token, menu.id)).productIds).toEqual([]);
  });
});

describe('GET /api/products', () => {
  it("lists only the seller's own products", async () => {
    const mine = await createProduct(seller.token, { strainName: 'Mine only' });
    const theirs = await createProduct(otherSeller.token, { strainName: 'Theirs only' });
    const list = await listProducts(seller.token);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.userId === seller.user.id)).toBe(true);
    expect(list.map((p) => p.id)).toContain(mine.id);
    expect(list.map((p) => p.id)).not.toContain(theirs.id);
  });
});

describe('PUT /api/products/:id', () => {
  it('changes only the named fields, keeping decimals exact', async () => {
    const product = await createProduct(seller.token, {
      strainName: 'Editable',
      thcPercentage: '20',
      pricePerUnit: '100',
      description: 'Before',
    });
    const res = await t.request<Product>('PUT', `/api/products/${product.id}`, {
      token: seller.token,
      body: { pricePerUnit: '99.9', availableQuantity: '0.5', thcPercentage: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: product.id,
      strainName: 'Editable',
      description: 'Before',
      pricePerUnit: '99.90',
      availableQuantity: '0.500',
      thcPercentage: null,
      createdAt: product.createdAt,
    });
    expect((await listProducts(seller.token)).find((p) => p.id === product.id)).toEqual(res.body);
  });

  it('keeps category, unit type and lot size when a PUT leaves them out', async () => {
    const product = await createProduct(seller.token, { strainName: 'Gummies', category: 'edible', unitType: 'unit', lotSize: 48 });
    const res = await t.request<Product>('PUT', `/api/products/${product.id}`, { token: seller.token, body: { pricePerUnit: '7.75' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ category: 'edible', unitType: 'unit', lotSize: 48, pricePerUnit: '7.75' });
  });

  it('validates like creation', async () => {
    const product = await createProduct(seller.token, { strainName: 'Valid' });
    const blank = await t.request<ErrorBody>('PUT', `/api/products/${product.id}`, { token: seller.token, body: { strainName: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Strain name is required');
    const lot = await t.request<ErrorBody>('PUT', `/api/products/${product.id}`, { token: seller.token, body: { lotSize: 0 } });
    expect(lot.status).toBe(400);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.request<ErrorBody>('PUT', `/api/products/${randomUUID()}`, { token: seller.token, body: { strainName: 'X' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
  });
});

describe("another seller's product", () => {
  it('is not found for PUT and DELETE, and stays unchanged', async () => {
    const theirs = await createProduct(otherSeller.token, { strainName: 'Not yours', pricePerUnit: '10' });
    const put = await t.request<ErrorBody>('PUT', `/api/products/${theirs.id}`, { token: seller.token, body: { pricePerUnit: '1' } });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Product not found');
    const del = await t.request<ErrorBody>('DELETE', `/api/products/${theirs.id}`, { token: seller.token });
    expect(del.status).toBe(404);
    const stored = (await listProducts(otherSeller.token)).find((p) => p.id === theirs.id);
    expect(stored).toEqual(theirs);
    expect((await listProducts(seller.token)).map((p) => p.id)).not.toContain(theirs.id);
  });
});

describe('DELETE /api/products/:id', () => {
  it('deletes the product and takes it off every menu', async () => {
    const keep = await createProduct(seller.token, { strainName: 'Keep' });
    const gone = await createProduct(seller.token, { strainName: 'Gone' });
    const menu = await createMenu(seller.token, { name: 'With both', productIds: [gone.id, keep.id] });
    const res = await t.request('DELETE', `/api/products/${gone.id}`, { token: seller.token });
    expect(res.status).toBe(204);
    expect((await listProducts(seller.token)).map((p) => p.id)).not.toContain(gone.id);
    const after = await getMenu(seller.token, menu.id);
    expect(after.productIds).toEqual([keep.id]);
    expect(after.updatedAt >= menu.updatedAt).toBe(true);
    const again = await t.request('DELETE', `/api/products/${gone.id}`, { token: seller.token });
    expect(again.status).toBe(404);
  });
});

describe('a seller whose trial has ended', () => {
  it('gets 402 when creating or editing a product', async () => {
    const local = createTestApp();
    try {
      const { token } = await local.registerUser('seller');
      const ok = await local.request<Product>('POST', '/api/products', { token, body: { strainName: 'Before expiry' } });
      expect(ok.status).toBe(201);
      local.clock.advance(15 * DAY_MS);
      const create = await local.request<ErrorBody>('POST', '/api/products', { token, body: { strainName: 'After expiry' } });
      expect(create.status).toBe(402);
      expect(create.body).toMatchObject({
        reason: 'subscription_required',
        message: 'Your free trial has ended. Subscribe to the Pro plan to keep editing your catalogue.',
      });
      const update = await local.request('PUT', `/api/products/${ok.body.id}`, { token, body: { strainName: 'Renamed' } });
      expect(update.status).toBe(402);
      const list = await local.request<Product[]>('GET', '/api/products', { token });
      expect(list.status).toBe(200);
      expect(list.body.map((p) => p.strainName)).toEqual(['Before expiry']);
      const status = await local.request<{ status: string }>('GET', '/api/subscription-status', { token });
      expect(status.body.status).toBe('trial_expired');
    } finally {
      local.close();
    }
  });
});
