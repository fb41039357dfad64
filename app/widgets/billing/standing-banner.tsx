/**
 * Shown above every seller screen: a lapsed seller learns why changes are not
 * accepted before typing anything, and a seller whose payment failed is
 * warned while the grace period lasts.
 */
import { Link, useLocation } from '../../lib/router';
import { lapsedMessage } from '../../../sync/rules/entitlements';
import { useEntitlement } from '../../lib/subscription-status';
import { useTeamAllowances } from '../../lib/team-role';
import { PlanActions } from './plan-actions';
import { buttonClasses } from '../../components/ui/button';

export function StandingBanner() {
  const entitlement = useEntitlement();
  const { pathname } = useLocation();
  const { seeBilling } = useTeamAllowances();
  // The subscribe page is where the banner's button leads.
  if (!entitlement || pathname === '/subscribe') return null;

  if (!entitlement.mayEdit) {
    return (
      <div role="alert" data-testid="lapsed-banner" className="border-b border-red-200 bg-red-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-3 py-3 sm:px-4">
          <div className="min-w-0 text-sm text-red-900">
            <p className="font-semibold">Changes to your products and menus are not being accepted.</p>
            <p>{lapsedMessage(entitlement.state)} You can still view and export everything and answer buyers.</p>
          </div>
          <PlanActions subscribe />
        </div>
      </div>
    );
  }

  if (entitlement.state === 'past_due_grace') {
    return (
      <div role="status" className="border-b border-amber-200 bg-amber-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-3 py-3 text-sm text-amber-900 sm:px-4">
          <p>
            Your last payment did not go through. Update your payment within {entitlement.daysLeft} {entitlement.daysLeft === 1 ? 'day' : 'days'} to keep editing your catalogue.
          </p>
          {seeBilling && (
            <Link to="/billing" className={buttonClasses('outline', 'sm')}>
              Update payment
            </Link>
          )}
        </div>
      </div>
    );
  }
  return null;
}
