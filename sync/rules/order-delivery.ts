/**
 * What a seller may say was delivered of a line: a quantity from nothing up to what was ordered. The Deliver form
 * checks it as it is typed and the server decides by the same rule.
 */
import type { UnitType } from '../contract/constants';
import type { OrderLine } from '../entities/order';
import { parseScaled, QUANTITY_RULE } from './decimal';
import { formatQuantity } from './format-decimal';

/** Why this delivered quantity cannot be recorded for the line, or null when it can. */
export function deliveredQuantityProblem(line: Pick<OrderLine, 'strainName' | 'quantity' | 'unitType'>, delivered: string): string | null {
  if (delivered.trim() === '') return `${line.strainName}: enter the delivered quantity`;
  const parsed = parseScaled(delivered, QUANTITY_RULE);
  if (!parsed.ok) return `${line.strainName}: enter the delivered quantity as a number, such as 4 or 4.5`;
  const ordered = parseScaled(line.quantity, QUANTITY_RULE);
  if (ordered.ok && parsed.scaled > ordered.scaled) {
    return `${line.strainName}: deliver at most what was ordered (${formatQuantity(line.quantity, line.unitType as UnitType)})`;
  }
  return null;
}
