/**
 * How many orders one account may place: per minute and per day, and per hour to any one other party (a buyer to a
 * seller, a seller team for one customer). Spent by the domain functions once the order is written, so the REST
 * routes, a sync push and a run of orders count against one quota, and an order refused for what it says spends none.
 */
import type { Services } from '../context';
import type { LimitWindow, Spend } from '../platform/limits/limit-store';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import type { OrderActor } from './order-actor';

/** An order as the quota counts it: the account that placed it, and the other party. */
export type PlacedOrder = { accountId: string; otherPartyId: string };

/** The order `actor` places between `sellerId`'s team and its customer `customerId`, as the quota counts it. */
export function placedBy(actor: OrderActor, sellerId: string, customerId: string): PlacedOrder {
  return { accountId: actor.account.id, otherPartyId: actor.account.id === sellerId ? customerId : sellerId };
}

const tooMany = (waitMs: number) => new RateLimitedError(`You have placed too many orders. Please try again in ${waitText(waitMs)}.`, waitMs);

/** Counts the orders, or refuses them all (counting nothing) when a quota has no room for them. */
export async function takeOrderQuota(services: Services, placed: PlacedOrder[]): Promise<void> {
  if (placed.length === 0) return;
  const { quotas } = services;
  // One spend per window and key, of as many orders as it counts: a store checks each key once.
  const spends = new Map<string, Spend & { amount: number }>();
  const spend = (window: LimitWindow, key: string) => {
    const id = `${window.name}\n${key}`;
    const known = spends.get(id);
    if (known) known.amount += 1;
    else spends.set(id, { window, key, amount: 1 });
  };
  for (const { accountId, otherPartyId } of placed) {
    spend(quotas.ordersPerMinute, accountId);
    spend(quotas.ordersPerDay, accountId);
    spend(quotas.ordersPerPair, `${accountId}\n${otherPartyId}`);
  }
  // A store lets an amount larger than a whole window through once the window is empty (a large upload); orders are
  // counted one by one, so more at once than a window holds is over it.
  const overfilled = [...spends.values()].find(({ window, amount }) => amount > window.limit);
  if (overfilled) throw tooMany(overfilled.window.windowMs);
  const wait = await quotas.take(...spends.values());
  if (wait > 0) throw tooMany(wait);
}
