/**
 * The app's side of taking over a page the server drew (a shared menu): the page's loader,
 * app/public/take-over-when-needed.js, starts the app when the page needs it, holds a tap made meanwhile, and makes
 * it again once told the app has taken the page over. It may also have checked the menu against the server's.
 */

/** The event the loader waits for before it makes a held tap again. */
export const TOOK_OVER_EVENT = 'app:took-over';

/** Tells the page's loader the app now answers the page's controls; the page says so too (`data-taken-over`). */
export function announceTakeOver(): void {
  document.documentElement.dataset.takenOver = 'true';
  document.dispatchEvent(new Event(TOOK_OVER_EVENT));
}

/** Whether the loader already asked the server for the menu and found the one on the page (the view is counted). */
export function menuCheckedOnPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.menuChecked === 'same';
}
