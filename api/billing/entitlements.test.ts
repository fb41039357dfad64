/** Entitlements for every standing, through REST and through sync push alike. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../sync/contract/constants';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PushResponse } from '../../sync/contract/protocol';
import { updateUser } from '../db/repositories/users';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

type Standing = { name: string; status: SubscriptionStatus; trialEndsInDays?: number; pastDueForDays?: number; mayEdit: boolean; message?: RegExp };

const STANDINGS: Standing[] = [
  { name: 'trial running', status: 'trial', trialEndsInDays: 2, mayEdit: true },
  { name: 'trial ended unpaid', status: 'trial', trialEndsInDays: -1, mayEdit: false, message: /free trial has ended/ },
  { name: 'active', status: 'active', trialEndsInDays: -30, mayEdit: true },
  { name: 'past_due inside the 7-day grace', status: 'past_due', pastDueForDays: 6, mayEdit: true },
  { name: 'past_due after the grace', status: 'past_due', pastDueForDays: 8, mayEdit: false, message: /grace period is over/ },
  { name: 'canceled', status: 'canceled', trialEndsInDays: -30, mayEdit: false, message: /subscription has ended/ },
];

/** A seller with a product and a menu made during the trial, then put in `standing`. */
async function sellerIn(standing: Standing) {
  const seller = await t.registerUser('seller');
  const product = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Made in trial' } })).body;
  const menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Trial menu', productIds: [product.id], isPublic: true } })).body;
  const now = t.clock.now().getTime();
  await t.services.db.transaction((tx) =>
    updateUser(
      tx.db,
      seller.user.id,
      {
        subscriptionStatus: standing.status,
        trialEndsAt: new Date(now + (standing.trialEndsInDays ?? -30) * DAY_MS),
        pastDueSince: standing.pastDueForDays === undefined ? null : new Date(now - standing.pastDueForDays * DAY_MS),
      },
      tx.version,
      t.clock.now(),
    ),
  );
  return { seller, product, menu };
}

function push(seller: AuthResponse, mutations: Array<{ seq: number; name: string; args: unknown }>) {
  return t.request<PushResponse>('POST', '/api/sync/push', { token: seller.token, body: { clientId: randomUUID(), mutations } });
}

describe.each(STANDINGS)('a seller whose standing is: $name', (standing) => {
  it(
    standing.mayEdit ? 'creates and edits products and menus, by REST and by sync' : 'is refused 402 subscription_required for catalogue changes, by REST and by sync alike',
    async () => {
      const { seller, product, menu } = await sellerIn(standing);
      const writes = [
        await t.request<ErrorBody>('POST', '/api/products', { token: seller.token, body: { strainName: 'New one' } }),
        await t.request<ErrorBody>('PUT', `/api/products/${product.id}`, { token: seller.token, body: { strainName: 'Renamed' } }),
        await t.request<ErrorBody>('POST', '/api/menus', { token: seller.token, body: { name: 'Another menu', productIds: [] } }),
        await t.request<ErrorBody>('PUT', `/api/menus/${menu.id}`, { token: seller.token, body: { name: 'Renamed menu' } }),
      ];
      const pushed = await push(seller, [
        { seq: 1, name: 'product.create', args: { id: randomUUID(), strainName: 'Offline one' } },
        { seq: 2, name: 'product.update', args: { id: product.id, changes: { strainName: 'Offline rename' } } },
        { seq: 3, name: 'menu.create', args: { id: randomUUID(), publicLinkId: randomUUID(), name: 'Offline menu', productIds: [] } },
        { seq: 4, name: 'menu.update', args: { id: menu.id, changes: { name: 'Offline menu rename' } } },
      ]);
      expect(pushed.status).toBe(200);

      if (standing.mayEdit) {
        expect(writes.map((write) => write.status)).toEqual([201, 200, 201, 200]);
        expect(pushed.body.results.map((result) => result.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
        return;
      }
      for (const write of writes) {
        expect(write.status).toBe(402);
        expect(write.body.reason).toBe('subscription_required');
        expect(write.body.message).toMatch(standing.message!);
      }
      for (const result of pushed.body.results) {
        expect(result).toMatchObject({ outcome: 'refused', reason: 'subscription_required', message: writes[0]!.body.message });
      }
      // Nothing changed: the catalogue is as the trial left it.
      const products = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
      expect(products.map((item) => item.strainName)).toEqual(['Made in trial']);
    },
  );

  it('can still read, edit the profile and keep the public link working', async () => {
    const { seller, menu } = await sellerIn(standing);
    expect((await t.request('GET', '/api/products', { token: seller.token })).status).toBe(200);
    expect((await t.request('GET', '/api/subscription-status', { token: seller.token })).status).toBe(200);
    expect((await t.request('PUT', '/api/auth/user', { token: seller.token, body: { businessName: 'Still mine' } })).status).toBe(200);
    const pushed = await push(seller, [{ seq: 1, name: 'profile.update', args: { city: 'Denver' } }]);
    expect(pushed.body.results[0]?.outcome).toBe('applied');
    const publicMenu = await t.request<{ name: string }>('GET', `/api/public/menu/${menu.publicLinkId}`);
    expect(publicMenu.status).toBe(200);
  });
});
