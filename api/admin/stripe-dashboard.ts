/**
 * The payment provider's dashboard page of a customer. Test-mode customers
 * live under /test, so the link follows the mode of the configured key.
 */
export function stripeCustomerDashboardUrl(customerId: string, secretKey: string | undefined): string {
  const mode = secretKey && /^(sk|rk)_test_/.test(secretKey) ? '/test' : '';
  return `https://dashboard.stripe.com${mode}/customers/${encodeURIComponent(customerId)}`;
}
