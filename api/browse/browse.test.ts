/**
 * GET /api/browse and GET /api/browse/sellers: every public-listing menu of
 * every (enabled) seller, never a private-link one; full-text search kept
 * current by the triggers of migration 0006; category and seller filters;
 * newest-updated first with keyset paging; and query plans that ride indexes.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { browsePageSchema, browseSellerSchema, type BrowseItem, type BrowsePage, type BrowseSeller } from '../../sync/entities/browse';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PushResponse } from '../../sync/contract/protocol';
import { menus } from '../db/schema';
import { isPostgres } from '../db/sql-dialect';
import { files, upload } from '../photos/upload-test-support';
import { planOf } from '../testing/database-tables';
import { createTestApp, type TestApp } from '../testing/test-app';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Helpers bound to one in-process app. */
function helpers(app: TestApp) {
  async function ok<T>(method: string, path: string, token: string, body?: unknown, status = 200): Promise<T> {
    const res = await app.request<T>(method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  }
  return {
    product: (seller: AuthResponse, body: Record<string, unknown>) => ok<Product>('POST', '/api/products', seller.token, body, 201),
    updateProduct: (seller: AuthResponse, id: string, body: Record<string, unknown>) => ok<Product>('PUT', `/api/products/${id}`, seller.token, body),
    deleteProduct: (seller: AuthResponse, id: string) => ok<string>('DELETE', `/api/products/${id}`, seller.token, undefined, 204),
    menu: (seller: AuthResponse, body: Record<string, unknown>) => ok<Menu>('POST', '/api/menus', seller.token, body, 201),
    updateMenu: (seller: AuthResponse, id: string, body: Record<string, unknown>) => ok<Menu>('PUT', `/api/menus/${id}`, seller.token, body),
    deleteMenu: (seller: AuthResponse, id: string) => ok<string>('DELETE', `/api/menus/${id}`, seller.token, undefined, 204),
    async browse(token: string, params: Record<string, string | number> = {}): Promise<BrowsePage> {
      const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
      const res = await app.request<BrowsePage>('GET', `/api/browse?${query}`, { token });
      expect(res.status, `browse ${query}: ${JSON.stringify(res.body)}`).toBe(200);
      return browsePageSchema.parse(res.body);
    },
    async sellers(token: string): Promise<BrowseSeller[]> {
      const res = await app.request<BrowseSeller[]>('GET', '/api/browse/sellers', { token });
      expect(res.status).toBe(200);
      return res.body.map((seller) => browseSellerSchema.parse(seller));
    },
    /** The search document of a menu as the FTS table holds it (one row per menu). */
    searchRows: async (menuId: string) => (await app.services.db.read.all<{ body: string }>(sql`select body from menu_search where menu_id = ${menuId}`)).map((row) => row.body),
  };
}

const names = (page: BrowsePage | BrowseItem[]) => ('items' in page ? page.items : page).map((item) => item.name).sort();

describe('what browse shows, and search', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  let buyer: AuthResponse;
  let emerald: AuthResponse;
  let coastal: AuthResponse;
  let gelato: Product;
  let blueDream: Product;
  let sourDiesel: Product;
  let weddingCake: Product;
  let spring: Menu;
  let reserve: Menu;
  let classics: Menu;
  let gelatoPhoto: string;

  beforeAll(async () => {
    t = createTestApp();
    h = helpers(t);
    buyer = await t.registerUser('buyer');
    emerald = await t.registerUser('seller', { businessName: 'Emerald Valley Farms' });
    coastal = await t.registerUser('seller', { businessName: 'Coastal Cultivators' });
    gelatoPhoto = (await upload(t, emerald.token, { image: files.jpeg() })).body.url;
    gelato = await h.product(emerald, { strainName: 'Gelato #41', category: 'flower', photoUrl: gelatoPhoto });
    blueDream = await h.product(emerald, { strainName: 'Blue Dream', category: 'preroll' });
    sourDiesel = await h.product(emerald, { strainName: 'Sour Diesel', category: 'concentrate' });
    weddingCake = await h.product(coastal, { strainName: 'Wedding Cake', category: 'edible' });
    spring = await h.menu(emerald, {
      name: 'Spring Drop',
      description: 'Small batch indoor',
      isPublic: true,
      productIds: [blueDream.id, gelato.id],
    });
    reserve = await h.menu(emerald, { name: 'Private Reserve', description: 'Invitation only', isPublic: false, productIds: [sourDiesel.id, gelato.id] });
    classics = await h.menu(coastal, { name: 'Coastal Classics', isPublic: true, productIds: [weddingCake.id] });
  });
  afterAll(() => t.close());

  it('lists only public-listing menus, never a private-link one, with their summaries', async () => {
    const page = await h.browse(buyer.token);
    expect(names(page)).toEqual(['Coastal Classics', 'Spring Drop']);
    expect(page.nextCursor).toBeNull();
    const item = page.items.find((entry) => entry.menuId === spring.id)!;
    expect(item).toEqual({
      menuId: spring.id,
      publicLinkId: spring.publicLinkId,
      name: 'Spring Drop',
      description: 'Small batch indoor',
      sellerId: emerald.user.id,
      sellerName: 'Emerald Valley Farms',
      productCount: 2,
      categories: expect.arrayContaining(['flower', 'preroll']),
      coverUrl: gelatoPhoto,
      updatedAt: spring.updatedAt,
    });
    expect(item.categories).toHaveLength(2);
    expect(page.items.find((entry) => entry.menuId === classics.id)).toMatchObject({
      sellerId: coastal.user.id,
      sellerName: 'Coastal Cultivators',
      productCount: 1,
      categories: ['edible'],
      coverUrl: null,
    });

    // Neither its name, its description nor a product only it lists finds the private menu.
    for (const q of ['private', 'reserve', 'invitation', 'sour diesel']) expect((await h.browse(buyer.token, { q })).items).toEqual([]);
    expect((await h.browse(buyer.token, { category: 'concentrate' })).items).toEqual([]);
    expect(names(await h.browse(buyer.token, { sellerId: emerald.user.id }))).toEqual(['Spring Drop']);
    // It is in the search index (a toggle makes it listed at once), only the query keeps it out.
    expect(await h.searchRows(reserve.id)).toHaveLength(1);
  });

  it('a seller can browse too; a guest cannot', async () => {
    expect(names(await h.browse(coastal.token))).toEqual(['Coastal Classics', 'Spring Drop']);
    expect((await t.request('GET', '/api/browse')).status).toBe(401);
    expect((await t.request('GET', '/api/browse/sellers')).status).toBe(401);
  });

  it('searches menu name, description, seller business name and product names', async () => {
    const cases: Array<[string, string[]]> = [
      ['spring', ['Spring Drop']],
      ['indoor', ['Spring Drop']],
      ['emerald', ['Spring Drop']],
      ['valley farms', ['Spring Drop']],
      ['dream', ['Spring Drop']],
      ['gelato', ['Spring Drop']],
      ['cultivators', ['Coastal Classics']],
      ['wedding', ['Coastal Classics']],
      ['nothing-like-this', []],
    ];
    for (const [q, expected] of cases) expect(names(await h.browse(buyer.token, { q })), q).toEqual(expected);
  });

  it('matches words as prefixes, case-insensitively, and every word must match', async () => {
    const cases: Array<[string, string[]]> = [
      ['gel', ['Spring Drop']],
      ['GEL', ['Spring Drop']],
      ['GeLaTo', ['Spring Drop']],
      ['coast', ['Coastal Classics']],
      ['C', ['Coastal Classics']],
      ['b', ['Spring Drop']],
      ['blue dream', ['Spring Drop']],
      ['dre spr', ['Spring Drop']],
      ['Blue   Gelato', ['Spring Drop']],
      ['blue cake', []],
      ['wedding emerald', []],
      // Inside a word is not a prefix.
      ['lato', []],
    ];
    for (const [q, expected] of cases) expect(names(await h.browse(buyer.token, { q })), q).toEqual(expected);
  });

  it('takes quotes, operators and punctuation literally, never answering 500', async () => {
    for (const q of [
      '"OR (',
      '"',
      '*',
      '(',
      ')',
      'NEAR(',
      'a AND',
      'OR',
      'NOT gelato',
      '-gel',
      '^gel',
      "'",
      ':',
      'body:gel',
      'gel*',
      '"gel',
      'Gel"ato',
      '#41',
      '{}[]',
      '\\',
      '%_',
    ]) {
      const res = await t.request<BrowsePage | ErrorBody>('GET', `/api/browse?q=${encodeURIComponent(q)}`, { token: buyer.token });
      expect(res.status, `q=${q}: ${JSON.stringify(res.body)}`).toBe(200);
      browsePageSchema.parse(res.body);
    }
    expect(names(await h.browse(buyer.token, { q: '"gel' }))).toEqual(['Spring Drop']);
    expect(names(await h.browse(buyer.token, { q: 'gelato #41' }))).toEqual(['Spring Drop']);
    // Operators are words like any other: "NOT gelato" needs a word starting with "not" too.
    expect((await h.browse(buyer.token, { q: 'NOT gelato' })).items).toEqual([]);
    // A query with no word at all filters nothing.
    expect(names(await h.browse(buyer.token, { q: '"(*)' }))).toEqual(['Coastal Classics', 'Spring Drop']);
    // Too long a query is refused, not run.
    expect((await t.request('GET', `/api/browse?q=${'a'.repeat(201)}`, { token: buyer.token })).status).toBe(400);
  });

  it('filters by category: menus listing at least one product of it', async () => {
    expect(names(await h.browse(buyer.token, { category: 'flower' }))).toEqual(['Spring Drop']);
    expect(names(await h.browse(buyer.token, { category: 'preroll' }))).toEqual(['Spring Drop']);
    expect(names(await h.browse(buyer.token, { category: 'edible' }))).toEqual(['Coastal Classics']);
    expect((await h.browse(buyer.token, { category: 'vape' })).items).toEqual([]);
    expect(names(await h.browse(buyer.token, { category: 'flower', q: 'emerald' }))).toEqual(['Spring Drop']);
    expect((await h.browse(buyer.token, { category: 'edible', q: 'emerald' })).items).toEqual([]);
  });

  it('filters by seller', async () => {
    expect(names(await h.browse(buyer.token, { sellerId: coastal.user.id }))).toEqual(['Coastal Classics']);
    expect((await h.browse(buyer.token, { sellerId: randomUUID() })).items).toEqual([]);
    expect((await h.browse(buyer.token, { sellerId: coastal.user.id, q: 'gelato' })).items).toEqual([]);
    expect(names(await h.browse(buyer.token, { sellerId: '' }))).toEqual(['Coastal Classics', 'Spring Drop']);
  });

  it('refuses an unknown category and a limit outside 1..50 with 400', async () => {
    const badCategory = await t.request<ErrorBody>('GET', '/api/browse?category=shrooms', { token: buyer.token });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.errors?.category ?? badCategory.body.message).toBe('Unknown category');
    for (const limit of ['51', '0', '-1', '2.5', 'ten']) {
      const res = await t.request<ErrorBody>('GET', `/api/browse?limit=${limit}`, { token: buyer.token });
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.reason).toBe('validation');
    }
    expect((await h.browse(buyer.token, { limit: 50 })).items).toHaveLength(2);
  });

  it('refuses a cursor it did not hand out, instead of quietly starting over', async () => {
    for (const cursor of ['nonsense', Buffer.from('x:').toString('base64url')]) {
      const res = await t.request<ErrorBody>('GET', `/api/browse?cursor=${cursor}`, { token: buyer.token });
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe('This page of results is no longer valid: start the search again');
    }
  });

  it('lists sellers with public menus and how many', async () => {
    const extra = await h.menu(coastal, { name: 'Coastal Extras', isPublic: true });
    const privateOnly = await t.registerUser('seller', { businessName: 'Hidden Hollow' });
    await h.menu(privateOnly, { name: 'Hush', isPublic: false });
    const noName = await t.registerUser('seller');
    await h.menu(noName, { name: 'Anonymous Goods', isPublic: true });

    const sellers = await h.sellers(buyer.token);
    expect(sellers).toEqual(
      expect.arrayContaining([
        { id: emerald.user.id, name: 'Emerald Valley Farms', menuCount: 1 },
        { id: coastal.user.id, name: 'Coastal Cultivators', menuCount: 2 },
        { id: noName.user.id, name: 'Cannabis Supplier', menuCount: 1 },
      ]),
    );
    expect(sellers).toHaveLength(3);
    expect(sellers.map((seller) => seller.id)).not.toContain(privateOnly.user.id);
    expect(sellers.map((seller) => seller.name)).toEqual([...sellers.map((seller) => seller.name)].sort());
    expect((await h.browse(buyer.token, { sellerId: noName.user.id })).items[0]?.sellerName).toBe('Cannabis Supplier');

    await h.deleteMenu(coastal, extra.id);
    await h.deleteMenu(noName, (await h.browse(buyer.token, { sellerId: noName.user.id })).items[0]!.menuId);
    expect((await h.sellers(buyer.token)).find((seller) => seller.id === coastal.user.id)?.menuCount).toBe(1);
  });

  it("leaves a disabled seller's menus out of browse, search and the seller list, and back when enabled", async () => {
    const admin = await t.makeAdmin();
    const setDisabled = async (disabled: boolean) => {
      const res = await t.request('PATCH', `/api/admin/customers/${coastal.user.id}`, { token: admin.token, body: { disabled } });
      expect(res.status).toBe(200);
    };
    await setDisabled(true);
    try {
      expect(names(await h.browse(buyer.token))).toEqual(['Spring Drop']);
      expect((await h.browse(buyer.token, { q: 'coastal' })).items).toEqual([]);
      expect((await h.browse(buyer.token, { sellerId: coastal.user.id })).items).toEqual([]);
      expect((await h.browse(buyer.token, { category: 'edible' })).items).toEqual([]);
      expect((await h.sellers(buyer.token)).map((seller) => seller.id)).not.toContain(coastal.user.id);
    } finally {
      await setDisabled(false);
    }
    expect(names(await h.browse(buyer.token))).toEqual(['Coastal Classics', 'Spring Drop']);
    expect((await h.sellers(buyer.token)).map((seller) => seller.id)).toContain(coastal.user.id);
  });

  describe('the search index follows every change (migration 0006 triggers)', () => {
    const find = async (q: string) => names(await h.browse(buyer.token, { q }));

    it('after a product is renamed (REST and sync push)', async () => {
      await h.updateProduct(emerald, blueDream.id, { strainName: 'Purple Haze' });
      expect(await find('dream')).toEqual([]);
      expect(await find('purple haze')).toEqual(['Spring Drop']);
      // Other fields of the product leave the document as it was.
      await h.updateProduct(emerald, blueDream.id, { pricePerUnit: '99' });
      expect(await find('haze')).toEqual(['Spring Drop']);

      const pushed = await t.request<PushResponse>('POST', '/api/sync/push', {
        token: emerald.token,
        body: { clientId: randomUUID(), mutations: [{ seq: 1, name: 'product.update', args: { id: blueDream.id, changes: { strainName: 'Blue Dream' } } }] },
      });
      expect(pushed.body.results).toEqual([{ seq: 1, outcome: 'applied' }]);
      expect(await find('haze')).toEqual([]);
      expect(await find('dream')).toEqual(['Spring Drop']);
      expect(await h.searchRows(spring.id)).toHaveLength(1);
    });

    it('after a product is added to or removed from a menu', async () => {
      const tangie = await h.product(emerald, { strainName: 'Tangie', category: 'vape' });
      expect(await find('tangie')).toEqual([]);
      await h.updateMenu(emerald, spring.id, { productIds: [blueDream.id, gelato.id, tangie.id] });
      expect(await find('tangie')).toEqual(['Spring Drop']);
      expect(names(await h.browse(buyer.token, { category: 'vape' }))).toEqual(['Spring Drop']);

      // Gelato leaves the public menu: only the private one still lists it, so search finds nothing.
      await h.updateMenu(emerald, spring.id, { productIds: [blueDream.id, tangie.id] });
      expect(await find('gelato')).toEqual([]);
      expect(names(await h.browse(buyer.token, { category: 'flower' }))).toEqual([]);

      // A new product put on the menu as it is created (selectedMenus).
      const mimosa = await h.product(emerald, { strainName: 'Mimosa', selectedMenus: [spring.id] });
      expect(await find('mimosa')).toEqual(['Spring Drop']);
      // Deleting a product takes it off every menu, and out of the index.
      await h.deleteProduct(emerald, mimosa.id);
      expect(await find('mimosa')).toEqual([]);
      expect(await find('tangie')).toEqual(['Spring Drop']);
      expect(await h.searchRows(spring.id)).toHaveLength(1);

      await h.updateMenu(emerald, spring.id, { productIds: [blueDream.id, gelato.id] });
      expect(await find('gelato')).toEqual(['Spring Drop']);
    });

    it('after the seller renames the business', async () => {
      await t.request('PUT', '/api/auth/user', { token: emerald.token, body: { businessName: 'Jade Mountain Growers' } });
      expect(await find('emerald')).toEqual([]);
      expect(await find('jade mountain')).toEqual(['Spring Drop']);
      expect((await h.browse(buyer.token, { q: 'jade' })).items[0]?.sellerName).toBe('Jade Mountain Growers');
      // Every menu of the seller follows, the private one too.
      expect((await h.searchRows(reserve.id))[0]).toContain('Jade Mountain Growers');
      await t.request('PUT', '/api/auth/user', { token: emerald.token, body: { businessName: 'Emerald Valley Farms' } });
      expect(await find('jade')).toEqual([]);
      expect(await find('emerald')).toEqual(['Spring Drop']);
    });

    it('after a menu is renamed, re-described, made private or public, and deleted', async () => {
      await h.updateMenu(emerald, spring.id, { name: 'Summer Harvest', description: 'Greenhouse grown' });
      expect(await find('spring')).toEqual([]);
      expect(await find('indoor')).toEqual([]);
      expect(await find('summer')).toEqual(['Summer Harvest']);
      expect(await find('greenhouse')).toEqual(['Summer Harvest']);

      await h.updateMenu(emerald, spring.id, { isPublic: false });
      expect(await find('summer')).toEqual([]);
      await h.updateMenu(emerald, reserve.id, { isPublic: true });
      expect(await find('reserve')).toEqual(['Private Reserve']);
      expect(await find('sour')).toEqual(['Private Reserve']);

      await h.deleteMenu(emerald, reserve.id);
      expect(await find('reserve')).toEqual([]);
      expect(await h.searchRows(reserve.id)).toEqual([]);
      // The products live on; no orphan document is left behind.
      expect(await t.services.db.read.all(sql`select menu_id from menu_search where menu_id not in (select id from menus)`)).toEqual([]);
      const documents = (await t.services.db.read.all<{ n: number }>(sql`select count(*) as n from menu_search`))[0]!.n;
      expect(documents).toBe((await t.services.db.read.select().from(menus).all()).length);
      expect(await t.services.db.read.select().from(menus).where(eq(menus.id, reserve.id)).get()).toBeUndefined();
    });
  });
});

