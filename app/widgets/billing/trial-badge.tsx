/** The top bar's countdown: days left in the free trial (loud from 3 days before the end), or in the grace period after a failed payment. */
import { Link } from '../../lib/router';
import { countdownText } from '../../lib/billing-text';
import { cn } from '../../lib/cn';
import { useEntitlement } from '../../lib/subscription-status';
import { useTeamAllowances } from '../../lib/team-role';

export function TrialBadge() {
  const entitlement = useEntitlement();
  const { seeBilling } = useTeamAllowances();
  const countdown = entitlement && countdownText(entitlement);
  if (!countdown) return null;
  const className = cn(
    'rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap',
    countdown.urgent ? 'bg-amber-500 text-white' : 'bg-brand-50 text-brand-800',
    seeBilling && (countdown.urgent ? 'hover:bg-amber-600' : 'hover:bg-brand-100'),
  );
  // Members who do not see billing still learn the countdown; only an owner is led to the plan.
  if (!seeBilling) {
    return (
      <span data-testid="trial-badge" className={className}>
        {countdown.text}
      </span>
    );
  }
  return (
    <Link to="/billing" data-testid="trial-badge" className={className}>
      {countdown.text}
    </Link>
  );
}
