import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PullResponse, PushResponse } from '../../sync/contract/protocol';
import { ACTIVE_DEVICE_WINDOW_MS, MAX_ACTIVE_DEVICES } from '../limits/quotas';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let deviceIds: string[];

const pushFrom = (account: AuthResponse, clientId: string) =>
  t.request<PushResponse & ErrorBody>('POST', '/api/sync/push', {
    token: account.token,
    body: { clientId, mutations: [{ seq: 1, name: 'product.create', args: { id: randomUUID(), strainName: 'Gelato' } }] },
  });

beforeEach(async () => {
  // Sign-ins that outlast the device window, so only the cap answers.
  t = createTestApp({ now: () => new Date('2031-05-01T09:00:00.000Z'), env: { SESSION_DAYS: '365' } });
  seller = await t.registerUser('seller');
  deviceIds = Array.from({ length: MAX_ACTIVE_DEVICES }, () => randomUUID());
  for (const clientId of deviceIds) {
    expect((await pushFrom(seller, clientId)).status).toBe(200);
    t.clock.advance(60_000);
  }
});
afterEach(() => t.close());

describe('device ids per account', () => {
  it('refuses a new device id over the cap with 429, Retry-After and the wait, and writes nothing for it', async () => {
    const refused = await pushFrom(seller, randomUUID());
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('rate_limited');
    expect(refused.body.message).toBe(
      `This account has synced from ${MAX_ACTIVE_DEVICES} devices recently, the most it may. This device keeps its changes; please try again in 30 days.`,
    );
    const waitMs = ACTIVE_DEVICE_WINDOW_MS - MAX_ACTIVE_DEVICES * 60_000;
    expect(Number(refused.headers.get('retry-after'))).toBe(waitMs / 1000);
    const products = await t.request<unknown[]>('GET', '/api/products', { token: seller.token });
    expect(products.body).toHaveLength(MAX_ACTIVE_DEVICES);
  });

  it('always lets a known device through, and a refused one still pulls', async () => {
    const known = await pushFrom(seller, deviceIds[0]!);
    expect(known.status).toBe(200);
    const pulled = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${randomUUID()}`, { token: seller.token });
    expect(pulled.status).toBe(200);
    expect(pulled.body.lastProcessedSeq).toBe(0);
  });

  it('leaves other accounts alone', async () => {
    const other = await t.registerUser('seller');
    expect((await pushFrom(other, randomUUID())).status).toBe(200);
  });

  it('makes room once the least recent device has not pushed for the whole window', async () => {
    // The first device keeps pushing, so the second is now the least recent.
    t.clock.advance(DAY_MS);
    expect((await pushFrom(seller, deviceIds[0]!)).status).toBe(200);
    // The second device pushed one minute in: room opens a window later.
    t.clock.advance(ACTIVE_DEVICE_WINDOW_MS - DAY_MS - (MAX_ACTIVE_DEVICES - 1) * 60_000 - 1_000);
    const refused = await pushFrom(seller, randomUUID());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    t.clock.advance(1_000);
    expect((await pushFrom(seller, randomUUID())).status).toBe(200);
  });
});
