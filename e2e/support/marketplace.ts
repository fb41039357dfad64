/** A seller's catalogue and menus made through the REST API, as a test's starting point for the buyer side. */
import { randomUUID } from 'node:crypto';
import { apiLogin, type ApiSession } from './api';
import { baseUrl, registerAccount, type Account } from './fixtures';

export type ProductCategory = 'flower' | 'preroll' | 'concentrate' | 'edible' | 'vape' | 'topical';
export type UnitType = 'lb' | 'oz' | 'g' | 'unit';

export type ProductInput = {
  strainName: string;
  category: ProductCategory;
  unitType: UnitType;
  pricePerUnit: string;
  availableQuantity: string;
  lotSize: number;
};

export type CreatedProduct = ProductInput & { id: string };
export type CreatedMenu = { id: string; name: string; publicLinkId: string; isPublic: boolean; productIds: string[] };

export type SavedMenuOnServer = { id: string; menuId: string; notes: string | null; tags: string[]; isFavorite: boolean };
export type InquiryOnServer = {
  id: string;
  kind: 'message' | 'order';
  status: 'open' | 'accepted' | 'declined';
  menuId: string | null;
  productId: string | null;
  buyerId: string;
  sellerId: string;
  items: Array<{ productId: string; strainName: string; unitType: string; quantity: string; pricePerUnit: string | null; lineTotal: string | null }>;
  total: string | null;
  messages: Array<{ id: string; authorId: string; body: string }>;
};

/** `base`: a server of the test's own, or the shared test server. */
async function send<T>(method: 'POST' | 'PUT', path: string, session: ApiSession, body: unknown, base = baseUrl()): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const apiPost = <T>(path: string, session: ApiSession, body: unknown, base?: string) => send<T>('POST', path, session, body, base);
export const apiPut = <T>(path: string, session: ApiSession, body: unknown, base?: string) => send<T>('PUT', path, session, body, base);

/** A short tag that makes names unique on the shared test server (letters and digits, so full-text search keeps it a word). */
export const uniqueTag = () => randomUUID().replaceAll('-', '').slice(0, 8);

/** A fresh seller with a business name: registered, signed in through the API, profile set. */
export async function sellerWithBusiness(businessName: string): Promise<{ account: Account; session: ApiSession }> {
  const account = await registerAccount('seller');
  const session = await apiLogin(account);
  await apiPut('/api/auth/user', session, { businessName });
  return { account, session };
}

export const createProduct = (session: ApiSession, product: ProductInput) => apiPost<CreatedProduct>('/api/products', session, product);

export const createMenu = (session: ApiSession, menu: { name: string; description?: string; isPublic: boolean; productIds: string[] }) =>
  apiPost<CreatedMenu>('/api/menus', session, menu);
