/** A seller's catalogue: every product write goes through here, from REST routes and sync alike. */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { productCreateSchema, productUpdateSchema } from '../../sync/entities/product';
import { type Product } from '../../sync/entities/product';
import type { Photo } from '../../sync/entities/photo';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { potencyConflicts, settlePotency } from '../../sync/rules/potency';
import {
  can,
  mayDelete,
  mayEditMenu,
  PRICE_AND_STOCK_FIELDS,
  REP_DELETE_MESSAGE,
  REP_MENU_MESSAGE,
  REP_NEW_PRODUCT_PRICE_MESSAGE,
  REP_PRICE_MESSAGE,
  setsPriceOrStock,
} from '../../sync/rules/team-permissions';
import type { Member, Services } from '../context';
import type { Tx } from '../db/database';
import { appendMenuProducts, menuIdsContainingProduct, menusOwnedBy, touchMenus } from '../db/repositories/menus';
import {
  deleteProduct as deleteProductRow,
  findProduct,
  findProductBySku,
  findProductsBySkus,
  insertProducts,
  listProductsByOwner,
  setProductCover,
  updateProduct as updateProductRow,
} from '../db/repositories/products';
import { ownPhotosByIds, productIdsUsingPhoto } from '../db/repositories/photos';
import { assertOwnUpload, notOwnUploadMessage } from '../photos/own-upload';
import { assertSellerMayWrite } from '../billing/entitlement-gate';
import { skuTakenMessage } from '../../sync/entities/product-sku';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PHOTO_URL_NOT_OWN = notOwnUploadMessage('Photo URL');

export function listProducts(services: Services, seller: User): Promise<Product[]> {
  return listProductsByOwner(services.db.read, seller.id);
}

/** The product, when it exists and belongs to the seller; anyone else's is "not found", so ids reveal nothing. */
export async function ownedProduct(tx: Pick<Tx, 'db'>, seller: User, id: string): Promise<Product> {
  const product = await findProduct(tx.db, id);
  if (!product || product.userId !== seller.id) throw new AppError('not_found', PRODUCT_NOT_FOUND);
  return product;
}

export async function createProduct(services: Services, seller: User, input: z.output<typeof productCreateSchema>, by: Member): Promise<Product> {
  const [created] = await createProducts(services, seller, [input], by);
  if (!created || 'refused' in created) throw created?.refused ?? new Error('No product was created');
  return created.product;
}

/** What one creation of a batch came to: the new product, or why it was refused (and nothing of it written). */
export type Created = { product: Product } | { refused: AppError };

type Creation = Omit<z.output<typeof productCreateSchema>, 'id'> & { id: string; index: number };

/**
 * Creates products in order, each exactly as it would be alone after the ones
 * before it: one refused leaves the others. A device pushes a catalogue as
 * hundreds of creations in a row; checked with one query per kind and written
 * by one statement, they cost a few round trips to the database, not one or
 * more each.
 */
export async function createProducts(services: Services, seller: User, inputs: z.output<typeof productCreateSchema>[], by: Member): Promise<Created[]> {
  const outcomes: Created[] = [];
  const creations: Creation[] = [];
  let lapsed: AppError | null = null;
  try {
    assertSellerMayWrite(seller, services.now());
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    lapsed = error;
  }
  inputs.forEach((input, index) => {
    try {
      const { id, ...fields } = input;
      assertPotencyConsistent(fields);
      if (lapsed) throw lapsed;
      creations.push({ ...fields, id: id ?? randomUUID(), index });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[index] = { refused: error };
    }
  });
  if (creations.length === 0) return outcomes;
  await services.db.transaction(async (tx) => {
    for (const run of runsOfIndependent(creations)) {
      for (const [index, outcome] of await createRun(tx, seller, run, by, services.now())) outcomes[index] = outcome;
    }
  });
  return outcomes;
}

