/**
 * Creating products many at once (as a push applies a run of creations) comes
 * to exactly what creating them one after another does: the same outcome for
 * each, the same rows, the same order in menus. The reference is a plain model
 * of the rules applied one creation at a time (the service has one path for one
 * creation and for many, so comparing it with itself would prove nothing).
 * Random lists mix what makes one creation depend on another: an id or a SKU
 * again, one already taken, a menu that is not the seller's, a gallery of
 * uploaded, missing and someone else's photos. Input that fails its schema
 * never reaches a run: the push refuses it first (api/sync/sync-push.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { menuCreateSchema } from '../../sync/entities/menu';
import { productCreateSchema } from '../../sync/entities/product';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Member } from '../context';
import { insertPhoto } from '../db/repositories/photos';
import { menuItems, products } from '../db/schema';
import { createMenu } from '../menus/menu-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createProduct, createProducts, type Created } from './product-service';
import { propertyOptions } from '../../sync/testing/seeded-random';

let app: TestApp;
let stranger: User;

beforeAll(async () => {
  app = createTestApp();
  stranger = (await app.registerUser('seller')).user;
});
afterAll(async () => {
  await app.close();
});

type Pick = { id: number; sku: number; menus: number[]; photos: number[] };

const creationPick = fc.record({
  id: fc.nat({ max: 4 }),
  sku: fc.nat({ max: 3 }),
  menus: fc.array(fc.nat({ max: 2 }), { maxLength: 3 }),
  photos: fc.array(fc.nat({ max: 3 }), { maxLength: 3 }),
});

async function addPhoto(userId: string): Promise<{ id: string; url: string }> {
  return app.services.db.transaction((tx) =>
    insertPhoto(
      tx.db,
      { id: randomUUID(), userId, sha256: randomUUID().replaceAll('-', ''), contentType: 'image/jpeg', size: 1, purpose: 'product' },
      tx.version,
      app.services.now(),
    ),
  );
}

type Ids = { taken: string; menus: string[]; photos: { id: string; url: string | null }[] };

/** A seller with one product (id and SKU taken) shown on the first of two menus, two uploaded photos; a third photo is someone else's, a fourth not uploaded. */
async function seller(): Promise<{ seller: User; by: Member; ids: Ids }> {
  const seller = (await app.registerUser('seller')).user;
  const by: Member = { userId: seller.id, role: 'owner' };
  const ids: Ids = {
    taken: randomUUID(),
    menus: [randomUUID(), randomUUID()],
    photos: [await addPhoto(seller.id), await addPhoto(seller.id), { ...(await addPhoto(stranger.id)), url: null }, { id: randomUUID(), url: null }],
  };
  await createProduct(app.services, seller, productCreateSchema.parse({ id: ids.taken, strainName: 'Taken', sku: 'SKU-0' }), by);
  await createMenu(app.services, seller, menuCreateSchema.parse({ id: ids.menus[0], name: 'First', productIds: [ids.taken] }), by);
  await createMenu(app.services, seller, menuCreateSchema.parse({ id: ids.menus[1], name: 'Second', productIds: [] }), by);
  return { seller, by, ids };
}

type Row = { id: string; name: string; sku: string | null; photoUrl: string | null };
type State = { rows: Row[]; items: { menuId: string; productId: string; position: number }[] };

/** The rules, one creation at a time: the schema, the menus, the SKU, the id, then the row and its place at the end of each menu. */
function sequentially(inputs: z.output<typeof productCreateSchema>[], ids: Ids): { outcomes: Created[]; state: State } {
  const rows = new Map<string, Row>([[ids.taken, { id: ids.taken, name: 'Taken', sku: 'SKU-0', photoUrl: null }]]);
  const menus = new Map<string, string[]>([
    [ids.menus[0]!, [ids.taken]],
    [ids.menus[1]!, []],
  ]);
  const uploaded = new Map(ids.photos.flatMap((photo) => (photo.url ? [[photo.id, photo.url] as const] : [])));
  const outcomes = inputs.map((creation): Created => {
    try {
      const id = creation.id!;
      if (!creation.selectedMenus.every((menuId) => menus.has(menuId))) {
        throw new AppError('validation', 'One of the selected menus does not exist', { selectedMenus: 'Unknown menu' });
      }
      const holder = [...rows.values()].find((row) => creation.sku && row.sku === creation.sku);
      if (holder && holder.id !== id) throw new AppError('validation', `SKU ${creation.sku} is already used by ${holder.name}`);
      if (rows.has(id)) throw new AppError('conflict', 'A product with this id already exists');
      const cover = creation.photoIds.map((photoId) => uploaded.get(photoId)).find((url) => url !== undefined);
      rows.set(id, { id, name: creation.strainName, sku: creation.sku ?? null, photoUrl: cover ?? null });
      for (const menuId of new Set(creation.selectedMenus)) menus.get(menuId)!.push(id);
      return { product: { id, strainName: creation.strainName } as never };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { refused: error };
    }
  });
  const items = [...menus].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([menuId, productIds]) => productIds.map((productId, position) => ({ menuId, productId, position })));
  return { outcomes, state: { rows: [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1)), items } };
}

