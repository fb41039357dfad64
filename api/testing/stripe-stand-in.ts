/**
 * A local stand-in for the payment provider's HTTP API, for tests: the server
 * reaches it through STRIPE_API_BASE. It records every request, answers the
 * few calls the app makes as the provider does (idempotency keys replayed
 * included), keeps the setup intents it makes for subscriptions in a trial
 * (what the payment form saves a card against), and can be told to fail the
 * next call: a declined card, a 500, or no answer at all.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> };

export type Failure = 'declined' | 'server_error' | 'timeout';

type Json = Record<string, unknown>;

export const STAND_IN_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_PRICE_ID: 'price_pro_monthly',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** Setup intents made for subscriptions started during a trial, by id. */
  readonly setupIntents = new Map<string, Json>();
  /** How long each answer takes, so concurrent calls really overlap. */
  latencyMs = 15;
  private failures: Array<{ method: string; path: string; failure: Failure }> = [];
  private readonly replies = new Map<string, { status: number; body: Json }>();
  private counter = 0;
  private server: Server | null = null;
  private readonly hanging = new Set<IncomingMessage>();

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then((answer) => {
        if (!answer) return;
        response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${++this.counter}` });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const request of this.hanging) request.socket.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The next call of this method and path fails this way. */
  failNext(method: string, path: string, failure: Failure): void {
    this.failures.push({ method, path, failure });
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  /** The setup intents made for this customer's subscriptions. */
  setupIntentsOf(customerId: string): Json[] {
    return [...this.setupIntents.values()].filter((intent) => intent.customer === customerId);
  }

  /**
   * The card was confirmed against this setup intent in the browser, as the
   * provider's own script does: the intent succeeds and the subscription has
   * nothing left to confirm, with the card as its default.
   */
  confirmSetupIntent(id: string): void {
    const intent = this.setupIntents.get(id);
    if (!intent) throw new Error(`No setup intent ${id}`);
    intent.status = 'succeeded';
    const subscription = this.subscriptions.get((intent.metadata as { subscription: string }).subscription);
    if (subscription) {
      subscription.pending_setup_intent = null;
      subscription.default_payment_method = this.nextId('pm');
    }
  }

  /** A subscription as the provider would hold it, for building webhook events. */
  subscriptionObject(id: string): Json {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`No subscription ${id}`);
    return subscription;
  }

  private nextId(prefix: string): string {
    return `${prefix}_${(++this.counter).toString().padStart(6, '0')}`;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: Json } | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString()));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, form });
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));

    const failureIndex = this.failures.findIndex((entry) => entry.method === request.method && entry.path === url.pathname);
    if (failureIndex >= 0) {
      const failure = this.failures.splice(failureIndex, 1)[0]!.failure;
      if (failure === 'timeout') {
        this.hanging.add(request);
        return null;
      }
      if (failure === 'declined') {
        return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } };
      }
      return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    }

    const replayKey = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? this.replies.get(replayKey) : undefined;
    if (replay) return replay;
    const answer = this.route(request.method ?? 'GET', url.pathname, form);
    if (replayKey) this.replies.set(replayKey, answer);
    return answer;
  }

  private route(method: string, path: string, form: Record<string, string>): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.nextId('cus'), object: 'customer', email: form.email ?? null, metadata: { userId: form['metadata[userId]'] } };
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...this.subscriptions.values()].filter((subscription) => subscription.customer === form.customer).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!this.customers.has(form.customer ?? '')) return notFound('customer', form.customer);
      const subscription = this.newSubscription(form);
      this.subscriptions.set(subscription.id as string, subscription);
      return { status: 200, body: subscription };
    }
    const updated = method === 'POST' && /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (updated) {
      const subscription = this.subscriptions.get(updated[1]!);
      if (!subscription) return notFound('subscription', updated[1]);
      if (form.trial_end) this.moveTrialEnd(subscription, Number(form.trial_end));
      return { status: 200, body: subscription };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(form.customer ?? '')) return notFound('customer', form.customer);
      const id = this.nextId('bps');
      return {
        status: 200,
        body: { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stand-in.test/p/session/${id}` },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  private newSubscription(form: Record<string, string>): Json {
    const id = this.nextId('sub');
    const trialEnd = form.trial_end ? Number(form.trial_end) : null;
    const created = Math.floor(Date.now() / 1000);
    const periodEnd = trialEnd ?? created + 30 * 86_400;
    return {
      id,
      object: 'subscription',
      customer: form.customer,
      status: trialEnd ? 'trialing' : 'incomplete',
      trial_end: trialEnd,
      cancel_at_period_end: false,
      created,
      metadata: { userId: form['metadata[userId]'] },
      items: { object: 'list', data: [{ id: this.nextId('si'), price: { id: form['items[0][price]'] }, current_period_end: periodEnd }] },
      pending_setup_intent: trialEnd ? this.newSetupIntent(form.customer, id) : null,
      latest_invoice: trialEnd ? null : { id: this.nextId('in'), object: 'invoice', confirmation_secret: { type: 'payment_intent', client_secret: `pi_${id}_secret_test` } },
    };
  }

  private newSetupIntent(customer: string | undefined, subscriptionId: string): Json {
    const intent = {
      id: this.nextId('seti'),
      object: 'setup_intent',
      customer,
      status: 'requires_payment_method',
      usage: 'off_session',
      metadata: { subscription: subscriptionId },
      client_secret: `seti_${subscriptionId}_secret_test`,
    };
    this.setupIntents.set(intent.id, intent);
    return intent;
  }

  private moveTrialEnd(subscription: Json, trialEnd: number): void {
    subscription.trial_end = trialEnd;
    const items = subscription.items as { data: Array<{ current_period_end: number }> };
    for (const item of items.data) item.current_period_end = trialEnd;
  }
}

function notFound(what: string, id: string | undefined) {
  return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } } };
}
