/** A seller's catalogue: every product write goes through here, from REST routes and sync alike. */
import { randomUUID } from 'node:crypto';
import { productCreateSchema, productUpdateSchema, type Product } from '../../sync/entities/product';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { can, mayDelete, PRICE_AND_STOCK_FIELDS, REP_DELETE_MESSAGE, REP_PRICE_MESSAGE } from '../../sync/team-permissions';
import { parseOrThrow } from '../../sync/validation';
import type { Member, Services } from '../context';
import type { Tx } from '../db/database';
import { appendMenuProduct, menuIdsContainingProduct, menusOwnedBy, touchMenus } from '../db/repositories/menus';
import {
  deleteProduct as deleteProductRow,
  findProduct,
  findProductBySku,
  insertProduct,
  listProductsByOwner,
  setProductCover,
  updateProduct as updateProductRow,
} from '../db/repositories/products';
import { ownPhotosByIds, productIdsUsingPhoto } from '../db/repositories/photos';
import { assertOwnUpload, notOwnUploadMessage } from '../photos/own-upload';
import { assertSellerMayWrite } from '../billing/entitlement-gate';

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

export async function createProduct(services: Services, seller: User, input: unknown, by: Member): Promise<Product> {
  const { id, selectedMenus, ...fields } = parseOrThrow(productCreateSchema, input);
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const productId = id ?? randomUUID();
    const ownMenus = await menusOwnedBy(tx.db, seller.id, selectedMenus);
    if (ownMenus.length !== new Set(selectedMenus).size) {
      throw new AppError('validation', 'One of the selected menus does not exist', { selectedMenus: 'Unknown menu' });
    }
    await assertOwnUpload(tx.db, seller.id, 'photoUrl', 'Photo URL', fields.photoUrl);
    await assertSkuFree(tx.db, seller.id, fields.sku, productId);
    const now = services.now();
    const photoUrl = await coverUrl(tx.db, seller.id, fields.photoIds, fields.photoUrl);
    const product = await insertProduct(tx.db, { ...fields, photoUrl, id: productId, userId: seller.id, createdBy: by.userId }, tx.version, now);
    if (!product) throw new AppError('conflict', 'A product with this id already exists');
    for (const menuId of ownMenus) await appendMenuProduct(tx.db, menuId, productId);
    await touchMenus(tx.db, ownMenus, tx.version, now);
    return product;
  });
}

/** A rep may change anything but the price and the stock: a change that would set either to another value is refused. */
export async function updateProduct(services: Services, seller: User, id: string, input: unknown, by: Member): Promise<Product> {
  const fields = parseOrThrow(productUpdateSchema, input);
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const current = await ownedProduct(tx, seller, id);
    const changesPriceOrStock = PRICE_AND_STOCK_FIELDS.some((field) => fields[field] !== undefined && fields[field] !== current[field]);
    if (changesPriceOrStock && !can(by.role, 'product.priceAndStock')) throw new AppError('forbidden', REP_PRICE_MESSAGE);
    await assertOwnUpload(tx.db, seller.id, 'photoUrl', 'Photo URL', fields.photoUrl);
    await assertSkuFree(tx.db, seller.id, fields.sku, id);
    const photoIds = fields.photoIds ?? current.photoIds;
    const changes = { ...fields };
    if (fields.photoIds !== undefined || fields.photoUrl !== undefined) {
      changes.photoUrl = await coverUrl(tx.db, seller.id, photoIds, fields.photoUrl ?? current.photoUrl);
    }
    return updateProductRow(tx.db, id, changes, by.userId, tx.version, services.now());
  });
}

/** A SKU names one product of a catalogue: a re-import matches rows on it, so two products with one SKU would make it ambiguous. */
async function assertSkuFree(db: Tx['db'], sellerId: string, sku: string | null | undefined, productId: string): Promise<void> {
  if (!sku) return;
  const holder = await findProductBySku(db, sellerId, sku);
  if (holder && holder.id !== productId) {
    const message = `SKU ${sku} is already used by ${holder.strainName}`;
    throw new AppError('validation', message, { sku: message });
  }
}

/**
 * The cover's address: the first photo of the gallery that has been uploaded.
 * A product without a gallery keeps the address it was given (the REST
 * payload's photoUrl).
 */
async function coverUrl(db: Tx['db'], sellerId: string, photoIds: string[], givenUrl: string | null): Promise<string | null> {
  if (photoIds.length === 0) return givenUrl;
  const uploaded = await ownPhotosByIds(db, sellerId, photoIds);
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
