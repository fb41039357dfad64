/** The seller's Pro plan (spec section 7) and the payment provider's webhook; /api/config tells the app the provider's public key. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { allow, open, sessionOf } from '../http/access';
import { billingPortalUrl, createSubscription, subscriptionState } from './billing-service';
import { receiveWebhook } from './webhook-service';

const seller = allow('seller');

/** Where the portal sends the seller back: the billing page, at the address the seller used. */
function billingPageUrl(requestUrl: string, origin: string | undefined): string {
  return new URL('/billing', origin ?? requestUrl).toString();
}

export const billingRoutes = new Hono<AppEnv>()
  .get('/subscription-status', seller, async (c) => c.json(await subscriptionState(c.get('services'), sessionOf(c).user)))
  .post('/create-subscription', seller, async (c) => c.json(await createSubscription(c.get('services'), sessionOf(c).user)))
  .post('/billing/portal', seller, async (c) =>
    c.json(await billingPortalUrl(c.get('services'), sessionOf(c).user, billingPageUrl(c.req.url, c.req.header('origin')))),
  )
  // The signature covers the exact bytes sent, so the body is read as text, never parsed first.
  .post('/stripe/webhook', open, async (c) => {
    const outcome = await receiveWebhook(c.get('services'), await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  })
  .get('/config', open, (c) => c.json({ stripePublishableKey: c.get('services').payments?.publishableKey ?? null }));