/** Splits where a creation names an id or SKU an earlier one of the same run names: its checks then see that one written (or refused). */
function runsOfIndependent(creations: Creation[]): Creation[][] {
  const runs: Creation[][] = [];
  let ids = new Set<string>();
  let skus = new Set<string>();
  for (const creation of creations) {
    if (runs.length === 0 || ids.has(creation.id) || (creation.sku && skus.has(creation.sku))) {
      runs.push([]);
      ids = new Set();
      skus = new Set();
    }
    runs.at(-1)!.push(creation);
    ids.add(creation.id);
    if (creation.sku) skus.add(creation.sku);
  }
  return runs;
}

/** Creations none of which depends on another: each checked as `createProduct` always has, in the same order, then all written at once. */
async function createRun(tx: Tx, seller: User, run: Creation[], by: Member, now: Date): Promise<Map<number, Created>> {
  const outcomes = new Map<number, Created>();
  const menuMakers = await menusOwnedBy(tx.db, seller.id, [...new Set(run.flatMap((creation) => creation.selectedMenus))]);
  const skuHolders = await findProductsBySkus(tx.db, seller.id, [...new Set(run.flatMap((creation) => (creation.sku ? [creation.sku] : [])))]);
  const photos = await ownPhotosByIds(tx.db, seller.id, [...new Set(run.flatMap((creation) => creation.photoIds))]);
  const accepted: (Creation & { menus: string[] })[] = [];
  for (const { selectedMenus, ...creation } of run) {
    try {
      assertRepLeavesPriceAndStock(by, creation);
      const menus = [...new Set(selectedMenus)];
      if (!menus.every((menuId) => menuMakers.has(menuId))) {
        throw new AppError('validation', 'One of the selected menus does not exist', { selectedMenus: 'Unknown menu' });
      }
      if (!menus.every((menuId) => mayEditMenu(by.role, by.userId, menuMakers.get(menuId) ?? null))) {
        throw new AppError('forbidden', REP_MENU_MESSAGE, { selectedMenus: REP_MENU_MESSAGE });
      }
      await assertOwnUpload(tx.db, seller.id, 'photoUrl', 'Photo URL', creation.photoUrl);
      assertSkuFree(creation.sku, skuHolders.get(creation.sku ?? ''), creation.id);
      const photoUrl = coverOf(photos, creation.photoIds, creation.photoUrl);
      accepted.push({ ...creation, selectedMenus, photoUrl, menus });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.set(creation.index, { refused: error });
    }
  }
  const written = await insertProducts(
    tx.db,
    accepted.map(({ index: _index, menus: _menus, selectedMenus: _selected, ...fields }) => ({ ...fields, userId: seller.id, createdBy: by.userId })),
    tx.version,
    now,
  );
  const shown: { menuId: string; productId: string }[] = [];
  for (const creation of accepted) {
    const product = written.get(creation.id);
    outcomes.set(creation.index, product ? { product } : { refused: new AppError('conflict', 'A product with this id already exists') });
    if (product) shown.push(...creation.menus.map((menuId) => ({ menuId, productId: product.id })));
  }
  await appendMenuProducts(tx.db, shown);
  await touchMenus(tx.db, [...new Set(shown.map((item) => item.menuId))], tx.version, now);
  return outcomes;
}

/** A rep's new product comes without a price or stock: setting either is refused, as changing them would be. */
function assertRepLeavesPriceAndStock(by: Member, fields: Pick<Product, 'pricePerUnit' | 'availableQuantity'>): void {
  if (can(by.role, 'product.priceAndStock') || !setsPriceOrStock(fields)) return;
  const fieldErrors = Object.fromEntries(
    PRICE_AND_STOCK_FIELDS.filter((field) => setsPriceOrStock({ [field]: fields[field] })).map((field) => [field, REP_NEW_PRODUCT_PRICE_MESSAGE]),
  );
  throw new AppError('forbidden', REP_NEW_PRODUCT_PRICE_MESSAGE, fieldErrors);
}

