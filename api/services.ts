/** Wires the server's services from the configuration. */
import { MenuViewRecorder } from './analytics/menu-view-recorder';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from './auth/login-throttle';
import { RedisThrottleState } from './auth/redis-throttle-state';
import { TokenSigner } from './auth/tokens';
import type { Services } from './context';
import { openDatabase } from './db/open-database';
import type { Env } from './env';
import { InMemoryEventBus } from './platform/event-bus';
import { MemoryLimitStore } from './platform/limits/limit-store';
import { Quotas } from './limits/quotas';
import { RedisLimitStore } from './platform/limits/redis-limit-store';
import { fileStoreFromEnv } from './photos/file-store-from-env';
import { connectRedis } from './platform/redis';
import { shareCommits } from './platform/shared-commits';
import { WorkerPool } from './platform/worker-pool';
import { LiveMenus } from './events/live-menus';
import { paymentsFromEnv, type PaymentTuning } from './billing/payments';
import { notifyFirstMenuOpen } from './mail/notifications';
import { MailOutbox } from './mail/outbox';
import { invoicePdfsOn } from './orders/invoice-pdfs';
import { invoiceForMail } from './orders/order-documents';
import { transportFromEnv } from './mail/transport';
import { PushOutbox } from './push/push-outbox';
import { VapidKeys } from './push/vapid-keys';
import { answerResetRequest, RESET_VALID_MINUTES } from './auth/password-reset';
import { ResetRequestQueue } from './auth/reset-requests';

export function createServices(env: Env, overrides: Partial<Services> = {}, paymentTuning: PaymentTuning = {}): Services {
  const db = overrides.db ?? openDatabase(env);
  const now = overrides.now ?? (() => new Date());
  const nowMs = () => now().getTime();
  const redis = overrides.redis !== undefined ? overrides.redis : env.REDIS_URL ? connectRedis(env.REDIS_URL, env.REDIS_KEY_PREFIX) : null;
  if (redis) shareCommits(db, redis);
  const pushKeys = overrides.pushKeys ?? new VapidKeys(db, env, now);
  const workers = overrides.workers ?? new WorkerPool();
  const services: Services = {
    db,
    // The recorder tells the seller of a buyer's first opening by email, which needs the services it is part of.
    views: new MenuViewRecorder(db, (tx, open) => notifyFirstMenuOpen(services, tx, open)),
    live: new LiveMenus(db, new InMemoryEventBus()),
    env,
    now,
    tokens: new TokenSigner(env.JWT_SECRET),
    files: fileStoreFromEnv(env),
    redis,
    throttle: new LoginThrottle(DEFAULT_THROTTLE_LIMITS, Date.now, redis ? new RedisThrottleState(redis.commands, DEFAULT_THROTTLE_LIMITS.knownSignInMs) : undefined),
    quotas: new Quotas(redis ? new RedisLimitStore(redis.commands, nowMs) : new MemoryLimitStore(nowMs), env.REGISTRATIONS_PER_HOUR, {
      perMinute: env.ORDERS_PER_MINUTE,
      perDay: env.ORDERS_PER_DAY,
      perPairPerHour: env.ORDERS_PER_PAIR_PER_HOUR,
    }),
    payments: paymentsFromEnv(env, paymentTuning),
    // An order's email carries its invoice, drawn by the services it is part of as the email is sent.
    mail: new MailOutbox(db, transportFromEnv(env), now, {}, undefined, { invoice: (orderId) => invoiceForMail(services, orderId) }),
    pushKeys,
    push: new PushOutbox(db, pushKeys, now),
    workers,
    invoicePdfs: invoicePdfsOn(workers),
    // Answering a request mails a link, which needs the services it is part of.
    resetRequests: new ResetRequestQueue(db, now, (tx, email) => answerResetRequest(services, tx, email), RESET_VALID_MINUTES * 60_000),
    ...overrides,
  };
  return services;
}
