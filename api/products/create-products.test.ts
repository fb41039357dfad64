/**
 * Creating products many at once (as a push applies a run of creations) comes
 * to exactly what creating them one after another does: the same outcome for
 * each, the same rows, the same order in menus. Random lists mix what makes
 * one creation depend on another: an id or a SKU again, one already taken,
 * a menu that is not the seller's, input that fails its schema.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import type { Member } from '../context';
import { menuItems, products } from '../db/schema';
import { createMenu } from '../menus/menu-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createProduct, createProducts, type Created } from './product-service';

let oneByOne: TestApp;
let together: TestApp;

beforeAll(() => {
  oneByOne = createTestApp();
  together = createTestApp();
});
afterAll(async () => {
  await Promise.all([oneByOne.close(), together.close()]);
});

type Pick = { id: number; sku: number; menus: number[]; invalid: boolean };

const creationPick = fc.record({
  id: fc.nat({ max: 4 }),
  sku: fc.nat({ max: 3 }),
  menus: fc.array(fc.nat({ max: 2 }), { maxLength: 3 }),
  invalid: fc.nat({ max: 7 }).map((n) => n === 0),
});

/** A seller with one product (id and SKU taken) shown on one of two menus; the same on both apps, by the same ids. */
async function sellerOn(app: TestApp, ids: { taken: string; menus: string[] }): Promise<{ seller: User; by: Member }> {
  const seller = (await app.registerUser('seller')).user;
  const by: Member = { userId: seller.id, role: 'owner' };
  await createProduct(app.services, seller, { id: ids.taken, strainName: 'Taken', sku: 'SKU-0' }, by);
  await createMenu(app.services, seller, { id: ids.menus[0], name: 'First', productIds: [ids.taken] }, by);
  await createMenu(app.services, seller, { id: ids.menus[1], name: 'Second', productIds: [] }, by);
  return { seller, by };
}

const outcomeOf = (created: Created) =>
  'refused' in created ? { reason: created.refused.reason, message: created.refused.message } : { id: created.product.id, name: created.product.strainName };

async function stateOf(app: TestApp, sellerId: string, menuIds: string[]) {
  const db = app.services.db.read;
  const rows = await db
    .select({ id: products.id, name: products.strainName, sku: products.sku })
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
        const ids = { taken: randomUUID(), menus: [randomUUID(), randomUUID()] };
        const productIds = [ids.taken, randomUUID(), randomUUID(), randomUUID(), randomUUID()];
        const menuIds = [...ids.menus, randomUUID()];
        const inputs = picks.map((pick, n) => ({
          id: productIds[pick.id],
          strainName: pick.invalid ? '' : `Strain ${n}`,
          sku: pick.sku === 3 ? null : `SKU-${pick.sku}`,
          selectedMenus: pick.menus.map((menu) => menuIds[menu]),
        }));

        const alone = await sellerOn(oneByOne, ids);
        const sequential: Created[] = [];
        for (const input of inputs) {
          try {
            sequential.push({ product: await createProduct(oneByOne.services, alone.seller, input, alone.by) });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            sequential.push({ refused: error });
          }
        }
        const batch = await sellerOn(together, ids);
        const batched = await createProducts(together.services, batch.seller, inputs, batch.by);

        expect(batched.map(outcomeOf)).toEqual(sequential.map(outcomeOf));
        expect(await stateOf(together, batch.seller.id, ids.menus)).toEqual(await stateOf(oneByOne, alone.seller.id, ids.menus));
      }),
      { numRuns: 20 },
    );
    // Two sellers, two menus and a dozen creations a run: a loaded machine on PostgreSQL needs the time.
  }, 180_000);
});
