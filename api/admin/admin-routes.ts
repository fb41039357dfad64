/** /api/admin/*: admins only. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { accountChangeSchema, accountOrderSchema, trialExtensionSchema } from '../../sync/entities/admin';
import type { AppEnv } from '../context';
import { allow, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { changeAccount, extendTrial, getAudit, getAccountDetail, getAccounts, getGrowth, getStats, type Actor } from './admin-service';

const admin = allow('admin');

const actorOf = (c: Parameters<typeof sessionOf>[0] & { get(key: 'clientAddress'): string }): Actor => ({
  user: sessionOf(c).user,
  clientAddress: c.get('clientAddress'),
});

export const adminRoutes = new Hono<AppEnv>()
  .get('/admin/customers', admin, async (c) =>
    c.json(
      await getAccounts(c.get('services'), {
        search: c.req.query('search'),
        role: c.req.query('role'),
        ...parseOrThrow(accountOrderSchema, { sort: c.req.query('sort'), dir: c.req.query('dir'), status: c.req.query('status') }),
        page: c.req.query('page'),
        pageSize: c.req.query('pageSize'),
      }),
    ),
  )
  .get('/admin/customers/:id', admin, async (c) => c.json(await getAccountDetail(c.get('services'), actorOf(c), c.req.param('id'))))
  .get('/admin/stats', admin, async (c) => c.json(await getStats(c.get('services'))))
  .get('/admin/growth', admin, async (c) => c.json(await getGrowth(c.get('services'))))
  .get('/admin/audit', admin, async (c) => c.json(await getAudit(c.get('services'), { page: c.req.query('page') })))
  .patch('/admin/customers/:id', admin, async (c) =>
    c.json(await changeAccount(c.get('services'), actorOf(c), c.req.param('id'), parseOrThrow(accountChangeSchema, await readJson(c)))),
  )
  .post('/admin/customers/:id/extend-trial', admin, async (c) =>
    c.json(await extendTrial(c.get('services'), actorOf(c), c.req.param('id'), parseOrThrow(trialExtensionSchema, await readJson(c)))),
  );
