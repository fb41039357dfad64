/** /api/analytics/*: a seller's own figures. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { menuViewsOfSeller } from '../db/repositories/menu-views';
import { allow, sessionOf } from '../http/access';

export const analyticsRoutes = new Hono<AppEnv>().get('/analytics/menu-views', allow('seller'), async (c) => {
  const services = c.get('services');
  // Counts still in memory belong in the answer too.
  await services.views.flush();
  const byMenu = await menuViewsOfSeller(services.db.read, sessionOf(c).user.id);
  return c.json({ total: Object.values(byMenu).reduce((sum, views) => sum + views, 0), byMenu });
});
