import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(() => { t = createTestApp(); });
afterAll(() => t.close());

async function plans(path: string, token: string) {
  const spy = vi.spyOn(t.services.db.read, 'all');
  const res = await t.request<{ nextCursor: string | null }>('GET', path, { token });
  const queries = spy.mock.calls.map((c) => c[0] as SQLWrapper);
  spy.mockRestore();
  for (const q of queries) console.log(path, '\n', (t.services.db.read.all(sql`explain query plan ${q}`) as Array<{detail: string}>).map((r) => r.detail).join('\n '));
  return res.body;
}

it('explore', async () => {
  const seller = await t.registerUser('seller', { businessName: 'Acme' });
  const buyer = await t.registerUser('buyer');
  const p = await t.request<{ id: string }>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', category: 'edible' } });
  for (let i = 0; i < 5; i++) await t.request('POST', '/api/menus', { token: seller.token, body: { name: `Menu ${i}`, isPublic: true, productIds: [p.body.id] } });
  for (const qs of ['', 'q=gel', 'category=edible', `sellerId=${seller.user.id}`, 'limit=2', 'q=gel&category=edible&sellerId=' + seller.user.id]) {
    const body = await plans(`/api/browse?${qs}`, buyer.token);
    if (body.nextCursor) await plans(`/api/browse?${qs}&cursor=${body.nextCursor}`, buyer.token);
  }
  await plans('/api/browse/sellers', buyer.token);
});
