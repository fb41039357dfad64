/** What every route and domain function is given: the database, the configuration and the clock. */
import type { User } from '../sync/entities/user';
import type { MenuViewCounter } from './analytics/menu-view-counter';
import type { LoginThrottle } from './auth/login-throttle';
import type { TokenSigner } from './auth/tokens';
import type { Database } from './db/database';
import type { Env } from './env';
import type { Payments } from './subscription/payments';

export type Services = {
  db: Database;
  env: Env;
  now: () => Date;
  tokens: TokenSigner;
  throttle: LoginThrottle;
  payments: Payments;
  views: MenuViewCounter;
};

export type Session = { user: User; sid: string };

export type AppEnv = {
  Variables: {
    services: Services;
    session: Session | null;
    clientAddress: string;
  };
};
