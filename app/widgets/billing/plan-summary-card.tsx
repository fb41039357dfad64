/** The seller dashboard's plan card: the trial countdown (prominent near its end) or where the plan stands, with the way to the billing page. */
import { countdownText, planHeadline } from '../../lib/billing-text';
import { cn } from '../../lib/cn';
import { useEntitlement } from '../../lib/subscription-status';
import { PlanActions } from './plan-actions';
import { Card } from '../../components/ui/card';

export function PlanSummaryCard() {
  const entitlement = useEntitlement();
  if (!entitlement || entitlement.state === 'not_a_seller') return null;
  const countdown = countdownText(entitlement);
  return (
    <Card data-testid="plan-summary" className={cn('flex flex-wrap items-center justify-between gap-3 p-4', countdown?.urgent && 'border-amber-300 bg-amber-50')}>
      <p className={cn('font-medium', countdown?.urgent ? 'text-amber-900' : 'text-stone-800')}>{planHeadline(entitlement)}</p>
      <PlanActions subscribe={entitlement.state !== 'active'} />
    </Card>
  );
}
