/** /api/admin/*: admins only. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { allow, sessionOf } from '../http/access';
import { readJson } from '../http/read-json';
import { getCustomers, getStats, setCustomerAccess } from './admin-service';

const admin = allow('admin');

export const adminRoutes = new Hono<AppEnv>()
  .get('/admin/customers', admin, async (c) =>
    c.json(await getCustomers(c.get('services'), { search: c.req.query('search'), role: c.req.query('role') })),
  )
  .get('/admin/stats', admin, async (c) => c.json(await getStats(c.get('services'))))
  .patch('/admin/customers/:id', admin, async (c) =>
    c.json(await setCustomerAccess(c.get('services'), sessionOf(c).user, c.req.param('id'), await readJson(c))),
  );
