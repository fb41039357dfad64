import { describe, expect, it } from 'vitest';
import { STRONG_HASHING, TEST_HASHING } from './auth/password';
import { DEVELOPMENT_CREDENTIALS_KEY, DEVELOPMENT_JWT_SECRET, isLoopback, readEnv, readTestSeed } from './env';

const SECRET = 'a-long-random-secret-of-at-least-32-characters';

describe('readEnv', () => {
  it('listens on this machine only when no secret of its own is set, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      expect(readEnv({ NODE_ENV }).HOST).toBe('127.0.0.1');
      expect(readEnv({ NODE_ENV, HOST: '', JWT_SECRET: '' }).JWT_SECRET).toBe(DEVELOPMENT_JWT_SECRET);
    }
    expect(readEnv({ JWT_SECRET: SECRET }).HOST).toBe('0.0.0.0');
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'menus.example.com'])('refuses the default secret on %s, even in development', (HOST) => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(() => readEnv({ NODE_ENV, HOST })).toThrow(`Refusing to listen on ${HOST} with the default JWT_SECRET`);
      expect(() => readEnv({ NODE_ENV, HOST, JWT_SECRET: DEVELOPMENT_JWT_SECRET })).toThrow('with the default JWT_SECRET');
    }
    expect(readEnv({ HOST, JWT_SECRET: SECRET }).HOST).toBe(HOST);
  });

  it('refuses the default secret in production even on loopback', () => {
    expect(() => readEnv({ NODE_ENV: 'production', HOST: '127.0.0.1' })).toThrow('Refusing to start in production with the default JWT_SECRET');
  });

  it('seals stored credentials with a key of its own in production once Metrc is set up, and reads Metrc by state', () => {
    const own = Buffer.alloc(32, 7).toString('base64');
    const metrc = { NODE_ENV: 'production', JWT_SECRET: SECRET, METRC_VENDOR_KEY: 'vendor-key-123' };
    expect(() => readEnv(metrc)).toThrow('Refusing to start in production with METRC_VENDOR_KEY and the default CREDENTIALS_KEY');
    expect(() => readEnv({ ...metrc, CREDENTIALS_KEY: DEVELOPMENT_CREDENTIALS_KEY })).toThrow('the default CREDENTIALS_KEY');
    expect(readEnv({ ...metrc, CREDENTIALS_KEY: own }).CREDENTIALS_KEY).toEqual(Buffer.alloc(32, 7));
    expect(() => readEnv({ CREDENTIALS_KEY: 'too-short' })).toThrow('CREDENTIALS_KEY: must be 32 random bytes in base64');
    expect(readEnv({}).METRC_API_BASE).toBe('https://api-<state>.metrc.com');
    expect(readEnv({ METRC_API_BASE: 'http://127.0.0.1:9000' }).METRC_API_BASE).toBe('http://127.0.0.1:9000');
    expect(() => readEnv({ METRC_API_BASE: 'api.metrc.com' })).toThrow('METRC_API_BASE: must be an http(s):// address');
    expect(readEnv({}).METRC_REFRESH_MINUTES).toBe(10);
    expect(readEnv({ METRC_REFRESH_MINUTES: '30' }).METRC_REFRESH_MINUTES).toBe(30);
    expect(() => readEnv({ METRC_REFRESH_MINUTES: '0' })).toThrow('METRC_REFRESH_MINUTES: must be at least 1 minute');
  });

  it('takes a VAPID pair whole or not at all, and push service origins as https origins', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
    expect(readEnv(pair)).toMatchObject(pair);
    expect(readEnv({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).VAPID_PUBLIC_KEY).toBeUndefined();
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => readEnv({ NODE_ENV, JWT_SECRET: SECRET, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
        'Refusing to start with only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      );
      expect(() => readEnv({ NODE_ENV, JWT_SECRET: SECRET, VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY })).toThrow('Refusing to start with only one');
    }
    expect(() => readEnv({ VAPID_SUBJECT: 'ops@example.com' })).toThrow('must be a mailto: or https:// address');
    expect(readEnv({ VAPID_SUBJECT: 'mailto:ops@example.com' }).VAPID_SUBJECT).toBe('mailto:ops@example.com');
    expect(readEnv({}).PUSH_SERVICE_ORIGINS).toEqual([]);
    expect(readEnv({ PUSH_SERVICE_ORIGINS: 'https://push.example.com/, https://127.0.0.1:8443' }).PUSH_SERVICE_ORIGINS).toEqual([
      'https://push.example.com',
      'https://127.0.0.1:8443',
    ]);
    expect(() => readEnv({ PUSH_SERVICE_ORIGINS: 'http://push.example.com' })).toThrow('must list https:// origins');
  });

  it("hashes passwords at OWASP's cost in production and development; only test servers hash cheaply", () => {
    expect(STRONG_HASHING).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(readEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }).passwordHashing).toEqual(STRONG_HASHING);
    expect(readEnv({ NODE_ENV: 'development' }).passwordHashing).toEqual(STRONG_HASHING);
    expect(readEnv({}).passwordHashing).toEqual(STRONG_HASHING);
    expect(readEnv({ NODE_ENV: 'test' }).passwordHashing).toEqual(TEST_HASHING);
  });

  it('keeps a test server, which hashes cheaply, on this machine', () => {
    for (const HOST of ['0.0.0.0', 'menus.example.com']) {
      expect(() => readEnv({ NODE_ENV: 'test', HOST, JWT_SECRET: SECRET })).toThrow(`Refusing to listen on ${HOST} with NODE_ENV=test`);
    }
    expect(readEnv({ NODE_ENV: 'test', JWT_SECRET: SECRET, HOST: '127.0.0.1' }).passwordHashing).toEqual(TEST_HASHING);
    expect(readEnv({ NODE_ENV: 'test', JWT_SECRET: SECRET }).HOST).toBe('127.0.0.1');
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be true, false or the number of proxies');
  });

  it('takes a redis:// address for REDIS_URL, with its keys under menus: unless REDIS_KEY_PREFIX says otherwise', () => {
    expect(readEnv({}).REDIS_URL).toBeUndefined();
    expect(readEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(() => readEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('must be a redis:// or rediss:// address');
    expect(readEnv({}).REDIS_KEY_PREFIX).toBe('menus:');
    expect(readEnv({ REDIS_KEY_PREFIX: 'shop-a:' }).REDIS_KEY_PREFIX).toBe('shop-a:');
  });

  it('serves the built app from dist/app unless APP_DIR says otherwise', () => {
    expect(readEnv({}).APP_DIR).toBe('dist/app');
    expect(readEnv({ APP_DIR: '' }).APP_DIR).toBe('dist/app');
    expect(readEnv({ APP_DIR: '/srv/menus/app' }).APP_DIR).toBe('/srv/menus/app');
  });

  it('reads REGISTRATIONS_PER_HOUR, 10 when unset or blank', () => {
    expect(readEnv({}).REGISTRATIONS_PER_HOUR).toBe(10);
    expect(readEnv({ REGISTRATIONS_PER_HOUR: '' }).REGISTRATIONS_PER_HOUR).toBe(10);
    expect(readEnv({ REGISTRATIONS_PER_HOUR: '500' }).REGISTRATIONS_PER_HOUR).toBe(500);
    expect(() => readEnv({ REGISTRATIONS_PER_HOUR: '0' })).toThrow('REGISTRATIONS_PER_HOUR');
  });

  it('reads the order quotas, 120 a minute, 2000 a day and 30 an hour to one party when unset or blank', () => {
    const quotas = (env: Record<string, string>) => {
      const read = readEnv(env);
      return [read.ORDERS_PER_MINUTE, read.ORDERS_PER_DAY, read.ORDERS_PER_PAIR_PER_HOUR];
    };
    expect(quotas({})).toEqual([120, 2000, 30]);
    expect(quotas({ ORDERS_PER_MINUTE: '', ORDERS_PER_DAY: '', ORDERS_PER_PAIR_PER_HOUR: '' })).toEqual([120, 2000, 30]);
    expect(quotas({ ORDERS_PER_MINUTE: '600', ORDERS_PER_DAY: '20000', ORDERS_PER_PAIR_PER_HOUR: '100' })).toEqual([600, 20000, 100]);
    expect(() => readEnv({ ORDERS_PER_DAY: '0' })).toThrow('ORDERS_PER_DAY');
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['127.example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe('readTestSeed', () => {
  it('reads a whole number, leaves the seed unset when blank, and refuses anything else', () => {
    expect(readTestSeed({ TEST_SEED: ' 42 ' })).toBe(42);
    expect(readTestSeed({ TEST_SEED: '-7' })).toBe(-7);
    expect(readTestSeed({})).toBeUndefined();
    expect(readTestSeed({ TEST_SEED: ' ' })).toBeUndefined();
    expect(() => readTestSeed({ TEST_SEED: '1.5' })).toThrow('TEST_SEED must be a whole number, not "1.5".');
    expect(() => readTestSeed({ TEST_SEED: 'abc' })).toThrow('TEST_SEED must be a whole number');
  });
});
