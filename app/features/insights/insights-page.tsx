/**
 * One menu's insights for its seller: views per day over the chosen period,
 * unique visitors, the signed-in buyers who viewed it (and whether they saved
 * it), and the products opened or asked about most. Offline it shows the last figures
 * the device has, saying how old they are.
 */
import { useState } from 'react';
import { Link, useParams } from '../../lib/router';
import { PageBody, PageHeader, Section, StatCard } from '../../components/page/page-header';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, Spinner } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useReplica } from '../../lib/replica/use-replica';
import { figuresAge } from './figures-age';
import { useMenuInsights, type SavedInsights } from './use-menu-insights';
import { ViewsChart } from './views-chart';
import { useDocumentTitle } from '../../lib/document-title';

const PERIODS = [7, 30, 90] as const;

export function InsightsPage() {
  useDocumentTitle('Menu Insights');
  const { id = '' } = useParams();
  const [days, setDays] = useState<number>(30);
  const state = useMenuInsights(id, days);
  const menuName = useReplica()?.menus.get(id)?.name;

  return (
    <PageBody>
      <PageHeader
        title={menuName ? `Insights: ${menuName}` : 'Menu insights'}
        subtitle="Who opened this menu, and what they looked at and asked about."
        actions={
          <Link to="/seller/dashboard" className={buttonClasses('outline', 'sm')}>
            Back to dashboard
          </Link>
        }
      />
      <div role="group" aria-label="Period" className="flex gap-2">
        {PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={days === period}
            onClick={() => setDays(period)}
            className={buttonClasses(days === period ? 'primary' : 'outline', 'sm')}
          >
            Last {period} days
          </button>
        ))}
      </div>
      {state.status === 'loading' && <Spinner label="Loading insights" />}
      {state.status === 'not-found' && <Card className="p-6 text-center text-stone-600">Menu not found</Card>}
      {state.status === 'unavailable' && <Card className="p-6 text-center text-stone-600">You're offline and this device has no figures for this period yet.</Card>}
      {state.status === 'failed' && (
        <Card className="flex flex-col items-center gap-3 p-6 text-center text-stone-600">
          <p>{state.message}</p>
          <Button variant="outline" size="sm" onClick={state.retry}>
            Try again
          </Button>
        </Card>
      )}
      {state.status === 'ready' && <Figures saved={state.saved} fresh={state.fresh} days={days} />}
    </PageBody>
  );
}

function Figures({ saved, fresh, days }: { saved: SavedInsights; fresh: boolean; days: number }) {
  const { insights, fetchedAt } = saved;
  return (
    <>
      {!fresh && (
        <p role="status" className={cn('rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900')}>
          Figures from {figuresAge(fetchedAt, new Date())} ({new Date(fetchedAt).toLocaleString()}).
        </p>
      )}
      <section aria-label="Figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard label="Views" value={insights.totalViews.toLocaleString()} />
        <StatCard label="Unique visitors" value={insights.uniqueVisitors.toLocaleString()} />
        <StatCard label="Buyers who viewed" value={insights.viewers.length.toLocaleString()} />
      </section>
      <Section id="views-per-day" title={`Views per day, last ${days} days`}>
        <Card className="p-4">
          <ViewsChart perDay={insights.perDay} />
        </Card>
      </Section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section id="viewers" title="Buyers who viewed">
          {insights.viewers.length === 0 ? (
            <Card className="p-4 text-stone-600">No signed-in buyer has opened this menu in this period.</Card>
          ) : (
            <Card className="divide-y divide-stone-100">
              <ul>
                {insights.viewers.map((viewer) => (
                  <li key={viewer.userId} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                    <span className="font-medium">{viewer.businessName}</span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                      {viewer.saved && <Badge tone="good">Saved</Badge>}
                      <span>
                        {viewer.views} {viewer.views === 1 ? 'view' : 'views'}
                      </span>
                      <span>
                        first <time dateTime={viewer.firstViewedAt}>{new Date(viewer.firstViewedAt).toLocaleString()}</time>
                      </span>
                      <span>
                        last <time dateTime={viewer.lastViewedAt}>{new Date(viewer.lastViewedAt).toLocaleString()}</time>
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </Section>
        <Section id="top-products" title="Products opened or asked about most">
          {insights.topProducts.length === 0 ? (
            <Card className="p-4 text-stone-600">No one opened this menu's products' photos or lab results, or asked about them, in this period.</Card>
          ) : (
            <Card className="divide-y divide-stone-100">
              <ol>
                {insights.topProducts.map((product) => (
                  <li key={product.productId} className="flex justify-between gap-2 px-4 py-3">
                    <span className="font-medium">{product.name}</span>
                    <span className="text-sm text-stone-600">
                      {product.opens} <span className="sr-only">{product.opens === 1 ? 'time' : 'times'}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </Card>
          )}
        </Section>
      </div>
    </>
  );
}
