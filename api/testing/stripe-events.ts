/** Payment-provider webhook events for tests, signed with the provider package's own test helper. */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { STAND_IN_KEYS } from './stripe-stand-in';

type Json = Record<string, unknown>;

export function providerEvent(type: string, object: Json, created: Date, id = `evt_${randomUUID().replaceAll('-', '')}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    type,
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

export function signatureFor(payload: string, secret = STAND_IN_KEYS.STRIPE_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
