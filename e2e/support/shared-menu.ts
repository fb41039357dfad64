/** Opening a shared menu's page, which the server draws before the app's JavaScript arrives. */
import type { Page } from '@playwright/test';

/**
 * Opens /menu/:linkId and waits until the app has taken the drawn page over:
 * its own request for the menu, made once it has, is answered. Before that,
 * a click on a drawn button reaches no handler.
 */
export async function openSharedMenu(page: Page, linkId: string, base = ''): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/public/menu/${linkId}`);
  await page.goto(`${base}/menu/${linkId}`);
  await answered;
}
