/**
 * The date a menu was last updated, as in "November 26, 2026", in UTC so the
 * date the server wrote is the date the browser draws when it takes the page
 * over. Written out by hand: the browser's first date formatter loads its
 * locale data, a pause of tens of milliseconds on a phone while the shared
 * menu's page is being taken over.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatUpdated(iso: string | null | undefined): string {
  if (!iso) return 'Recently';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Recently';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
