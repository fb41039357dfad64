import { describe, expect, it, vi } from 'vitest';
import { PostgresDatabase } from '../db/pg/postgres-database';
import { describeWithRedis, REDIS_URL_TEST } from '../testing/shared-services';
import { createTestApp } from '../testing/test-app';

describe('GET /api/health and /api/ready with PostgreSQL', () => {
  it('fail while PostgreSQL cannot be reached, so the balancer takes the process out', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Nothing listens on port 1.
    const t = createTestApp({ overrides: { db: PostgresDatabase.open('postgres://menus@127.0.0.1:1/menus') } });
    try {
      const health = await t.request('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', message: 'The database is not reachable' });
      const ready = await t.request('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', message: 'The database cannot take writes right now' });
    } finally {
      await t.close();
      errors.mockRestore();
    }
  });
});

describe('GET /api/health with a shared Redis', () => {
  it('fails while Redis cannot be reached, so the balancer takes the process out', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Nothing listens on port 1.
    const t = createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      // The database is reachable: its first opening (a new database on PostgreSQL) is done before the probe's timer runs.
      await t.services.db.opened();
      const health = await t.request('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', message: 'Redis is not reachable' });
    } finally {
      t.close();
      errors.mockRestore();
    }
  });
});

describeWithRedis('GET /api/health with a reachable Redis', () => {
  it('answers ok once connected', async () => {
    const t = createTestApp({ env: { REDIS_URL: REDIS_URL_TEST!, REDIS_KEY_PREFIX: 'health-test:' } });
    try {
      await expect.poll(async () => (await t.request('GET', '/api/health')).status).toBe(200);
      expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    } finally {
      t.close();
    }
  });
});
