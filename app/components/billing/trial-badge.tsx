/** The top bar's countdown: days left in the free trial (loud from 3 days before the end), or in the grace period after a failed payment. */
import { Link } from 'react-router-dom';
import { countdownText } from '../../lib/billing-text';
import { cn } from '../../lib/cn';
import { useEntitlement } from '../../lib/subscription-status';

export function TrialBadge() {
  const entitlement = useEntitlement();
  const countdown = entitlement && countdownText(entitlement);
  if (!countdown) return null;
  return (
    <Link
      to="/billing"
      data-testid="trial-badge"
      className={cn(
        'rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap',
        countdown.urgent ? 'bg-amber-500 text-white hover:bg-amber-600' : 'bg-brand-50 text-brand-800 hover:bg-brand-100',
      )}
    >
      {countdown.text}
    </Link>
  );
}
