/** Subscription calls of spec section 7, for sellers; /api/config tells the app the provider's public key. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { allow, open, sessionOf } from '../http/access';
import { createSubscription, subscriptionState } from './subscription-service';

const seller = allow('seller');

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/subscription-status', seller, (c) => c.json(subscriptionState(sessionOf(c).user, c.get('services').now())))
  .post('/create-subscription', seller, async (c) => c.json(await createSubscription(c.get('services'), sessionOf(c).user)))
  .get('/config', open, (c) => c.json({ stripePublishableKey: c.get('services').env.STRIPE_PUBLISHABLE_KEY ?? null }));
