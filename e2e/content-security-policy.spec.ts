/**
 * The built app under its Content-Security-Policy: the pages work (the shared
 * fixture fails any test that logs a refusal), and a script injected into the
 * page, the way a stored XSS would, does not run and cannot read the session.
 */
import { baseUrl, expect, test } from './support/fixtures';

test('a script injected into the page is refused and the app keeps working', async ({ browser }) => {
  // A page of its own: the refusal this test provokes is expected, so the fixture's console check must not see it.
  const page = await browser.newPage({ baseURL: baseUrl() });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(
    page
      .getByRole('link', { name: /sign in/i })
      .or(page.getByRole('button', { name: /sign in/i }))
      .first(),
  ).toBeVisible();

  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; refused: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve({ ran: 'injected' in window, refused: event.violatedDirective }), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.injected = localStorage.length';
        document.body.append(script);
      }),
  );
  expect(outcome).toEqual({ ran: false, refused: 'script-src-elem' });
  await page.close();
});
