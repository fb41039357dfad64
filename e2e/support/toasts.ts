/**
 * Toasts close by themselves after five seconds, and on a busy machine a test can come to look only after one has
 * gone. So a page notes every toast as it appears, and a test asks whether one was shown rather than racing its timer.
 */
import { expect, type Page } from '@playwright/test';

const SHOWN = '__toastsShown';

/** One toast the page drew: its latest text, and whether a test has already claimed it. */
interface ShownToast {
  text: string;
  claimed: boolean;
  element: Element;
}

/** Runs in every page before its scripts: keeps the text of each toast the page draws, in the order they came. */
function recordToasts(shownKey: string): void {
  const shown: ShownToast[] = [];
  const entryOf = new Map<Element, ShownToast>();
  Object.defineProperty(window, shownKey, { value: shown });
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      const text = toast.textContent ?? '';
      const entry = entryOf.get(toast);
      if (entry) entry.text = text;
      else {
        const added = { text, claimed: false, element: toast };
        entryOf.set(toast, added);
        shown.push(added);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** From now on, every page this page loads notes its toasts. */
export async function noteToasts(page: Page): Promise<void> {
  await page.addInitScript(recordToasts, SHOWN);
}

/** The texts of the toasts the current page has shown, closed or not (none while it loads). */
function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate((shownKey) => ((window as unknown as Record<string, ShownToast[] | undefined>)[shownKey] ?? []).map((toast) => toast.text), SHOWN).catch(() => []);
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

/**
 * Waits until the current page has shown a toast containing every one of `texts` that no earlier call claimed, claims
 * it, and closes it if it is still open, so it covers nothing at the bottom of a small screen. Saying the same words
 * again needs a new toast.
 */
export async function expectToastShownThenClose(page: Page, ...texts: [string, ...string[]]): Promise<void> {
  const claim = () =>
    page
      .evaluate(
        ([shownKey, wanted]) => {
          const shown = (window as unknown as Record<string, ShownToast[] | undefined>)[shownKey] ?? [];
          const toast = shown.find((candidate) => !candidate.claimed && wanted.every((part) => candidate.text.includes(part)));
          if (!toast) return false;
          toast.claimed = true;
          // In the same turn as the check, so the toast cannot close by itself between the two.
          toast.element.querySelector<HTMLButtonElement>('button[aria-label="Close"]')?.click();
          return true;
        },
        [SHOWN, texts] as const,
      )
      .catch(() => false);
  await expect.poll(claim, { message: `a new toast containing "${texts.join('" and "')}"` }).toBe(true);
  await expect(page.getByTestId('toast').filter({ hasText: texts[0] })).toHaveCount(0);
}
