/**
 * What a team owns, checked collection by collection from the slices' `owned` (api/registry.ts): one row of every synced collection is made
 * through the API (the fixtures below must name each one, or this file does not compile), then exported, deleted where
 * devices learn of deletions from a trigger, and cleared by closing the account, on whichever engine the run uses.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName } from '../../../sync/contract/collections';
import type { AuthResponse } from '../../../sync/entities/user';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import { tombstones } from '../schema';
import { SERVER_SLICES, TEAM_TABLES } from '../../registry';
import { hasTeamData } from './team-data';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

async function made(method: string, path: string, who: AuthResponse, body: Record<string, unknown>): Promise<string> {
  const res = await t.request<{ id: string }>(method, path, { token: who.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.id;
}

type Parties = { seller: AuthResponse; buyer: AuthResponse };
type Rows = { [K in CollectionName]: string };

/** One row of every collection, each owned by the seller or the buyer, as the slices' `owned` (api/registry.ts) says. */
async function oneOfEach({ seller, buyer }: Parties): Promise<Rows> {
  const products = await made('POST', '/api/products', seller, { strainName: 'Ledger Kush', pricePerUnit: '10', lotSize: 1, availableQuantity: '50' });
  const menuBody = { name: 'Ledger Menu', productIds: [products], isPublic: true };
  const menu = await t.request<{ id: string; publicLinkId: string }>('POST', '/api/menus', { token: seller.token, body: menuBody });
  expect(menu.status).toBe(201);
  const link = { menuId: menu.body.id, publicLinkId: menu.body.publicLinkId };
  const priceLists = await made('POST', '/api/price-lists', seller, { name: 'Ledger Tier', entries: [] });
  const rows = {
    products,
    menus: menu.body.id,
    savedMenus: await made('POST', '/api/saved-menus', buyer, link),
    inquiries: await made('POST', '/api/inquiries', buyer, { id: randomUUID(), ...link, kind: 'message', message: 'Hello' }),
    priceLists,
    customers: await made('POST', '/api/customers', seller, { name: 'Ledger Dispensary', email: 'ledger@dispensary.example', priceListId: priceLists }),
    orders: await made('POST', '/api/orders', buyer, { id: randomUUID(), menuId: menu.body.id, lines: [{ productId: products, quantity: '1' }] }),
  } satisfies Rows;
  return rows;
}

/** The party whose row each collection's fixture is: the buyer's saved copy, the seller's everything else (a conversation and an order name both). */
function ownerOf(name: CollectionName, parties: Parties): AuthResponse {
  return name === 'savedMenus' ? parties.buyer : parties.seller;
}

describe('what a team owns', () => {
  let parties: Parties;
  let rows: Rows;
  beforeAll(async () => {
    parties = { seller: await t.registerUser('seller', { businessName: 'Ledger Farms' }), buyer: await t.registerUser('buyer', { companyName: 'Ledger Buyers' }) };
    rows = await oneOfEach(parties);
  });

  it("exports every collection's rows to the team that owns them, under the name 'Download my data' gives them", async () => {
    for (const name of COLLECTION_NAMES) {
      const owner = ownerOf(name, parties);
      const exported = await t.request<Record<string, Array<{ id: string }>>>('GET', '/api/account/export', { token: owner.token });
      expect(
        exported.body[SERVER_SLICES[name].owned.exportedAs]?.map((row) => row.id),
        name,
      ).toContain(rows[name]);
    }
  });

  it('says a team with rows holds business data, and a new one does not', async () => {
    expect(await hasTeamData(t.services.db.read, parties.seller.user.id, TEAM_TABLES)).toBe(true);
    expect(await hasTeamData(t.services.db.read, parties.buyer.user.id, TEAM_TABLES)).toBe(true);
    expect(await hasTeamData(t.services.db.read, (await t.registerUser('seller')).user.id, TEAM_TABLES)).toBe(false);
  });

  it('leaves a tombstone naming the owner for every row of a collection deleted by trigger', async () => {
    for (const name of COLLECTION_NAMES) {
      const entry = SERVER_SLICES[name].owned;
      if (entry.deletion !== 'trigger') continue;
      const entity = COLLECTIONS[name].tombstone!;
      const { table } = entry;
      const idColumn = getTableColumns(table).id!;
      const version = await t.services.db.transaction(async (tx) => {
        await tx.db.delete(table).where(eq(idColumn, rows[name])).run();
        return tx.version;
      });
      const left = await t.services.db.read
        .select()
        .from(tombstones)
        .where(and(eq(tombstones.entity, entity), eq(tombstones.entityId, rows[name])))
        .get();
      expect(left, name).toEqual({ entity, entityId: rows[name], userId: ownerOf(name, parties).user.id, version });
    }
  });
});

it("closing an account deletes the team's rows of every collection it alone keeps, and leaves the other party theirs", async () => {
  const parties = { seller: await t.registerUser('seller', { businessName: 'Closing Ledger Farms' }), buyer: await t.registerUser('buyer', { companyName: 'Staying Buyers' }) };
  const rows = await oneOfEach(parties);
  expect((await t.request('POST', '/api/account/delete', { token: parties.seller.token, body: { password: TEST_PASSWORD } })).status).toBe(204);

  // The buyer's side of a conversation and of an order outlives the seller; nothing else of the seller's does.
  const sharedWithTheBuyer: CollectionName[] = ['inquiries', 'orders'];
  for (const name of COLLECTION_NAMES) {
    if (ownerOf(name, parties) !== parties.seller) continue;
    const { table } = SERVER_SLICES[name].owned;
    const idColumn = getTableColumns(table).id!;
    const row = await t.services.db.read.select().from(table).where(eq(idColumn, rows[name])).get();
    expect(Boolean(row), name).toBe(sharedWithTheBuyer.includes(name));
  }
});
