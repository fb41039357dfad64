/** The seller's Pro plan and the payment provider's webhook; /api/config tells the app the provider's public key. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { allow, open, teamAccountOf, teamMay } from '../http/access';
import { appLink } from '../mail/mail-service';
import { billingPortalUrl, createSubscription, subscriptionState } from './billing-service';
import { receiveWebhook } from './webhook-service';

/** The team's subscription is its owners' business: managers and reps are refused. */
const seller = [allow('seller'), teamMay('billing', 'Only an owner of the team can see or change its subscription')] as const;

export const billingRoutes = new Hono<AppEnv>()
  .get('/subscription-status', ...seller, async (c) => c.json(await subscriptionState(c.get('services'), teamAccountOf(c))))
  .post('/create-subscription', ...seller, async (c) => c.json(await createSubscription(c.get('services'), teamAccountOf(c))))
  .post('/billing/portal', ...seller, async (c) =>
    // Back to the billing page at APP_URL, never at an address the request's Host or Origin named.
    c.json(await billingPortalUrl(c.get('services'), teamAccountOf(c), appLink(c.get('services'), '/billing'))),
  )
  // The signature covers the exact bytes sent, so the body is read as text, never parsed first.
  .post('/stripe/webhook', open, async (c) => {
    const outcome = await receiveWebhook(c.get('services'), await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  })
  .get('/config', open, (c) => c.json({ stripePublishableKey: c.get('services').payments?.publishableKey ?? null }));
