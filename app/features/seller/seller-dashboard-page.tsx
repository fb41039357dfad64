/** The seller's home: greeting, figures, orders and money, quick actions, their menus and their latest products, all from the replica. */
import { useState } from 'react';
import { Link } from '../../lib/router';
import { CATEGORY_LABELS, RECENT_PRODUCTS_ON_DASHBOARD } from '../../../sync/contract/constants';
import type { Inquiry } from '../../../sync/entities/inquiry';
import type { Menu } from '../../../sync/entities/menu';
import type { Order } from '../../../sync/entities/order';
import type { Product } from '../../../sync/entities/product';
import { PlanSummaryCard } from '../../widgets/billing/plan-summary-card';
import { CategoryArt } from '../../widgets/category-art';
import { PageBody, PageHeader, Section, StatCard } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { copyMenuLink } from '../../lib/copy-menu-link';
import { formatPotency, formatPrice } from '../../lib/format-price';
import { listMenus, listProducts } from '../../lib/replica/use-replica';
import { useSession } from '../../lib/session-store';
import { useTeamAllowances } from '../../lib/team-role';
import { useTeamId } from '../../lib/team-read';
import { ProductPhoto } from '../../widgets/photos/product-photo';
import { ProductFormDialog } from '../../widgets/product-form/product-form-dialog';
import { ProfileDialog } from '../../widgets/profile/profile-dialog';
import { OrderFigureCards } from './order-figure-cards';
import { recentActivity } from './recent-activity';
import { useSellerDashboard } from './use-seller-dashboard';
import { WeekFigures } from './week-figures';
import { useDocumentTitle } from '../../lib/document-title';

export function SellerDashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSession((state) => state.user);
  const newAccount = useSession((state) => state.newAccount);
  const greetingName = user?.businessName || user?.firstName || 'Seller';
  const teamId = useTeamId();

  return (
    <PageBody>
      <PageHeader title={`${newAccount ? 'Welcome' : 'Welcome back'}, ${greetingName}`} subtitle="Your catalogue, menus and orders at a glance." />
      <PlanSummaryCard />
      <ReplicaGate>
        {(view) => (
          <DashboardContent
            products={listProducts(view)}
            menus={listMenus(view)}
            inquiries={[...view.inquiries.values()]}
            orders={[...view.orders.values()]}
            userId={user?.id ?? ''}
            teamId={teamId}
          />
        )}
      </ReplicaGate>
    </PageBody>
  );
}

type DashboardProps = { products: Product[]; menus: Menu[]; inquiries: Inquiry[]; orders: Order[]; userId: string; teamId: string };

function DashboardContent({ products, menus, inquiries, orders, userId, teamId }: DashboardProps) {
  const [adding, setAdding] = useState(false);
  const { seeTeamInsights } = useTeamAllowances();
  const [editingProfile, setEditingProfile] = useState(false);
  const dashboard = useSellerDashboard();
  const activity = recentActivity({ products, menus, events: dashboard?.events, inquiries: inquiries.filter((inquiry) => inquiry.sellerId === teamId) });
  return (
    <>
      {adding && <ProductFormDialog open onOpenChange={setAdding} product={null} menus={menus} catalogue={products} />}
      {editingProfile && <ProfileDialog open onOpenChange={setEditingProfile} />}
      <section aria-label="Figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total products" value={products.length} />
        <StatCard label="Active menus" value={menus.length} />
        <StatCard label="Menu views" value={dashboard ? dashboard.totalViews.toLocaleString() : '–'} />
        <StatCard label="Shared links" value={menus.filter((menu) => menu.publicLinkId).length} />
      </section>
      <WeekFigures dashboard={dashboard} />
      <OrderFigureCards orders={orders} />
      <Section id="quick-actions" title="Quick actions">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setAdding(true)}>Add Product</Button>
          <Link to="/menu-builder" className={buttonClasses('outline')}>
            Create Menu
          </Link>
          <Button variant="outline" onClick={() => setEditingProfile(true)}>
            Update Profile
          </Button>
        </div>
      </Section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section id="your-menus" title="Your menus" className="grid grid-cols-1 content-start gap-3">
          {menus.length ? (
            menus.map((menu) => (
              <Card key={menu.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="truncate font-medium">{menu.name}</p>
                  <p className="truncate text-sm text-stone-600">{menu.description || 'No description'}</p>
                  <p className="text-xs text-stone-500">
                    {menu.productIds.length} {menu.productIds.length === 1 ? 'item' : 'items'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link to={`/menu-builder?id=${menu.id}`} className={buttonClasses('outline', 'sm')}>
                    Edit
                  </Link>
                  {(seeTeamInsights || menu.createdBy === userId) && (
                    <Link to={`/menus/${menu.id}/insights`} className={buttonClasses('outline', 'sm')}>
                      Insights
                    </Link>
                  )}
                  <Button size="sm" variant="secondary" onClick={() => void copyMenuLink(menu.publicLinkId)}>
                    Share
                  </Button>
                </div>
              </Card>
            ))
          ) : (
            <Card className="p-6 text-center text-stone-600">
              <p>No menus yet.</p>
              <Link to="/menu-builder" className={buttonClasses('primary', 'md', 'mt-3')}>
                Create Menu
              </Link>
            </Card>
          )}
        </Section>
        <Section id="recent-products" title="Recent products" className="grid grid-cols-1 content-start gap-3">
          {products.length ? (
            products.slice(0, RECENT_PRODUCTS_ON_DASHBOARD).map((product) => (
              <Card key={product.id} className="flex items-center gap-3 p-3">
                <ProductPhoto
                  product={product}
                  className="h-14 w-14 shrink-0 rounded-md"
                  placeholder={<CategoryArt category={product.category} className="h-14 w-14 shrink-0 rounded-md" />}
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{product.strainName}</p>
                  <p className="text-sm text-stone-600">
                    {CATEGORY_LABELS[product.category]} · {formatPrice(product.pricePerUnit)} / {product.unitType}
                  </p>
                </div>
                <ThcBadge product={product} />
              </Card>
            ))
          ) : (
            <Card className="p-6 text-center text-stone-600">
              <p>Your catalogue is empty.</p>
              <Button className="mt-3" onClick={() => setAdding(true)}>
                Add Your First Product
              </Button>
            </Card>
          )}
        </Section>
      </div>
      <Section id="recent-activity" title="Recent activity">
        {activity.length === 0 ? (
          <Card className="p-4 text-stone-600">Nothing yet: buyers opening, saving and asking about your menus, and your own changes, show up here.</Card>
        ) : (
          <Card className="divide-y divide-stone-100">
            <ul>
              {activity.map((entry) => (
                <li key={entry.key} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                  <Link to={entry.href} className="min-w-0 truncate font-medium text-stone-800 hover:underline">
                    {entry.text}
                  </Link>
                  <time dateTime={entry.at} className="text-sm text-stone-500">
                    {new Date(entry.at).toLocaleString()}
                  </time>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </Section>
    </>
  );
}

function ThcBadge({ product }: { product: Pick<Product, 'thcPercentage' | 'thcBelowDetection'> }) {
  const thc = formatPotency(product.thcPercentage, product.thcBelowDetection);
  return thc && <Badge tone="good">THC {thc}</Badge>;
}
