import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
import { RETENTION_INTERVAL_MS, scheduleRetention } from './retention';
import { sessions } from './schema';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const sessionCount = () => t.services.db.read.select().from(sessions).all().length;

describe('retention', () => {
  it('deletes expired sessions on its schedule and keeps live ones signed in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const old = await t.registerUser('buyer');
      t.clock.advance((t.services.env.SESSION_DAYS - 1) * DAY_MS);
      const recent = await t.registerUser('seller');
      const schedule = scheduleRetention(t.services);
      await vi.waitFor(() => expect(sessionCount()).toBe(2));

      t.clock.advance(2 * DAY_MS);
      vi.advanceTimersByTime(RETENTION_INTERVAL_MS);
      await vi.waitFor(() => expect(sessionCount()).toBe(1));
      expect((await t.request('GET', '/api/auth/me', { token: old.token })).status).toBe(401);
      expect((await t.request('GET', '/api/auth/me', { token: recent.token })).status).toBe(200);

      schedule.stop();
      t.clock.advance(t.services.env.SESSION_DAYS * DAY_MS);
      vi.advanceTimersByTime(RETENTION_INTERVAL_MS * 2);
      expect(sessionCount()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
