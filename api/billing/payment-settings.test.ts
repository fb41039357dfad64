import { describe, expect, it } from 'vitest';
import { missingPaymentVariables, readEnv } from '../env';
import { STAND_IN_KEYS } from '../testing/stripe-stand-in';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused' } as const;

describe('payment settings', () => {
  it.each([
    ['STRIPE_SECRET_KEY', 'pk_live_wrongkind'],
    ['STRIPE_PUBLISHABLE_KEY', 'sk_test_secret'],
    ['STRIPE_PRICE_ID', 'prod_123'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ['STRIPE_API_BASE', 'ftp://localhost:12111'],
    ['STRIPE_API_BASE', 'http://localhost:12111/v1'],
    ['STRIPE_API_BASE', 'not a url'],
  ])('a malformed %s (%s) stops the start, naming the variable', (name, value) => {
    expect(() => readEnv({ ...base, ...STAND_IN_KEYS, [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('takes well-formed values, and an empty value as unset', () => {
    const env = readEnv({ ...base, ...STAND_IN_KEYS, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(env.STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
    expect(missingPaymentVariables(env)).toEqual([]);
    const blank = readEnv({ ...base, STRIPE_SECRET_KEY: '', STRIPE_API_BASE: '' });
    expect(blank.STRIPE_SECRET_KEY).toBeUndefined();
    expect(blank.STRIPE_API_BASE).toBeUndefined();
  });

  it('names the variables still missing, so the start can say why payments are off', () => {
    const env = readEnv({ ...base, STRIPE_SECRET_KEY: STAND_IN_KEYS.STRIPE_SECRET_KEY });
    expect(missingPaymentVariables(env)).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET']);
  });
});
