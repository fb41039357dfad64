/** How old the figures a device shows are, in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function figuresAge(fetchedAt: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(fetchedAt)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The chart's bars: each day of the period with its views, labelled as a short date. */
export function chartBars(perDay: Array<{ date: string; views: number }>): Array<{ date: string; label: string; views: number }> {
  return perDay.map((day) => ({
    ...day,
    label: new Date(`${day.date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  }));
}
