/** The server's configuration, read from the environment once, here and nowhere else. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { STRONG_HASHING, TEST_HASHING, type PasswordHashing } from './auth/password';
import { DEFAULT_ORDER_LIMITS, DEFAULT_REGISTRATIONS_PER_HOUR } from './limits/quotas';

export const DEVELOPMENT_JWT_SECRET = 'development-only-secret-change-me-0123456789';
/** The key stored credentials of other systems are sealed with when none is set: development and tests only. */
export const DEVELOPMENT_CREDENTIALS_KEY = Buffer.alloc(32, 'development-credentials-key').toString('base64');

/** A variable set to nothing (as `.env.example` leaves them) counts as not set. */
const unsetWhenBlank = (value: unknown) => (value === '' ? undefined : value);

/** How many proxies stand in front of the server: `false` none, `true` one, or a number of them. */
const proxyCount = z.preprocess(
  unsetWhenBlank,
  z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or the number of proxies in front of the server')
    .default('false')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
);

/** `.env.example` lists every variable with an empty value: empty means unset. */
function blankIsUnset<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const stripeSetting = (pattern: RegExp, expected: string) => blankIsUnset(z.string().regex(pattern, `must be ${expected}`));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(unsetWhenBlank, z.string().optional()),
  DATA_DIR: z.string().default('./data'),
  APP_DIR: z.preprocess(unsetWhenBlank, z.string().default('dist/app')),
  JWT_SECRET: z.preprocess(unsetWhenBlank, z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: proxyCount,
  REGISTRATIONS_PER_HOUR: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1).default(DEFAULT_REGISTRATIONS_PER_HOUR)),
  ORDERS_PER_MINUTE: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1).default(DEFAULT_ORDER_LIMITS.perMinute)),
  ORDERS_PER_DAY: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1).default(DEFAULT_ORDER_LIMITS.perDay)),
  ORDERS_PER_PAIR_PER_HOUR: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1).default(DEFAULT_ORDER_LIMITS.perPairPerHour)),
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  ADMIN_EMAIL: z.string().optional(),
  SUPPORT_EMAIL: blankIsUnset(z.email('must be an email address')),
  ADMIN_PASSWORD: z.string().optional(),
  STRIPE_SECRET_KEY: stripeSetting(/^(sk|rk)_(test|live)_\w+$/, 'a secret key starting sk_test_, sk_live_, rk_test_ or rk_live_'),
  STRIPE_PUBLISHABLE_KEY: stripeSetting(/^pk_(test|live)_\w+$/, 'a publishable key starting pk_test_ or pk_live_'),
  STRIPE_PRICE_ID: stripeSetting(/^price_\w+$/, 'a price id starting price_'),
  STRIPE_WEBHOOK_SECRET: stripeSetting(/^whsec_\w+$/, 'a signing secret starting whsec_'),
  STRIPE_API_BASE: blankIsUnset(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s)://host:port address' })
      .refine((value) => URL.canParse(value) && ['', '/'].includes(new URL(value).pathname), 'must be an http(s)://host:port address, with no path'),
  ),
  SMTP_URL: blankIsUnset(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address, e.g. smtps://user:password@mail.example.com:465' })),
  MAIL_FROM: blankIsUnset(z.string().min(3, 'must be an address, e.g. Wholesale Menus <menus@example.com>')),
  DATABASE_URL: blankIsUnset(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// address, e.g. postgres://menus:secret@db.example.com:5432/menus' })),
  REDIS_URL: blankIsUnset(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// address, e.g. redis://127.0.0.1:6379' })),
  S3_BUCKET: blankIsUnset(z.string().min(3, 'must be a bucket name')),
  S3_ENDPOINT: blankIsUnset(z.url({ protocol: /^https?$/, error: 'must be an http(s):// address, e.g. https://minio.example.com:9000' })),
  S3_REGION: z.preprocess(unsetWhenBlank, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: blankIsUnset(z.string()),
  S3_SECRET_ACCESS_KEY: blankIsUnset(z.string()),
  REDIS_KEY_PREFIX: z.preprocess(unsetWhenBlank, z.string().default('menus:')),
  APP_URL: blankIsUnset(z.url({ protocol: /^https?$/, error: 'must be the http(s):// address people open the app at' }).transform((value) => value.replace(/\/+$/, ''))),
  VAPID_PUBLIC_KEY: blankIsUnset(z.string().regex(/^[\w-]{80,100}$/, 'must be a VAPID public key (base64url, as `npx web-push generate-vapid-keys` prints)')),
  VAPID_PRIVATE_KEY: blankIsUnset(z.string().regex(/^[\w-]{40,50}$/, 'must be a VAPID private key (base64url, as `npx web-push generate-vapid-keys` prints)')),
  VAPID_SUBJECT: blankIsUnset(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address push services can reach the operator at')),
  CREDENTIALS_KEY: blankIsUnset(z.string().refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)')),
  METRC_VENDOR_KEY: blankIsUnset(z.string().min(8, "must be the software vendor's Metrc API key")),
  METRC_API_BASE: blankIsUnset(
    z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s):// address, where <state> stands for the lower-case state code, e.g. https://api-<state>.metrc.com'),
  ),
  METRC_REFRESH_MINUTES: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1, 'must be at least 1 minute').max(1440).default(10)),
  PUSH_SERVICE_ORIGINS: z.preprocess(
    unsetWhenBlank,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https$/, error: 'must list https:// origins, separated by commas' }).transform((origin) => new URL(origin).origin))),
  ),
});

