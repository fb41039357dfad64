/** Calendar days as the insights count them: UTC, written YYYY-MM-DD. */

const DAY_MS = 24 * 60 * 60 * 1000;

export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `days` days ending with the day of `now`, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => dayOf(new Date(today - (days - 1 - i) * DAY_MS)));
}

/** The first moment of the oldest of those days. */
export function periodStart(now: Date, days: number): Date {
  return new Date(`${lastDays(now, days)[0]}T00:00:00.000Z`);
}
