/**
 * Toasts close by themselves after five seconds, and on a busy machine a test can come to look only after one has
 * gone. So a page notes every toast as it appears, and a test asks whether one was shown rather than racing its timer.
 */
import { expect, type Page } from '@playwright/test';

const SHOWN = '__toastsShown';

/** Runs in every page before its scripts: keeps the text of each toast the page draws, in the order they came. */
function recordToasts(shownKey: string): void {
  const shown: string[] = [];
  const indexOf = new Map<Element, number>();
  Object.defineProperty(window, shownKey, { value: shown });
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      const text = toast.textContent ?? '';
      const index = indexOf.get(toast);
      if (index === undefined) indexOf.set(toast, shown.push(text) - 1);
      else shown[index] = text;
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** From now on, every page this page loads notes its toasts. */
export async function noteToasts(page: Page): Promise<void> {
  await page.addInitScript(recordToasts, SHOWN);
}

/** The texts of the toasts the current page has shown, closed or not (none while it loads). */
function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate((shownKey) => [...((window as unknown as Record<string, string[] | undefined>)[shownKey] ?? [])], SHOWN).catch(() => []);
}

/** Waits until the current page has shown a toast containing `text`, whether it is still open or has closed since. */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect.poll(() => toastsShown(page), { message: `a toast containing "${text}"` }).toContainEqual(expect.stringContaining(text));
}

/** Waits until the current page has shown `times` toasts containing `text` (the same words said again count again). */
export async function expectToastShownTimes(page: Page, text: string, times: number): Promise<void> {
  const count = async () => (await toastsShown(page)).filter((shown) => shown.includes(text)).length;
  await expect.poll(count, { message: `${times} toasts containing "${text}"` }).toBe(times);
}