/** A rep may change anything but the price and the stock: a change that would set either to another value is refused. */
export async function updateProduct(services: Services, seller: User, id: string, input: z.output<typeof productUpdateSchema>, by: Member): Promise<Product> {
  const fields = settlePotency(input);
  assertPotencyConsistent(fields);
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const current = await ownedProduct(tx, seller, id);
    const changesPriceOrStock = PRICE_AND_STOCK_FIELDS.some((field) => fields[field] !== undefined && fields[field] !== current[field]);
    if (changesPriceOrStock && !can(by.role, 'product.priceAndStock')) throw new AppError('forbidden', REP_PRICE_MESSAGE);
    await assertOwnUpload(tx.db, seller.id, 'photoUrl', 'Photo URL', fields.photoUrl);
    if (fields.sku) assertSkuFree(fields.sku, await findProductBySku(tx.db, seller.id, fields.sku), id);
    const photoIds = fields.photoIds ?? current.photoIds;
    const changes = { ...fields };
    if (fields.photoIds !== undefined || fields.photoUrl !== undefined) {
      changes.photoUrl = await coverUrl(tx.db, seller.id, photoIds, fields.photoUrl ?? current.photoUrl);
    }
    return updateProductRow(tx.db, id, changes, by.userId, tx.version, services.now());
  });
}

/** A percentage and "below detection" for the same potency contradict each other: refused rather than one of them guessed. */
function assertPotencyConsistent(fields: Parameters<typeof potencyConflicts>[0]): void {
  const errors = potencyConflicts(fields);
  const [first] = Object.values(errors);
  if (first) throw new AppError('validation', first, errors);
}

/** A SKU names one product of a catalogue (sync/entities/product-sku.ts): the device checks it in the form with the same words. */
function assertSkuFree(sku: string | null | undefined, holder: Product | null | undefined, productId: string): void {
  if (!sku || !holder || holder.id === productId) return;
  const message = skuTakenMessage(sku, holder.strainName);
  throw new AppError('validation', message, { sku: message });
}

/**
 * The cover's address: the first photo of the gallery that has been uploaded.
 * A product without a gallery keeps the address it was given (the REST
 * payload's photoUrl).
 */
async function coverUrl(db: Tx['db'], sellerId: string, photoIds: string[], givenUrl: string | null): Promise<string | null> {
  return coverOf(await ownPhotosByIds(db, sellerId, photoIds), photoIds, givenUrl);
}

function coverOf(uploaded: Map<string, Photo>, photoIds: string[], givenUrl: string | null): string | null {
  if (photoIds.length === 0) return givenUrl;
  for (const id of photoIds) {
    const photo = uploaded.get(id);
    if (photo) return photo.url;
  }
  return null;
}

/** A photo has arrived: every product of its owner that names it gets its cover (re)computed, and so changes for replicas and caches. */
export async function refreshCoversUsing(tx: Tx, sellerId: string, photoId: string, now: Date): Promise<void> {
  for (const productId of await productIdsUsingPhoto(tx.db, sellerId, photoId)) {
    const product = await findProduct(tx.db, productId);
    if (!product) continue;
    await setProductCover(tx.db, productId, await coverUrl(tx.db, sellerId, product.photoIds, product.photoUrl), tx.version, now);
  }
}

/** Deletes the product (a rep only one they added); every menu that showed it changes too, so replicas and caches learn of it. */
export async function deleteProduct(services: Services, seller: User, id: string, by: Member): Promise<void> {
  await services.db.transaction(async (tx) => {
    const product = await ownedProduct(tx, seller, id);
    if (!mayDelete(by.role, by.userId, product.createdBy ?? null)) throw new AppError('forbidden', REP_DELETE_MESSAGE);
    await touchMenus(tx.db, await menuIdsContainingProduct(tx.db, id), tx.version, services.now());
    await deleteProductRow(tx.db, id);
  });
}
