/** The seller's last seven days: how often buyers opened, saved and wrote about their menus. */
import type { SellerDashboard } from '../../../sync/entities/insights';
import { StatCard } from '../../components/page/page-header';

export function WeekFigures({ dashboard }: { dashboard: SellerDashboard | null }) {
  const figure = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString());
  return (
    <section aria-label="This week" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Views this week" value={figure(dashboard?.week.views)} />
      <StatCard label="Saves this week" value={figure(dashboard?.week.saves)} />
      <StatCard label="Inquiries this week" value={figure(dashboard?.week.inquiries)} />
      <StatCard label="Order requests this week" value={figure(dashboard?.week.orderRequests)} />
    </section>
  );
}
