/** Opening a shared menu's page, which the server draws before the app's JavaScript arrives. */
import type { Page } from '@playwright/test';

/**
 * Opens /menu/:linkId and waits until the app has taken the drawn page over:
 * its own request for the menu, made once it has, is answered. Before that,
 * a click on a drawn filter reloads the page drawn with it instead of
 * filtering in place. `linkAndQuery` may carry a query (`sample?category=edible`).
 */
export async function openSharedMenu(page: Page, linkAndQuery: string, base = ''): Promise<void> {
  const linkId = linkAndQuery.split('?')[0];
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/public/menu/${linkId}`);
  await page.goto(`${base}/menu/${linkAndQuery}`);
  await answered;
}
