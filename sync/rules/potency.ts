/**
 * THC and CBD "below detection": a lab result of ND, <LOQ or <0.1% means the
 * lab found too little to measure. The product keeps its percentage empty (the
 * usual exact decimal, empty sent as absent) and a flag beside it, and every
 * screen shows "ND". A percentage and the flag never hold together: the server
 * and the device settle a change the same way, here.
 */
import { formatPercent } from './format-decimal';

/** What the product card and the public menu show for a potency below detection. */
export const BELOW_DETECTION = 'ND';

export const POTENCIES = [
  { percentage: 'thcPercentage', belowDetection: 'thcBelowDetection', label: 'THC %' },
  { percentage: 'cbdPercentage', belowDetection: 'cbdBelowDetection', label: 'CBD %' },
] as const;

type PotencyFields = {
  thcPercentage?: string | null;
  cbdPercentage?: string | null;
  thcBelowDetection?: boolean;
  cbdBelowDetection?: boolean;
};

/** '24.5', false → '24.50%'; anything, true → 'ND'; null, false → null (the badge is left out). */
export function formatPotency(percentage: string | null, belowDetection: boolean | undefined): string | null {
  return belowDetection ? BELOW_DETECTION : formatPercent(percentage);
}

/** A product's fields (or a change to them) that give a percentage and call it below detection at once: the field errors to refuse it with. */
export function potencyConflicts(fields: PotencyFields): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { percentage, belowDetection, label } of POTENCIES) {
    const value = fields[percentage];
    if (fields[belowDetection] === true && value !== undefined && value !== null) {
      errors[percentage] = `${label} is below detection (ND): leave the percentage empty`;
    }
  }
  return errors;
}

/**
 * A change as it applies to the product: a percentage given clears "below
 * detection", and "below detection" set clears the percentage, so a seller who
 * types 0.3 into an ND product's THC shows 0.30% and no longer ND.
 */
export function settlePotency<Changes extends PotencyFields>(changes: Changes): Changes {
  const settled: PotencyFields = { ...changes };
  for (const { percentage, belowDetection } of POTENCIES) {
    const value = changes[percentage];
    if (value !== undefined && value !== null && changes[belowDetection] === undefined) settled[belowDetection] = false;
    if (changes[belowDetection] === true && value === undefined) settled[percentage] = null;
  }
  return settled as Changes;
}
