/**
 * What changed on an order, in the words the order's timeline and its emails use alike: the lines a seller's edit
 * changed, the lines a delivery fell short on, and each step of the timeline.
 */
import type { UnitType } from '../contract/constants';
import { parseScaled, QUANTITY_RULE } from './decimal';
import type { OrderHistoryEntry, OrderLine, OrderLineChange, OrderStatus } from '../entities/order';
import { formatPrice, formatQuantity } from './format-decimal';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from './order-labels';

const thousandths = (quantity: string) => {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  return parsed.ok ? parsed.scaled : 0;
};

/** A line's quantity as people read it: the lines keep the unit as it was written, one of the product units. */
export const lineQuantity = (quantity: string, unitType: string) => formatQuantity(quantity, unitType as UnitType);

/** Each line an edit added, removed or changed the quantity of: the lines before the edit first, then the new ones. */
export function lineChanges(before: readonly OrderLine[], after: readonly OrderLine[]): OrderLineChange[] {
  const afterById = new Map(after.map((line) => [line.productId, line]));
  const beforeIds = new Set(before.map((line) => line.productId));
  const changed: OrderLineChange[] = [];
  for (const line of before) {
    const next = afterById.get(line.productId);
    if (next && thousandths(next.quantity) === thousandths(line.quantity)) continue;
    changed.push({ productId: line.productId, strainName: line.strainName, unitType: line.unitType, from: line.quantity, to: next?.quantity ?? null });
  }
  for (const line of after) {
    if (!beforeIds.has(line.productId)) changed.push({ productId: line.productId, strainName: line.strainName, unitType: line.unitType, from: null, to: line.quantity });
  }
  return changed;
}

/** 'Gelato: 4 oz → 6 oz', 'Runtz added: 2 oz', 'Haze removed (was 3 oz)'. */
export function lineChangeText(change: OrderLineChange): string {
  if (change.from === null) return `${change.strainName} added: ${lineQuantity(change.to ?? '0', change.unitType)}`;
  if (change.to === null) return `${change.strainName} removed (was ${lineQuantity(change.from, change.unitType)})`;
  return `${change.strainName}: ${lineQuantity(change.from, change.unitType)} → ${lineQuantity(change.to, change.unitType)}`;
}

/** Whether less of the line was delivered than ordered. */
export function deliveredShort(line: Pick<OrderLine, 'quantity' | 'deliveredQuantity'>): boolean {
  return line.deliveredQuantity !== null && thousandths(line.deliveredQuantity) < thousandths(line.quantity);
}

/** The lines of which less was delivered than ordered, each as 'Gelato: 3 oz of 4 oz delivered'. */
export function shortDeliveries(lines: readonly OrderLine[]): string[] {
  return lines
    .filter(deliveredShort)
    .map((line) => `${line.strainName}: ${lineQuantity(line.deliveredQuantity!, line.unitType)} of ${lineQuantity(line.quantity, line.unitType)} delivered`);
}

/** What a step of the timeline says happened, in a few words; the lines an edit changed are listed apart. */
export function historyEntryTitle(entry: OrderHistoryEntry): string {
  if (entry.lineChanges) return 'Lines changed';
  if (entry.payment) return `Payment of ${formatPrice(entry.payment.amount)} recorded (${PAYMENT_METHOD_LABELS[entry.payment.method]})`;
  return ORDER_STATUS_LABELS[entry.status];
}

/**
 * The history after an edit of the lines, on the server and on the device alike: the lines it changed (when it changed
 * any), then the move it made (when it made one: an edit that raises the total waits for the buyer's approval).
 */
export function linesChangedHistory(
  history: readonly OrderHistoryEntry[],
  edit: { lineChanges: OrderLineChange[]; from: OrderStatus; to: OrderStatus; at: string; byName: string },
): OrderHistoryEntry[] {
  const { lineChanges: changes, from, to, at, byName } = edit;
  return [...history, ...(changes.length > 0 ? [{ status: to, at, byName, lineChanges: changes }] : []), ...(to !== from ? [{ status: to, at, byName }] : [])];
}

/** The lines the order's latest step changed, when that step was an edit of the lines. */
export function latestLineChanges(history: readonly OrderHistoryEntry[]): OrderLineChange[] {
  const latest = history.at(-1);
  return history.findLast((entry) => entry.lineChanges && entry.at === latest?.at)?.lineChanges ?? [];
}
