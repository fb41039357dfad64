/** /api/push/*: the key browsers subscribe with, and a device's subscription; /api/account/push-notifications: the kinds wanted. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { pushPreferencesUpdateSchema, pushSubscriptionInputSchema, pushUnsubscribeSchema } from '../../sync/entities/push';
import type { AppEnv } from '../context';
import { anySignedIn, open, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { pushKey, pushPreferences, subscribeToPush, unsubscribeFromPush, updatePushPreferences } from './push-service';

export const pushRoutes = new Hono<AppEnv>()
  .get('/push/key', open, async (c) => c.json(await pushKey(c.get('services'))))
  .post('/push/subscriptions', anySignedIn, async (c) => {
    await subscribeToPush(c.get('services'), sessionOf(c), parseOrThrow(pushSubscriptionInputSchema, await readJson(c)));
    return c.body(null, 201);
  })
  .delete('/push/subscriptions', anySignedIn, async (c) => {
    await unsubscribeFromPush(c.get('services'), sessionOf(c).user, parseOrThrow(pushUnsubscribeSchema, await readJson(c)));
    return c.body(null, 204);
  })
  .get('/account/push-notifications', anySignedIn, async (c) => c.json(await pushPreferences(c.get('services'), sessionOf(c).user)))
  .put('/account/push-notifications', anySignedIn, async (c) =>
    c.json(await updatePushPreferences(c.get('services'), sessionOf(c).user, parseOrThrow(pushPreferencesUpdateSchema, await readJson(c)))),
  );