describe('order and paging', () => {
  const BASE = Date.parse('2031-03-01T12:00:00.000Z');
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  let buyer: AuthResponse;
  let seller: AuthResponse;
  let other: AuthResponse;
  /** Menu ids in the order browse must show them. */
  let expected: string[];

  beforeAll(async () => {
    t = createTestApp({ now: () => new Date(BASE) });
    h = helpers(t);
    buyer = await t.registerUser('buyer');
    seller = await t.registerUser('seller', { businessName: 'Tick Tock Farms' });
    other = await t.registerUser('seller', { businessName: 'Other Farms' });
    const rose = await h.product(seller, { strainName: 'Rose Kush', category: 'flower' });
    // Groups of menus updated at the same millisecond, so only the id breaks ties.
    const made: Menu[] = [];
    const groups = [1, 4, 1, 3, 2];
    for (const [index, size] of groups.entries()) {
      for (let i = 0; i < size; i++) {
        const owner = i % 2 === 0 ? seller : other;
        const productIds = owner === seller && i % 3 === 0 ? [rose.id] : [];
        made.push(await h.menu(owner, { name: `Menu ${index}.${i}`, isPublic: true, productIds }));
      }
      await h.menu(seller, { name: `Hidden ${index}`, isPublic: false });
      t.clock.advance(1000);
    }
    // An edit moves an old menu to the top.
    await h.updateMenu(seller, made[0]!.id, { name: 'Menu 0.0 edited' });
    const current = (await h.browse(buyer.token, { limit: 50 })).items;
    expect(current).toHaveLength(made.length);
    expected = [...current].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || (a.menuId < b.menuId ? 1 : a.menuId > b.menuId ? -1 : 0)).map((item) => item.menuId);
  });
  afterAll(() => t.close());

  async function walk(params: Record<string, string | number>): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: BrowsePage = await h.browse(buyer.token, { ...params, ...(cursor && { cursor }) });
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(Number(params.limit));
      if (page.nextCursor) expect(page.items).toHaveLength(Number(params.limit));
      ids.push(...page.items.map((item) => item.menuId));
      cursor = page.nextCursor;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return { ids, pages };
  }

  it('shows the most recently updated first, ties broken by id', async () => {
    const items = (await h.browse(buyer.token, { limit: 50 })).items;
    expect(items.map((item) => item.menuId)).toEqual(expected);
    expect(items[0]!.name).toBe('Menu 0.0 edited');
    const times = items.map((item) => item.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    // Five groups made a second apart, the first one since moved up by its edit.
    expect(new Set(times).size).toBe(5);
  });

  it.each([1, 2, 3, 4, 5, 11, 50])('walks every menu exactly once with limit %i', async (limit) => {
    const { ids, pages } = await walk({ limit });
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
  });

  it('pages with filters too', async () => {
    const bySeller = (await h.browse(buyer.token, { sellerId: seller.user.id, limit: 50 })).items.map((item) => item.menuId);
    expect(bySeller.length).toBeGreaterThan(2);
    expect(bySeller).toEqual(expected.filter((id) => bySeller.includes(id)));
    expect((await walk({ sellerId: seller.user.id, limit: 2 })).ids).toEqual(bySeller);

    const searched = (await h.browse(buyer.token, { q: 'menu', limit: 50 })).items.map((item) => item.menuId);
    expect(searched).toEqual(expected);
    expect((await walk({ q: 'menu', limit: 3 })).ids).toEqual(expected);

    const flower = (await h.browse(buyer.token, { category: 'flower', limit: 50 })).items.map((item) => item.menuId);
    expect(flower.length).toBeGreaterThan(1);
    expect((await walk({ category: 'flower', limit: 1 })).ids).toEqual(flower);
  });

  it('gives no next cursor when the last page is exactly full, and a stale or garbled cursor does not fail', async () => {
    const all = await h.browse(buyer.token, { limit: expected.length });
    expect(all.items).toHaveLength(expected.length);
    expect(all.nextCursor).toBeNull();
    const first = await h.browse(buyer.token, { limit: expected.length - 1 });
    expect(first.nextCursor).not.toBeNull();
    const last = await h.browse(buyer.token, { limit: 5, cursor: first.nextCursor! });
    expect(last.items.map((item) => item.menuId)).toEqual([expected[expected.length - 1]]);
    expect(last.nextCursor).toBeNull();
    expect((await t.request('GET', '/api/browse?cursor=%%%', { token: buyer.token })).status).toBeLessThan(500);
    expect((await t.request('GET', '/api/browse?cursor=bm90OmEtY3Vyc29y', { token: buyer.token })).status).toBeLessThan(500);
  });

  describe('query plans: every browse query rides an index', () => {
    /** Runs the request and returns the plan of each SQL statement the browse repository ran. */
    async function plansOf(path: string): Promise<string[][]> {
      const spy = vi.spyOn(t.services.db.read, 'all');
      const res = await t.request('GET', path, { token: buyer.token });
      expect(res.status).toBe(200);
      const statements = spy.mock.calls.map((call) => call[0] as SQLWrapper);
      spy.mockRestore();
      expect(statements.length).toBeGreaterThan(0);
      const plans = [];
      for (const statement of statements) plans.push(await planOf(t.services.db, statement));
      return plans;
    }
    const onPostgres = () => isPostgres(t.services.db.read);
    /**
     * A full scan of a real table: SQLite's SCAN (its FTS virtual table
     * reports its index lookups as a SCAN; subquery steps are indented), or
     * PostgreSQL's Seq Scan.
     */
    const fullScans = (plan: string[]) => plan.filter((detail) => (onPostgres() ? /Seq Scan/.test(detail) : /^\s*SCAN /.test(detail) && !/VIRTUAL TABLE/.test(detail)));
    /** PostgreSQL reads `menus` through the index (its planner picks an index or a bitmap scan by the rows it expects). */
    const readsMenusByIndex = (plan: string[]) =>
      plan.some((detail) => /Index Scan( Backward)? (using|on) menus_public_updated on menus m|Bitmap Index Scan on menus_public_updated/.test(detail));

    it('the newest-first order uses menus_public_updated, with no full scan', async () => {
      const [plan] = await plansOf('/api/browse?limit=5');
      expect(fullScans(plan!)).toEqual([]);
      if (onPostgres()) {
        expect(readsMenusByIndex(plan!)).toBe(true);
      } else {
        expect(plan).toContain('SEARCH m USING INDEX menus_public_updated (is_public=?)');
        // The index gives (updated_at, id) in order: nothing is sorted after reading.
        expect(plan!.filter((detail) => /^USE TEMP B-TREE FOR (LAST TERM OF )?ORDER BY/.test(detail))).toEqual([]);
      }
    });

    it('a next page seeks into menus_public_updated from the cursor', async () => {
      const first = await h.browse(buyer.token, { limit: 3 });
      const [plan] = await plansOf(`/api/browse?limit=3&cursor=${first.nextCursor}`);
      expect(fullScans(plan!)).toEqual([]);
      if (onPostgres()) expect(plan!.some((detail) => /Index Cond: \(\(is_public = 1\) AND \(updated_at <= /.test(detail))).toBe(true);
      else expect(plan).toContain('SEARCH m USING INDEX menus_public_updated (is_public=? AND updated_at<?)');
    });

    it('search uses the full-text index; category and seller filters do not scan', async () => {
      const [searched] = await plansOf('/api/browse?q=rose');
      expect(fullScans(searched!)).toEqual([]);
      if (onPostgres()) {
        // With a few menus the planner checks each one's document; the GIN index answers the words alone.
        expect(searched!.some((detail) => /document @@ '''rose'':\*'::tsquery/.test(detail))).toBe(true);
        const byWords = await planOf(t.services.db, sql`select menu_id from menu_search where document @@ to_tsquery('simple', 'rose:*')`);
        expect(byWords.some((detail) => /Bitmap Index Scan on menu_search_document/.test(detail))).toBe(true);
      } else {
        expect(searched!.some((detail) => /menu_search VIRTUAL TABLE INDEX \d+:M/.test(detail))).toBe(true);
      }

      const [category] = await plansOf('/api/browse?category=flower');
      expect(fullScans(category!)).toEqual([]);
      expect(category!.some((detail) => (onPostgres() ? /Index Scan (using|on) menu_items_\w+/ : /^\s+SEARCH mi USING .*INDEX/).test(detail))).toBe(true);

      const [bySeller] = await plansOf(`/api/browse?sellerId=${seller.user.id}`);
      expect(fullScans(bySeller!)).toEqual([]);

      const [all] = await plansOf(`/api/browse?q=menu&category=flower&sellerId=${seller.user.id}&limit=2&cursor=${(await h.browse(buyer.token, { limit: 2 })).nextCursor}`);
      expect(fullScans(all!)).toEqual([]);
    });

    it('the seller list does not scan menus', async () => {
      const [plan] = await plansOf('/api/browse/sellers');
      if (onPostgres()) expect(readsMenusByIndex(plan!)).toBe(true);
      else expect(plan).toContain('SEARCH m USING INDEX menus_public_updated (is_public=?)');
      expect(fullScans(plan!)).toEqual([]);
    });
  });
});
