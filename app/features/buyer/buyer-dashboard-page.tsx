/** The buyer's home: greeting, figures from their saved menus, quick actions and the saved menus themselves. */
import { useState } from 'react';
import { Link } from '../../lib/router';
import { savedMenuAvailable, type SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { PageBody, PageHeader, Section, StatCard } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button, buttonClasses } from '../../components/ui/button';
import { useSession } from '../../lib/session-store';
import { listSavedMenus } from '../../lib/replica/use-replica';
import { ProfileDialog } from '../../widgets/profile/profile-dialog';
import { SavedMenuList } from './saved-menu-list';
import { useDocumentTitle } from '../../lib/document-title';

export function BuyerDashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSession((state) => state.user);
  const newAccount = useSession((state) => state.newAccount);
  const greetingName = user?.companyName || user?.firstName || 'Buyer';

  return (
    <PageBody>
      <PageHeader title={`${newAccount ? 'Welcome' : 'Welcome back'}, ${greetingName}`} subtitle="Your suppliers' menus, saved for the road." />
      <ReplicaGate>{(view) => <BuyerOverview items={listSavedMenus(view)} />}</ReplicaGate>
    </PageBody>
  );
}

function BuyerOverview({ items }: { items: SavedMenuListItem[] }) {
  const [editingProfile, setEditingProfile] = useState(false);
  const suppliers = new Set(items.map((item) => item.menu.sellerId || item.menuId)).size;
  return (
    <>
      {editingProfile && <ProfileDialog open onOpenChange={setEditingProfile} />}
      <section aria-label="Figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Saved menus" value={items.length} />
        <StatCard label="Active suppliers" value={suppliers} />
        <StatCard label="New updates" value={items.filter((item) => item.stamp > item.lastSeenStamp && savedMenuAvailable(item, new Date())).length} />
        <StatCard label="Favorites" value={items.filter((item) => item.isFavorite).length} />
      </section>
      <Section id="quick-actions" title="Quick actions">
        <div className="flex flex-wrap gap-2">
          <a href="/browse" target="_blank" rel="noopener" className={buttonClasses('primary')}>
            Browse Menus
          </a>
          <Link to="/saved-menus" className={buttonClasses('outline')}>
            View Saved Menus
          </Link>
          <Button variant="outline" onClick={() => setEditingProfile(true)}>
            Update Profile
          </Button>
        </div>
      </Section>
      <Section id="saved-menus" title="Saved menus">
        <SavedMenuList items={items} />
      </Section>
    </>
  );
}
