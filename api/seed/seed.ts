/**
 * Fills an empty database with the demo accounts, catalogue, the sample menu
 * behind /menu/sample and the deals of the demo seller's book, and creates the first admin from ADMIN_EMAIL and
 * ADMIN_PASSWORD when those are set.
 */
import { parseOrThrow } from '../../sync/contract/validation';
import { productCreateSchema } from '../../sync/entities/product';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hashPassword } from '../auth/password';
import { createUser } from '../auth/auth-service';
import type { Services } from '../context';
import { TRIAL_DAYS } from '../../sync/contract/constants';
import { countUsers, findCredentialsByEmail, setJoinedAt, updateUser } from '../db/repositories/users';
import { insertMenu, setMenuProducts } from '../db/repositories/menus';
import { createProduct } from '../products/product-service';
import { uploadPhoto } from '../photos/upload-service';
import { followRoleChange } from '../team/team-kind';
import { updateProfile } from '../users/profile-service';
import { SAMPLE_MENU_LINK_ID } from '../../sync/rules/sample-menu';
import { MemoryLimitStore } from '../platform/limits/limit-store';
import { Quotas } from '../limits/quotas';
import { seedDemoDeals } from './demo-deals';
import { DEMO_BUYER, DEMO_PRODUCTS, DEMO_SELLER, SAMPLE_MENU } from './demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo seller's logo, uploaded like any profile photo: an image address names one of the server's own uploads. */
const DEMO_SELLER_LOGO = new URL('./great-lakes-logo.png', import.meta.url);
/** The demo seller joined two months ago and has paid since its trial ended. */
const DEMO_SELLER_JOINED_DAYS_AGO = 60;

export async function seedDemoData(services: Services): Promise<boolean> {
  if ((await countUsers(services.db.read)) > 0) return false;
  const now = services.now();
  const joined = new Date(now.getTime() - DEMO_SELLER_JOINED_DAYS_AGO * DAY_MS);
  const { password: sellerPassword, ...sellerProfile } = DEMO_SELLER;
  const seller = await createUser(services, {
    ...sellerProfile,
    id: randomUUID(),
    passwordHash: await hashPassword(sellerPassword, services.env.passwordHashing),
    role: 'seller',
    // Demo accounts are counted in no figure: the seller's subscription is not revenue.
    demo: true,
    subscriptionStatus: 'active',
    trialEndsAt: new Date(joined.getTime() + TRIAL_DAYS * DAY_MS),
    // Example addresses that no one can receive mail at: nothing to remind anyone to confirm.
    emailConfirmedAt: joined,
  });
  await services.db.transaction(async (tx) => setJoinedAt(tx.db, seller.id, joined));
  const logo = await uploadPhoto(services, seller, { image: new Blob([readFileSync(DEMO_SELLER_LOGO)], { type: 'image/png' }), purpose: 'profile', id: randomUUID() });
  await updateProfile(services, seller, { profileImageUrl: logo.photo.url }, { id: seller.id, role: 'owner', account: seller });
  const { password: buyerPassword, ...buyerProfile } = DEMO_BUYER;
  // Buyers never pay: no trial end.
  const buyer = await createUser(services, {
    ...buyerProfile,
    id: randomUUID(),
    passwordHash: await hashPassword(buyerPassword, services.env.passwordHashing),
    role: 'buyer',
    demo: true,
    trialEndsAt: null,
    emailConfirmedAt: now,
  });
  const productIds = new Map<string, string>();
  for (const product of DEMO_PRODUCTS)
    productIds.set(product.strainName, (await createProduct(services, seller, parseOrThrow(productCreateSchema, product), { userId: seller.id, role: 'owner' })).id);
  const menuId = randomUUID();
  await services.db.transaction(async (tx) => {
    await insertMenu(tx.db, { ...SAMPLE_MENU, id: menuId, userId: seller.id, publicLinkId: SAMPLE_MENU_LINK_ID, isPublic: true, createdBy: seller.id }, tx.version, now);
    await setMenuProducts(tx.db, menuId, [...productIds.values()]);
  });
  // The demo's orders are the operator's, not the buyer's: they neither wait on nor use up the order quotas a deployment sets.
  const unmetered = { ...services, quotas: new Quotas(new MemoryLimitStore(), services.env.REGISTRATIONS_PER_HOUR) };
  await seedDemoDeals(unmetered, { seller, buyer, menuId, productIds });
  return true;
}

export async function ensureAdmin(services: Services, email: string, password: string): Promise<'created' | 'promoted' | 'exists'> {
  const existing = await findCredentialsByEmail(services.db.read, email);
  if (existing?.user.role === 'admin') return 'exists';
  if (existing) {
    await services.db.transaction(async (tx) => {
      await followRoleChange(tx, existing.user, 'admin', services.now());
      await updateUser(tx.db, existing.user.id, { role: 'admin' }, tx.version, services.now());
    });
    return 'promoted';
  }
  await createUser(services, {
    id: randomUUID(),
    email: email.trim().toLowerCase(),
    passwordHash: await hashPassword(password, services.env.passwordHashing),
    firstName: 'Admin',
    role: 'admin',
  });
  return 'created';
}
