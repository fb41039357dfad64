/** The server's configuration, read from the environment once, here and nowhere else. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

export const DEVELOPMENT_JWT_SECRET = 'development-only-secret-change-me-0123456789';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEVELOPMENT_JWT_SECRET),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: booleanFlag,
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
});

/** `databaseFile` and `uploadsDir` (uploaded photos and lab results, named by content hash) live under DATA_DIR. */
export type Env = z.infer<typeof envSchema> & { databaseFile: string; uploadsDir: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.JWT_SECRET === DEVELOPMENT_JWT_SECRET) {
    throw new Error('Refusing to start in production with the default JWT_SECRET: set a long random JWT_SECRET.');
  }
  return { ...env, databaseFile: resolve(env.DATA_DIR, 'app.db'), uploadsDir: resolve(env.DATA_DIR, 'uploads') };
}

/** Reads `.env` into process.env when there is one; real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