/** The variables the Pro plan's payments need; without all of them, payments are off. */
export const PAYMENT_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The payment variables not set, to say once at start why payments are off. */
export function missingPaymentVariables(env: Env): string[] {
  return PAYMENT_VARIABLES.filter((name) => !env[name]);
}

/** The bucket uploads go to instead of the disk; credentials unset, the SDK's own chain (an instance role, say) applies. */
export type S3Settings = { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };

/**
 * `databaseFile` and `uploadsDir` (uploaded photos and lab results, named by
 * content hash) live under DATA_DIR; `s3`, when S3_BUCKET is set, replaces
 * `uploadsDir`.
 */
export type Env = Omit<z.infer<typeof envSchema>, 'HOST' | 'JWT_SECRET' | 'MAIL_FROM' | 'APP_URL' | 'CREDENTIALS_KEY' | 'METRC_API_BASE'> & {
  HOST: string;
  JWT_SECRET: string;
  /** The key that seals the credentials of other systems a team connects (a Metrc user key). */
  CREDENTIALS_KEY: Buffer;
  /** Metrc's address for a state, `<state>` standing for its lower-case code. */
  METRC_API_BASE: string;
  /** The sender of every email. */
  MAIL_FROM: string;
  /** Where links in emails point, without a trailing slash. */
  APP_URL: string;
  /** Where messages are written as .eml files when no SMTP_URL is set. */
  mailDir: string;
  databaseFile: string;
  uploadsDir: string;
  s3: S3Settings | null;
  /** What each password hash costs: the strong cost everywhere but under NODE_ENV=test. */
  passwordHashing: PasswordHashing;
};

/** Addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name) || /^::ffff:127(\.\d{1,3}){3}$/.test(name);
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const { HOST, JWT_SECRET, MAIL_FROM, APP_URL, CREDENTIALS_KEY, METRC_API_BASE, ...env } = parsed.data;
  // Without a secret of its own the server stays on this machine: anyone who can reach it could forge sessions with the known one.
  const ownSecret = JWT_SECRET !== undefined && JWT_SECRET !== DEVELOPMENT_JWT_SECRET;
  // A test server stays on this machine unless told otherwise (and then refuses, below).
  const host = HOST ?? (ownSecret && env.NODE_ENV !== 'test' ? '0.0.0.0' : '127.0.0.1');
  if (!ownSecret && env.NODE_ENV === 'production') {
    throw new Error('Refusing to start in production with the default JWT_SECRET: set a long random JWT_SECRET.');
  }
  // Sealed with the known key, a team's Metrc key would be readable by anyone holding a copy of the database.
  const ownCredentialsKey = CREDENTIALS_KEY !== undefined && CREDENTIALS_KEY !== DEVELOPMENT_CREDENTIALS_KEY;
  if (!ownCredentialsKey && env.NODE_ENV === 'production' && env.METRC_VENDOR_KEY) {
    throw new Error('Refusing to start in production with METRC_VENDOR_KEY and the default CREDENTIALS_KEY: set CREDENTIALS_KEY to 32 random bytes in base64.');
  }
  // Half a pair cannot sign: without this the server would make a pair of its own that no subscription was made with.
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error('Refusing to start with only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither to have a pair made and kept in the database.');
  }
  if (!ownSecret && !isLoopback(host)) {
    throw new Error(`Refusing to listen on ${host} with the default JWT_SECRET: set a long random JWT_SECRET, or listen on 127.0.0.1.`);
  }
  // Test servers hash passwords at the lowest cost: such a server must never be one people reach.
  if (env.NODE_ENV === 'test' && !isLoopback(host)) {
    throw new Error(`Refusing to listen on ${host} with NODE_ENV=test, which hashes passwords at the lowest cost: run with NODE_ENV=production.`);
  }
  return {
    ...env,
    HOST: host,
    JWT_SECRET: ownSecret ? JWT_SECRET : DEVELOPMENT_JWT_SECRET,
    CREDENTIALS_KEY: Buffer.from(ownCredentialsKey ? CREDENTIALS_KEY : DEVELOPMENT_CREDENTIALS_KEY, 'base64'),
    METRC_API_BASE: METRC_API_BASE ?? 'https://api-<state>.metrc.com',
    MAIL_FROM: MAIL_FROM ?? 'Wholesale Menus <no-reply@localhost>',
    APP_URL: APP_URL ?? `http://localhost:${env.PORT}`,
    mailDir: resolve(env.DATA_DIR, 'mail'),
    databaseFile: resolve(env.DATA_DIR, 'app.db'),
    uploadsDir: resolve(env.DATA_DIR, 'uploads'),
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : null,
    passwordHashing: env.NODE_ENV === 'test' ? TEST_HASHING : STRONG_HASHING,
  };
}

/**
 * TEST_SEED, read by the test runs alone (api/testing/seed-global-setup.ts hands it to every test), never by the
 * server: the seed of the random cases and timings tests draw, set to replay a failed run's draws. Not a setting of
 * the server, so neither in the schema above nor in `.env.example`. Unset or blank, undefined.
 */
export function readTestSeed(source: NodeJS.ProcessEnv = process.env): number | undefined {
  const given = source.TEST_SEED?.trim();
  if (!given) return undefined;
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`TEST_SEED must be a whole number, not "${given}".`);
  return seed;
}

/** Reads `.env` into process.env when there is one; real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
