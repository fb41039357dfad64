/** Figures beyond the four cards: recurring revenue, trial conversion and a chart of weekly sign-ups. */
import type { AdminGrowth } from '../../../sync/entities/admin';
import { Card } from '../../components/ui/card';
import { formatCents, formatShare } from './admin-labels';

export function GrowthCard({ growth }: { growth: AdminGrowth }) {
  const highest = Math.max(1, ...growth.weeklySignups.map((week) => week.count));
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-stone-900">Growth</h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="flex flex-col-reverse gap-1">
          <dt className="text-sm text-stone-600">Monthly recurring revenue</dt>
          <dd className="text-2xl font-bold text-stone-900 tabular-nums">{formatCents(growth.monthlyRecurringRevenueCents)}</dd>
        </div>
        <div className="flex flex-col-reverse gap-1">
          <dt className="text-sm text-stone-600">
            Trial-to-paid conversion ({growth.trialConversion.converted} of {growth.trialConversion.decided} ended trials)
          </dt>
          <dd className="text-2xl font-bold text-stone-900 tabular-nums">{formatShare(growth.trialConversion.converted, growth.trialConversion.decided)}</dd>
        </div>
      </dl>
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-stone-700">Sign-ups per week, last 12 weeks</figcaption>
        <ol className="flex h-32 items-end gap-1" aria-label="Sign-ups per week">
          {growth.weeklySignups.map((week) => {
            const label = `Week of ${new Date(week.weekStart).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })}: ${week.count} sign-ups`;
            return (
              <li key={week.weekStart} className="flex h-full flex-1 flex-col justify-end" aria-label={label} title={label}>
                <span className="text-center text-xs text-stone-700 tabular-nums">{week.count}</span>
                <span className="block rounded-t bg-brand-700" style={{ height: `${(week.count / highest) * 80}%`, minHeight: week.count ? 4 : 1 }} />
              </li>
            );
          })}
        </ol>
      </figure>
    </Card>
  );
}
