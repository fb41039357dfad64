/** The dashboard's figures: the four cards and the growth card, or why they could not be loaded. */
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { GrowthCard } from './growth-card';
import type { Figures } from './use-admin-figures';

export function AdminFigures({ figures, onRetry }: { figures: Figures; onRetry: () => void }) {
  if (figures.status === 'loading') {
    return (
      <p role="status" className="py-12 text-center text-stone-600">
        Loading admin dashboard...
      </p>
    );
  }
  if (figures.status === 'error') {
    return (
      <Card className="grid justify-items-center gap-3 p-6 text-center">
        <p role="alert" className="text-red-700">
          {figures.message}
        </p>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </Card>
    );
  }
  return (
    <>
      <section aria-labelledby="admin-stats-heading">
        <h2 id="admin-stats-heading" className="sr-only">
          Statistics
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total Users" value={figures.stats.totalUsers} />
          <StatCard label="Active Sellers" value={figures.stats.activeSellers} />
          <StatCard label="Trial Users" value={figures.stats.trialUsers} />
          <StatCard label="This Month" value={figures.stats.monthlySignups} />
        </dl>
      </section>
      <GrowthCard growth={figures.growth} />
    </>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card className="flex flex-col-reverse gap-1 p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-2xl font-bold text-stone-900 tabular-nums">{value.toLocaleString()}</dd>
    </Card>
  );
}
