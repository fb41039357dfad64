/** What every route and domain function is given: the database, the configuration and the clock. */
import type { TeamRole } from '../sync/entities/team';
import type { User } from '../sync/entities/user';
import type { MenuViewRecorder } from './analytics/menu-view-recorder';
import type { LoginThrottle } from './auth/login-throttle';
import type { TokenSigner } from './auth/tokens';
import type { Database } from './db/database';
import type { Env } from './env';
import type { LiveMenus } from './events/live-menus';
import type { Quotas } from './limits/quotas';
import type { InvoicePdfs } from './orders/invoice-pdfs';
import type { Payments } from './billing/payments';
import type { MailOutbox } from './mail/outbox';
import type { FileStore } from './photos/file-store';
import type { PushOutbox } from './push/push-outbox';
import type { ResetRequestQueue } from './auth/reset-requests';
import type { VapidKeys } from './push/vapid-keys';
import type { SharedRedis } from './platform/redis';
import type { WorkerPool } from './platform/worker-pool';

export type Services = {
  db: Database;
  env: Env;
  now: () => Date;
  tokens: TokenSigner;
  /** Uploaded photos and lab results: the local disk or an S3 bucket. */
  files: FileStore;
  /** Redis shared with the other API processes (REDIS_URL), or null for one process on its own. */
  redis: SharedRedis | null;
  throttle: LoginThrottle;
  /** Per-account and per-address quotas: registrations, messages, upload bytes, password reset requests. */
  quotas: Quotas;
  /** null when the payment settings are not all present: trials run as usual, paying is refused. */
  payments: Payments | null;
  views: MenuViewRecorder;
  /** Which public menus changed, for their open event streams. */
  live: LiveMenus;
  /** Email: queued in transactions, delivered in the background. */
  mail: MailOutbox;
  /** Web push: queued in transactions, delivered in the background, signed with `pushKeys`. */
  push: PushOutbox;
  pushKeys: VapidKeys;
  /** Heavy work (drawing PDFs) on a few worker threads, off the request thread. */
  workers: WorkerPool;
  /** Invoice PDFs, drawn on `workers` and kept per what they print. */
  invoicePdfs: InvoicePdfs;
  /** Password reset requests: recorded by the request, answered (the link made and mailed) in the background. */
  resetRequests: ResetRequestQueue;
};

/**
 * The team a signed-in person acts for, resolved on every request: `account` is the team's account row (its id is the
 * team's id, the owner of the team's data; its subscription is the team's). An account in no team (an admin) is its own.
 * A device's pull cursor older than `sinceVersion` was given for another team.
 */
export type TeamSession = { id: string; role: TeamRole; account: User; /** The change clock when the person joined it. */ sinceVersion: number };

/** Who acts within the team: the person's id (recorded as who made or changed a row) and their role. */
export type Member = { userId: string; role: TeamRole };

/** `user` is the person (their profile, password, sign-in); whose data a request reads and writes is `team.account`. */
export type Session = { user: User; sid: string; team: TeamSession };

export type AppEnv = {
  Variables: {
    services: Services;
    session: Session | null;
    clientAddress: string;
    /** Set by the menu page's route when it answered with a drawn page, for its fast path to learn the answer's headers. */
    menuPageDrawn?: boolean;
  };
};
