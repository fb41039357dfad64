/** Talking to a server's REST API directly, as a second party would: to register, sign in, read and delete. */
import { randomUUID } from 'node:crypto';
import { baseUrl, SELLER_BUSINESS_NAME, type Account } from './fixtures';

export type ApiProduct = { id: string; strainName: string; pricePerUnit: string | null; userId: string; sku: string | null; availableQuantity: string; lotSize: number };
export type ApiMenu = { id: string; name: string; productIds: string[]; userId: string };
export type ApiSession = { token: string; userId: string };

/** Registers a fresh account on the server at `base` (the shared test server unless given). */
export async function registerAccountAt(base: string, role: 'seller' | 'buyer'): Promise<Account> {
  const account = { email: `${role}-${randomUUID().slice(0, 8)}@e2e.test`, password: 'e2e-password' };
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: role === 'seller' ? 'Sam' : 'Bea', role, ...(role === 'seller' && { businessName: SELLER_BUSINESS_NAME }) }),
  });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  return account;
}

/** POST /api/auth/login: a session of its own, separate from the browser's. */
export async function apiLogin(account: Account, base = baseUrl()): Promise<ApiSession> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Login failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

export async function apiGet<T>(path: string, session: ApiSession, base = baseUrl()): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${session.token}` } });
  if (!response.ok) throw new Error(`GET ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function apiDelete(path: string, session: ApiSession, base = baseUrl()): Promise<void> {
  const response = await fetch(`${base}${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${session.token}` } });
  if (response.status !== 204) throw new Error(`DELETE ${path} failed: ${response.status} ${await response.text()}`);
}

export const serverProducts = (session: ApiSession, base = baseUrl()) => apiGet<ApiProduct[]>('/api/products', session, base);
export const serverMenus = (session: ApiSession, base = baseUrl()) => apiGet<ApiMenu[]>('/api/menus', session, base);
