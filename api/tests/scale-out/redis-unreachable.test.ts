/**
 * A Redis that does not answer (down, or a port nothing listens on): the
 * limits it counts cannot be checked, so what needs them is turned away as
 * "try again later" (503 with Retry-After), never a server error, and a
 * sync push stops before such a mutation, keeping it on the device.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../../sync/entities/menu';
import type { AuthResponse } from '../../../sync/entities/user';
import type { ErrorBody } from '../../../sync/contract/errors';
import type { PushResponse } from '../../../sync/contract/protocol';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from '../../auth/login-throttle';
import { RedisThrottleState } from '../../auth/redis-throttle-state';
import { inquiries, savedMenus } from '../../db/schema';
import { Quotas } from '../../limits/quotas';
import { RedisLimitStore } from '../../platform/limits/redis-limit-store';
import { connectRedis, SHARED_STATE_UNAVAILABLE_MESSAGE, type SharedRedis } from '../../platform/redis';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

describe('a Redis that does not answer', () => {
  let t: TestApp;
  let unreachable: SharedRedis;
  let seller: AuthResponse;
  let buyer: AuthResponse;
  let menu: Menu;

  beforeAll(async () => {
    t = createTestApp();
    seller = await t.registerUser('seller');
    buyer = await t.registerUser('buyer');
    const product = await t.request<{ id: string }>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '5' } });
    menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'List', isPublic: true, productIds: [product.body.id] } })).body;
    // From here on the limits are counted in a Redis nothing answers for (port 1 on this machine).
    unreachable = connectRedis('redis://127.0.0.1:1', 'unreachable:');
    t.services.throttle = new LoginThrottle(DEFAULT_THROTTLE_LIMITS, Date.now, new RedisThrottleState(unreachable.commands, DEFAULT_THROTTLE_LIMITS.knownSignInMs));
    t.services.quotas = new Quotas(new RedisLimitStore(unreachable.commands), t.services.env.REGISTRATIONS_PER_HOUR);
  });
  afterAll(async () => {
    await unreachable.close();
    t.close();
  });

  const expectTryAgainLater = (response: { status: number; headers: Headers; body: unknown }) => {
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((response.body as ErrorBody).message).toBe(SHARED_STATE_UNAVAILABLE_MESSAGE);
  };

  it('answers a sign-in 503 with Retry-After, not a server error', async () => {
    expectTryAgainLater(await t.request('POST', '/api/auth/login', { body: { email: buyer.user.email, password: TEST_PASSWORD } }));
  });

  it('answers a message 503 and stores nothing', async () => {
    const sent = await t.request('POST', '/api/inquiries', { token: buyer.token, body: { id: randomUUID(), menuId: menu.id, kind: 'message', message: 'In stock?' } });
    expectTryAgainLater(sent);
    expect(await t.services.db.read.select().from(inquiries).where(eq(inquiries.buyerId, buyer.user.id)).all()).toHaveLength(0);
  });

  it('stops a push before the message, keeping what came before and leaving the rest on the device', async () => {
    const clientId = randomUUID();
    const pushed = await t.request<PushResponse & ErrorBody>('POST', '/api/sync/push', {
      token: buyer.token,
      body: {
        clientId,
        mutations: [
          { seq: 1, name: 'savedMenu.save', args: { id: randomUUID(), menuId: menu.id } },
          { seq: 2, name: 'inquiry.create', args: { id: randomUUID(), menuId: menu.id, kind: 'message', message: 'In stock?' } },
        ],
      },
    });
    expectTryAgainLater(pushed);
    expect(await t.services.db.read.select().from(savedMenus).where(eq(savedMenus.buyerUserId, buyer.user.id)).all()).toHaveLength(1);
    const pulled = await t.request<{ lastProcessedSeq: number }>('GET', `/api/sync/pull?cursor=0&clientId=${clientId}`, { token: buyer.token });
    expect(pulled.body.lastProcessedSeq).toBe(1);
  });
});
