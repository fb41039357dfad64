/** Where a seller goes about their plan: Subscribe (while not subscribed) and Billing, side by side. */
import { Link } from '../../lib/router';
import { useTeamAllowances } from '../../lib/team-role';
import { buttonClasses } from '../../components/ui/button';

/** Only members who see billing (owners) get the buttons; the others read the message alone. */
export function PlanActions({ subscribe }: { subscribe: boolean }) {
  const { seeBilling } = useTeamAllowances();
  if (!seeBilling) return null;
  return (
    <div className="flex shrink-0 gap-2">
      {subscribe && (
        <Link to="/subscribe" className={buttonClasses('primary', 'sm')}>
          Subscribe
        </Link>
      )}
      <Link to="/billing" className={buttonClasses('outline', 'sm')}>
        Billing
      </Link>
    </div>
  );
}
