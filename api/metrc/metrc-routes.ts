/**
 * A seller team's Metrc connection, which owners and managers see, make and end, and its packages, which every member
 * of the team reads (docs/metrc.md).
 */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { metrcConnectSchema, metrcImportSchema } from '../../sync/entities/metrc';
import { INTEGRATIONS_MESSAGE, REP_PRICE_MESSAGE } from '../../sync/rules/team-permissions';
import type { AppEnv } from '../context';
import { allow, sessionOf, teamMay } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { connectMetrc, disconnectMetrc, metrcConnection } from './metrc-connection-service';
import { importMetrcPackages } from './metrc-import-service';
import { metrcPackageList, refreshMetrcPackageList } from './metrc-packages-service';

const manager = [allow('seller'), teamMay('integrations.manage', INTEGRATIONS_MESSAGE)] as const;

export const metrcRoutes = new Hono<AppEnv>()
  .get('/integrations/metrc', ...manager, async (c) => c.json(await metrcConnection(c.get('services'), sessionOf(c))))
  .put('/integrations/metrc', ...manager, async (c) => c.json(await connectMetrc(c.get('services'), sessionOf(c), parseOrThrow(metrcConnectSchema, await readJson(c)))))
  .delete('/integrations/metrc', ...manager, async (c) => {
    await disconnectMetrc(c.get('services'), sessionOf(c));
    return c.json({ ok: true });
  })
  .get('/metrc/packages', allow('seller'), async (c) => c.json(await metrcPackageList(c.get('services'), sessionOf(c))))
  .post('/metrc/refresh', allow('seller'), async (c) => c.json(await refreshMetrcPackageList(c.get('services'), sessionOf(c))))
  // An import sets stock: a rep may not.
  .post('/metrc/import', allow('seller'), teamMay('product.priceAndStock', REP_PRICE_MESSAGE), async (c) =>
    c.json(await importMetrcPackages(c.get('services'), sessionOf(c), parseOrThrow(metrcImportSchema, await readJson(c)))),
  );
