/**
 * How many new anonymous visitors one address may bring to a menu. A visitor
 * cookie is the client's to make up, so a script sending a fresh one with
 * every request would otherwise be a new visitor (and a new view) each time.
 * From one address (an IPv6 /64) at most NEW_VISITORS_PER_ADDRESS new
 * anonymous visitors of a menu count as their own within any hour; beyond
 * that, the address's further new openings count as one visitor, the
 * address's own, deduplicated like any other. An office or a shop's Wi-Fi
 * rarely brings more new people to one menu in an hour; a visitor already
 * counted stays themself, and a signed-in buyer is counted by their account,
 * never by this budget.
 */
export const NEW_VISITORS_PER_ADDRESS = 20;
export const NEW_VISITOR_WINDOW_MS = 60 * 60 * 1000;

/** Whether one more new visitor is counted as their own at `at`, given when the address's earlier new visitors of the menu were. */
export function hasRoomForNewVisitor(earlier: readonly number[], at: number): boolean {
  let recent = 0;
  for (const time of earlier) if (time > at - NEW_VISITOR_WINDOW_MS) recent++;
  return recent < NEW_VISITORS_PER_ADDRESS;
}
