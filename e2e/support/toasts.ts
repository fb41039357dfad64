/**
 * Toasts close by themselves after five seconds, and on a busy machine a test can come to look only after one has
 * gone. So a page notes every toast as it appears, and a test asks whether one was shown rather than racing its timer.
 */
import { expect, type Locator, type Page } from '@playwright/test';

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

/** Expects that no toast the current page has shown so far, open or closed since, contains `text`. */
export async function expectNoToastShown(page: Page, text: string): Promise<void> {
  // Not through toastsShown: a page whose toasts are not noted must fail here, not pass for having shown none.
  const shown = await page.evaluate((shownKey) => (window as unknown as Record<string, ShownToast[] | undefined>)[shownKey]?.map((toast) => toast.text) ?? null, SHOWN);
  expect(shown, 'the toasts the page has shown (noteToasts before it loaded)').not.toBeNull();
  expect(shown, `no toast containing "${text}"`).not.toContainEqual(expect.stringContaining(text));
}

/** Whether a toast containing `text` is open on the current page now. */
function toastOpen(page: Page, text: string): Promise<boolean> {
  return page
    .evaluate(
      ([shownKey, wanted]) =>
        ((window as unknown as Record<string, ShownToast[] | undefined>)[shownKey] ?? []).some((toast) => toast.element.isConnected && toast.text.includes(wanted)),
      [SHOWN, text] as const,
    )
    .catch(() => false);
}

/**
 * Shows a toast by `show` and keeps it open until the test closes it, for a test that must read it open (axe): a
 * toast closes by itself after five seconds, and a busy machine may let a test reach it only after that. The page's
 * clock stands still from before `show` and moves a tenth of a second at a time until the toast is open (the toast's
 * region loads with the first toast, which takes a few timers), so the toast's five seconds cannot pass before the
 * test holds it: focus on its Close button, and a toast with focus in its region does not close by itself (Radix
 * pauses its timer, as for a keyboard user who reached it with F8). The clock then runs again and jumps past the five
 * seconds, and the toast must still be open. The page must have installed the clock (`page.clock.install()`) before
 * it loaded, and be ready for `show`.
 */
export async function showToastHeldOpen(page: Page, text: string, show: () => Promise<void>): Promise<Locator> {
  // pauseAt stops the clock, then jumps to the time given; should the page's clock have passed that time meanwhile,
  // the jump fails with the clock already stopped, and the next try starts from where it stopped.
  await expect(async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)).toPass();
  await show();
  const drawn = async () => (await toastOpen(page, text)) || (await page.clock.runFor(100), false);
  await expect.poll(drawn, { message: `a toast containing "${text}" open` }).toBe(true);
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await toast.getByRole('button', { name: 'Close' }).focus();
  await page.clock.resume();
  await page.clock.fastForward(10_000);
  await expect(toast, 'the toast stays open while focus is in it').toBeVisible();
  return toast;
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
