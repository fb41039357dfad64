/** The buyer's home: greeting, figures from their saved menus, quick actions and the saved menus themselves. */
import { Link } from 'react-router-dom';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { LoadFailure, PageBody, PageHeader, StatCard } from '../../components/page/page-header';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { messageOf } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { useApiQuery } from '../../lib/use-api-query';
import { SavedMenuList } from './saved-menu-list';

export function BuyerDashboardPage() {
  const user = useSession((state) => state.user);
  const saved = useApiQuery<SavedMenuListItem[]>('/api/saved-menus');
  const greetingName = user?.companyName || user?.firstName || 'Buyer';
  const items = saved.data ?? [];
  const suppliers = new Set(items.map((item) => item.menu.sellerBusinessName ?? item.menuId)).size;

  return (
    <PageBody>
      <PageHeader title={`Welcome back, ${greetingName}`} subtitle="Your suppliers' menus, saved for the road." />
      <section aria-label="Figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard label="Saved menus" value={saved.data ? items.length : '…'} />
        <StatCard label="Active suppliers" value={saved.data ? suppliers : '…'} />
        <StatCard label="Favorites" value={saved.data ? items.filter((item) => item.isFavorite).length : '…'} />
      </section>
      <section aria-labelledby="quick-actions" className="grid grid-cols-1 gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <a href="/browse" target="_blank" rel="noopener" className={buttonClasses('primary')}>
            Browse Menus
          </a>
          <Link to="/saved-menus" className={buttonClasses('outline')}>
            View Saved Menus
          </Link>
          <Link to="/profile" className={buttonClasses('outline')}>
            Update Profile
          </Link>
        </div>
      </section>
      <section aria-labelledby="saved-menus" className="grid grid-cols-1 gap-3">
        <h2 id="saved-menus" className="text-lg font-semibold">
          Saved menus
        </h2>
        {saved.error ? (
          <LoadFailure message={messageOf(saved.error, 'Could not load your saved menus.')} onRetry={saved.reload} />
        ) : saved.loading && !saved.data ? (
          <Spinner />
        ) : (
          <SavedMenuList items={items} />
        )}
      </section>
    </PageBody>
  );
}
