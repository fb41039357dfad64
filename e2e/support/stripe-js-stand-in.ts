/**
 * A stand-in for the provider's browser script (Stripe.js), served in place
 * of https://js.stripe.com: its payment form is one plain card field, it
 * notes the client secret the page hands it, and confirming a setup or a
 * payment succeeds without leaving the page. With the server's stand-in for
 * the provider's API, a test goes from /subscribe to a saved card offline.
 */
import type { Page } from '@playwright/test';

/** Runs in the page as the provider's script would: defines window.Stripe. */
const SCRIPT = `
(() => {
  const seen = (window.__stripeStandIn = { clientSecrets: [], confirmed: [] });
  function Stripe() {
    return {
      elements(options) {
        seen.clientSecrets.push(options.clientSecret);
        return {
          create() {
            const listeners = {};
            return {
              on(event, listener) { listeners[event] = listener; },
              mount(container) {
                const label = document.createElement('label');
                label.textContent = 'Card number ';
                const input = document.createElement('input');
                input.autocomplete = 'cc-number';
                label.appendChild(input);
                container.appendChild(label);
                setTimeout(() => listeners.ready && listeners.ready(), 0);
              },
              destroy() {},
            };
          },
        };
      },
      async confirmSetup() {
        const secret = seen.clientSecrets[seen.clientSecrets.length - 1];
        seen.confirmed.push(secret);
        return { setupIntent: { id: secret.split('_secret_')[0], status: 'succeeded' } };
      },
      async confirmPayment() {
        const secret = seen.clientSecrets[seen.clientSecrets.length - 1];
        seen.confirmed.push(secret);
        return { paymentIntent: { id: secret.split('_secret_')[0], status: 'succeeded' } };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

export async function serveStripeJsStandIn(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: SCRIPT }));
}

/** The client secrets the page handed to the payment form, and those it confirmed. */
export function stripeJsSeen(page: Page): Promise<{ clientSecrets: string[]; confirmed: string[] }> {
  return page.evaluate(() => (window as unknown as { __stripeStandIn: { clientSecrets: string[]; confirmed: string[] } }).__stripeStandIn);
}