const outcomeOf = (created: Created) =>
  'refused' in created ? { reason: created.refused.reason, message: created.refused.message } : { id: created.product.id, name: created.product.strainName };

async function stateOf(sellerId: string, menuIds: string[]): Promise<State> {
  const db = app.services.db.read;
  const rows = await db
    .select({ id: products.id, name: products.strainName, sku: products.sku, photoUrl: products.photoUrl })
    .from(products)
    .where(eq(products.userId, sellerId))
    .orderBy(asc(products.id))
    .all();
  const items = await db
    .select({ menuId: menuItems.menuId, productId: menuItems.productId, position: menuItems.position })
    .from(menuItems)
    .where(inArray(menuItems.menuId, menuIds))
    .orderBy(asc(menuItems.menuId), asc(menuItems.position))
    .all();
  return { rows, items };
}

describe('creating products many at once', () => {
  it('comes to what creating them one after another does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(creationPick, { minLength: 1, maxLength: 12 }), async (picks: Pick[]) => {
        const { seller: owner, by, ids } = await seller();
        const productIds = [ids.taken, randomUUID(), randomUUID(), randomUUID(), randomUUID()];
        const menuIds = [...ids.menus, randomUUID()];
        const inputs = picks.map((pick, n) =>
          productCreateSchema.parse({
            id: productIds[pick.id],
            strainName: `Strain ${n}`,
            sku: pick.sku === 3 ? null : `SKU-${pick.sku}`,
            selectedMenus: pick.menus.map((menu) => menuIds[menu]),
            photoIds: pick.photos.map((photo) => ids.photos[photo]!.id),
          }),
        );

        const expected = sequentially(inputs, ids);
        const batched = await createProducts(app.services, owner, inputs, by);

        expect(batched.map(outcomeOf)).toEqual(expected.outcomes.map(outcomeOf));
        expect(await stateOf(owner.id, ids.menus)).toEqual(expected.state);
      }),
      propertyOptions(20),
    );
    // A seller, two menus and a dozen creations a run: a loaded machine on PostgreSQL needs the time.
  }, 180_000);

  // More values than a statement binds (SQLite 32,766): each of 60 products on each of 200 menus is 12,000 menu items.
  it('puts every product on many menus at once', async () => {
    const owner = (await app.registerUser('seller')).user;
    const by: Member = { userId: owner.id, role: 'owner' };
    const menuIds: string[] = [];
    for (let n = 0; n < 200; n++) menuIds.push((await createMenu(app.services, owner, menuCreateSchema.parse({ name: `Menu ${n}`, productIds: [] }), by)).id);
    const inputs = Array.from({ length: 60 }, (_, n) => productCreateSchema.parse({ id: randomUUID(), strainName: `Strain ${n}`, selectedMenus: menuIds }));

    const created = await createProducts(app.services, owner, inputs, by);

    expect(created.filter((one) => 'product' in one)).toHaveLength(60);
    const items = await stateOf(owner.id, menuIds);
    expect(items.items).toHaveLength(12_000);
    expect(items.items.filter((item) => item.menuId === menuIds[7]).map((item) => item.productId)).toEqual(inputs.map((input) => input.id));
  }, 60_000);

  // 70 creations naming 500 menus each that do not exist: 35,000 ids to look up, and every creation refused, none a server error.
  it('refuses creations naming many unknown menus', async () => {
    const owner = (await app.registerUser('seller')).user;
    const inputs = Array.from({ length: 70 }, (_, n) => productCreateSchema.parse({ strainName: `Strain ${n}`, selectedMenus: Array.from({ length: 500 }, () => randomUUID()) }));

    const created = await createProducts(app.services, owner, inputs, { userId: owner.id, role: 'owner' });

    expect(created.map((one) => ('refused' in one ? one.refused.message : 'created'))).toEqual(inputs.map(() => 'One of the selected menus does not exist'));
  }, 60_000);
});
