/** A seller's own figures (a rep's: of the menus they made): one menu's insights, the dashboard's week, and their notifications. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { insightsQuerySchema, markNotificationsReadSchema } from '../../sync/entities/insights';
import type { AppEnv } from '../context';
import { allow, anySignedIn, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { markNotificationsRead, menuInsights, sellerDashboard, sellerNotifications } from './insights-service';

export const analyticsRoutes = new Hono<AppEnv>()
  // Anyone but the menu's seller is told it does not exist.
  .get('/menus/:id/insights', anySignedIn, async (c) =>
    c.json(await menuInsights(c.get('services'), sessionOf(c), c.req.param('id'), parseOrThrow(insightsQuerySchema, c.req.query()))),
  )
  .get('/analytics/dashboard', allow('seller'), async (c) => c.json(await sellerDashboard(c.get('services'), sessionOf(c))))
  .get('/analytics/notifications', allow('seller'), async (c) => c.json(await sellerNotifications(c.get('services'), sessionOf(c))))
  .post('/analytics/notifications/read', allow('seller'), async (c) => {
    await markNotificationsRead(c.get('services'), sessionOf(c), parseOrThrow(markNotificationsReadSchema, await readJson(c)));
    return c.json({ ok: true });
  });
