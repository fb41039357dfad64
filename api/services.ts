/** Wires the server's services from the configuration. */
import { MenuViewCounter } from './analytics/menu-view-counter';
import { LoginThrottle } from './auth/login-throttle';
import { TokenSigner } from './auth/tokens';
import type { Services } from './context';
import { Database } from './db/database';
import type { Env } from './env';
import { paymentsNotConfigured, stripePayments } from './subscription/payments';

export function createServices(env: Env, overrides: Partial<Services> = {}): Services {
  const db = overrides.db ?? Database.open(env.databaseFile);
  return {
    db,
    views: new MenuViewCounter(db),
    env,
    now: () => new Date(),
    tokens: new TokenSigner(env.JWT_SECRET),
    throttle: new LoginThrottle(),
    payments: env.STRIPE_SECRET_KEY ? stripePayments(env.STRIPE_SECRET_KEY, env.STRIPE_PRICE_ID) : paymentsNotConfigured,
    ...overrides,
  };
}
