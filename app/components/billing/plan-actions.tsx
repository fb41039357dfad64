/** Where a seller goes about their plan: Subscribe (while not subscribed) and Billing, side by side. */
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/button';

export function PlanActions({ subscribe }: { subscribe: boolean }) {
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
