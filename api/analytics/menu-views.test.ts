import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let other: AuthResponse;
let menus: Menu[];

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  other = await t.registerUser('seller');
  menus = [];
  for (const name of ['Spring', 'Summer']) {
    menus.push((await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name } })).body);
  }
});
afterAll(() => t.close());

type Views = { total: number; byMenu: Record<string, number> };

describe('menu views', () => {
  it('counts every opening of a public menu by anyone but its seller, repeat visits (304) included', async () => {
    const link = `/api/public/menu/${menus[0]!.publicLinkId}`;
    const first = await t.app.request(link);
    await t.app.request(link, { headers: { 'if-none-match': first.headers.get('etag')! } });
    await t.request('GET', link, { token: other.token });
    await t.request('GET', link, { token: seller.token });
    await t.request('GET', `/api/public/menu/${menus[1]!.publicLinkId}`);

    const views = await t.request<Views>('GET', '/api/analytics/menu-views', { token: seller.token });
    expect(views.status).toBe(200);
    expect(views.body).toEqual({ total: 4, byMenu: { [menus[0]!.id]: 3, [menus[1]!.id]: 1 } });
  });

  it('are the seller own: another seller sees none of them', async () => {
    const views = await t.request<Views>('GET', '/api/analytics/menu-views', { token: other.token });
    expect(views.body).toEqual({ total: 0, byMenu: {} });
  });

  it('go with a deleted menu', async () => {
    await t.request('GET', `/api/public/menu/${menus[1]!.publicLinkId}`);
    await t.request('DELETE', `/api/menus/${menus[1]!.id}`, { token: seller.token });
    const views = await t.request<Views>('GET', '/api/analytics/menu-views', { token: seller.token });
    expect(views.body.byMenu).toEqual({ [menus[0]!.id]: 3 });
  });
});
