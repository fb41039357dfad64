/** Opening a shared menu's page, which the server draws and whose app starts only when the page needs it. */
import type { Page } from '@playwright/test';

/**
 * Opens /menu/:linkId and waits until the page is quiet: the page's loader has asked the server for the menu (the
 * view is counted) and follows its changes. The app itself starts at the first tap, which it then answers.
 * `linkAndQuery` may carry a query (`sample?category=edible`).
 */
export async function openSharedMenu(page: Page, linkAndQuery: string, base = ''): Promise<void> {
  const linkId = linkAndQuery.split('?')[0];
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/public/menu/${linkId}`);
  await page.goto(`${base}/menu/${linkAndQuery}`);
  await answered;
}

/**
 * Starts the app on a page the server drew, as a visitor's first key press does, and waits until it has taken the
 * page over. A page the server did not draw (the app's shell, which starts the app by itself) is left as it is.
 */
export async function takeOverDrawnPage(page: Page): Promise<void> {
  if ((await page.locator('meta[name="app-entry"]').count()) === 0) return;
  await page.keyboard.press('Shift');
  await page.locator('html[data-taken-over]').waitFor({ state: 'attached' });
}
