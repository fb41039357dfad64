/**
 * Two probes for whoever runs the server. Health is cheap (one read, and a
 * ping when Redis is shared) and says the process, its database and its Redis
 * answer. Readiness proves a write can be made
 * now, so a full disk or a read-only file shows there and not only as every
 * save failing; its answer is reused for a second so that calling it often
 * cannot queue writes.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';

const READY_REUSE_MS = 1000;

export function healthRoutes() {
  let last: { at: number; answer: Promise<{ ok: true } | { ok: false; reason: string }> } | null = null;
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      const { db, redis } = c.get('services');
      if (!(await db.ping())) return c.json({ status: 'unavailable', message: 'The database is not reachable' }, 503);
      if (redis && !(await redis.reachable())) return c.json({ status: 'unavailable', message: 'Redis is not reachable' }, 503);
      return c.json({ status: 'ok' });
    })
    .get('/ready', async (c) => {
      const now = Date.now();
      if (!last || now - last.at >= READY_REUSE_MS) last = { at: now, answer: c.get('services').db.ready() };
      const answer = await last.answer;
      c.header('Cache-Control', 'no-store');
      if (answer.ok) return c.json({ status: 'ready' });
      console.error(`Not ready: the database cannot take a write (${answer.reason}).`);
      return c.json({ status: 'unavailable', message: 'The database cannot take writes right now' }, 503);
    });
}
