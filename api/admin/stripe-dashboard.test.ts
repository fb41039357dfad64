import { describe, expect, it } from 'vitest';
import { stripeCustomerDashboardUrl } from './stripe-dashboard';

describe('stripeCustomerDashboardUrl', () => {
  it('links test-mode customers under /test', () => {
    expect(stripeCustomerDashboardUrl('cus_123', 'sk_test_abc')).toBe('https://dashboard.stripe.com/test/customers/cus_123');
    expect(stripeCustomerDashboardUrl('cus_123', 'rk_test_abc')).toBe('https://dashboard.stripe.com/test/customers/cus_123');
  });

  it('links live customers, and those of an unconfigured server, at the root', () => {
    expect(stripeCustomerDashboardUrl('cus_123', 'sk_live_abc')).toBe('https://dashboard.stripe.com/customers/cus_123');
    expect(stripeCustomerDashboardUrl('cus_123', undefined)).toBe('https://dashboard.stripe.com/customers/cus_123');
  });
});
