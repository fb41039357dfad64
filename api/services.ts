/** Wires the server's services from the configuration. */
import { MenuViewRecorder } from './analytics/menu-view-recorder';
import { LoginThrottle } from './auth/login-throttle';
import { ResetRequestLimits } from './auth/password-reset';
import { TokenSigner } from './auth/tokens';
import type { Services } from './context';
import { Database } from './db/database';
import type { Env } from './env';
import { InMemoryEventBus } from './events/event-bus';
import { Quotas } from './limits/quotas';
import { LiveMenus } from './events/live-menus';
import { paymentsFromEnv, type PaymentTuning } from './billing/payments';
import { notifyFirstMenuOpen } from './mail/notifications';
import { MailOutbox } from './mail/outbox';
import { transportFromEnv } from './mail/transport';

export function createServices(env: Env, overrides: Partial<Services> = {}, paymentTuning: PaymentTuning = {}): Services {
  const db = overrides.db ?? Database.open(env.databaseFile);
  const now = overrides.now ?? (() => new Date());
  const services: Services = {
    db,
    // The recorder tells the seller of a buyer's first opening by email, which needs the services it is part of.
    views: new MenuViewRecorder(db, (tx, open) => notifyFirstMenuOpen(services, tx, open)),
    live: new LiveMenus(db, new InMemoryEventBus()),
    env,
    now,
    tokens: new TokenSigner(env.JWT_SECRET),
    throttle: new LoginThrottle(),
    resetLimits: new ResetRequestLimits(() => now().getTime()),
    quotas: new Quotas(env.REGISTRATIONS_PER_HOUR, () => now().getTime()),
    payments: paymentsFromEnv(env, paymentTuning),
    mail: new MailOutbox(db, transportFromEnv(env), now),
    ...overrides,
  };
  return services;
}
