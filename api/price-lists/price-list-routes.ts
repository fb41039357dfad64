/** /api/price-lists: a seller team's price lists; every member reads them, owners and managers write them. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { priceListSaveSchema } from '../../sync/entities/price-list';
import type { AppEnv } from '../context';
import { withNewId } from '../customers/customer-service';
import { allow, memberOf, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { deletePriceList, listPriceLists, savePriceList } from './price-list-service';

const seller = allow('seller');

/** The list named by the address: a body naming another id is saved under the address's. */
const withIdOf = (input: unknown, id: string): unknown => (typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input, id } : input);

export const priceListRoutes = new Hono<AppEnv>()
  .get('/price-lists', seller, async (c) => c.json(await listPriceLists(c.get('services'), teamAccountOf(c))))
  .post('/price-lists', seller, async (c) =>
    c.json(await savePriceList(c.get('services'), teamAccountOf(c), parseOrThrow(priceListSaveSchema, withNewId(await readJson(c))), memberOf(c), 'create'), 201),
  )
  .put('/price-lists/:id', seller, async (c) =>
    c.json(await savePriceList(c.get('services'), teamAccountOf(c), parseOrThrow(priceListSaveSchema, withIdOf(await readJson(c), c.req.param('id'))), memberOf(c), 'replace')),
  )
  .delete('/price-lists/:id', seller, async (c) => {
    await deletePriceList(c.get('services'), teamAccountOf(c), c.req.param('id'), memberOf(c));
    return c.body(null, 204);
  });
