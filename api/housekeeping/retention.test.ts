import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, DAY_MS, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import type { Product } from '../../sync/entities/product';
import type { PullResponse } from '../../sync/contract/protocol';
import { RETENTION_INTERVAL_MS, runRetention, scheduleRetention, TOMBSTONE_DAYS, VIEW_EVENT_DAYS } from './retention';
import { menuViewDays, menuViewEvents, registrationClaims, sessions, tombstones } from '../db/schema';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const sessionCount = async () => (await t.services.db.read.select().from(sessions).all()).length;

describe('retention', () => {
  it('deletes expired sessions on its schedule and keeps live ones signed in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const old = await t.registerUser('buyer');
      t.clock.advance((t.services.env.SESSION_DAYS - 1) * DAY_MS);
      const recent = await t.registerUser('seller');
      const schedule = scheduleRetention(t.services);
      await vi.waitFor(async () => expect(await sessionCount()).toBe(2));

      t.clock.advance(2 * DAY_MS);
      vi.advanceTimersByTime(RETENTION_INTERVAL_MS);
      await vi.waitFor(async () => expect(await sessionCount()).toBe(1));
      expect((await t.request('GET', '/api/auth/me', { token: old.token })).status).toBe(401);
      expect((await t.request('GET', '/api/auth/me', { token: recent.token })).status).toBe(200);

      schedule.stop();
      t.clock.advance(t.services.env.SESSION_DAYS * DAY_MS);
      vi.advanceTimersByTime(RETENTION_INTERVAL_MS * 2);
      expect(await sessionCount()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes a registration that waited for its link once the link expired, with the password hash it kept', async () => {
    const holder = await t.registerUser('buyer');
    const claim = { email: holder.user.email, password: 'claimant-pass-1', firstName: 'Claire', role: 'buyer' };
    expect((await t.request('POST', '/api/auth/register', { body: claim })).status).toBe(202);
    const claims = async () => (await t.services.db.read.select().from(registrationClaims).all()).length;
    await runRetention(t.services);
    expect(await claims()).toBe(1);
    t.clock.advance(DAY_MS + 1);
    await runRetention(t.services);
    expect(await claims()).toBe(0);
  });

  it('prunes tombstones after 90 days; a device away longer gets everything again, as the whole truth, never a deleted row', async () => {
    const seller = await t.registerUser('seller');
    let token = seller.token;
    const pull = async (cursor: number) => (await t.request<PullResponse>('GET', `/api/sync/pull?cursor=${cursor}`, { token })).body;
    const product = async (strainName: string) => (await t.request<Product>('POST', '/api/products', { token, body: { strainName, pricePerUnit: '1.00' } })).body;
    const kept = await product('Kept Kush');
    const gone = await product('Gone Glue');
    const awayCursor = (await pull(0)).cursor;
    expect((await t.request('DELETE', `/api/products/${gone.id}`, { token })).status).toBe(204);
    const recentCursor = (await pull(awayCursor)).cursor;

    await runRetention(t.services);
    t.clock.advance((TOMBSTONE_DAYS + 1) * DAY_MS);
    token = (await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: seller.user.email, password: TEST_PASSWORD } })).body.token;
    await runRetention(t.services);
    expect((await t.services.db.read.select().from(tombstones).all()).filter((row) => row.entityId === gone.id)).toEqual([]);

    // Away since before the deletion: the deletion is no longer remembered, so the pull is full and the device starts again from it.
    const afterAway = await pull(awayCursor);
    expect(afterAway.full).toBe(true);
    expect(afterAway.products.map((row) => row.strainName)).toEqual([kept.strainName]);
    // Synced after the deletion but before the watermark: also older than what the server remembers.
    expect((await pull(recentCursor)).full).toBe(true);
    // A device that synced after the retention run gets only what changed.
    const upToDate = await pull(afterAway.cursor);
    expect(upToDate.full).toBe(false);
    expect(upToDate.products).toEqual([]);
  });

  it('drops raw view events older than the longest insights period and keeps the daily figures', async () => {
    const seller = await t.registerUser('seller');
    const menu = (await t.request<{ id: string; publicLinkId: string }>('POST', '/api/menus', { token: seller.token, body: { name: 'Old Views', isPublic: true } })).body;
    await t.request('GET', `/api/public/menu/${menu.publicLinkId}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36' } });
    await t.services.views.flush();
    const events = async () => (await t.services.db.read.select().from(menuViewEvents).all()).filter((row) => row.menuId === menu.id).length;
    const days = async () => (await t.services.db.read.select().from(menuViewDays).all()).filter((row) => row.menuId === menu.id).length;
    expect([await events(), await days()]).toEqual([1, 1]);
    t.clock.advance((VIEW_EVENT_DAYS - 1) * DAY_MS);
    await runRetention(t.services);
    expect(await events()).toBe(1);
    t.clock.advance(2 * DAY_MS);
    await runRetention(t.services);
    expect([await events(), await days()]).toEqual([0, 1]);
  });
});
