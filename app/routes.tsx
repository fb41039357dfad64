/**
 * Every route of the spec's route table. Pages load lazily so a visitor of a
 * public menu downloads only what that page needs.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from './lib/app-router';
import { Navigate, useLocation } from './lib/router';
import { dashboardPathFor } from '../sync/entities/user-display';
import { NotFoundPage } from './components/not-found-page';
import { RequireRole } from './components/require-role';
import { Spinner } from './components/ui/card';
import { useSession } from './lib/session-store';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => lazy(async () => ({ default: (await load())[name] }));

const SignedInLayout = named(() => import('./signed-in-layout'), 'SignedInLayout');
const LandingPage = named(() => import('./features/marketing/landing-page'), 'LandingPage');
const OurStoryPage = named(() => import('./features/marketing/our-story-page'), 'OurStoryPage');
const PrivacyPolicyPage = named(() => import('./features/legal/privacy-policy-page'), 'PrivacyPolicyPage');
const TermsPage = named(() => import('./features/legal/terms-page'), 'TermsPage');
const PublicMenuPage = named(() => import('./features/public-menu/public-menu-page'), 'PublicMenuPage');
const PrintMenuPage = named(() => import('./features/public-menu/print-menu-page'), 'PrintMenuPage');
const AdminDashboardPage = named(() => import('./features/admin/admin-dashboard-page'), 'AdminDashboardPage');
const SellerDashboardPage = named(() => import('./features/seller/seller-dashboard-page'), 'SellerDashboardPage');
const ProductsPage = named(() => import('./features/products/products-page'), 'ProductsPage');
const CustomersPage = named(() => import('./features/customers/customers-page'), 'CustomersPage');
const CustomerPage = named(() => import('./features/customers/customer-page'), 'CustomerPage');
const PriceListsPage = named(() => import('./features/price-lists/price-lists-page'), 'PriceListsPage');
const PriceListPage = named(() => import('./features/price-lists/price-list-page'), 'PriceListPage');
const MenusPage = named(() => import('./features/menus/menus-page'), 'MenusPage');
const MenuBuilderPage = named(() => import('./features/menus/menu-builder-page'), 'MenuBuilderPage');
const SubscribePage = named(() => import('./features/subscribe/subscribe-page'), 'SubscribePage');
const BillingPage = named(() => import('./features/billing/billing-page'), 'BillingPage');
const BuyerDashboardPage = named(() => import('./features/buyer/buyer-dashboard-page'), 'BuyerDashboardPage');
const BrowsePage = named(() => import('./features/buyer/browse-page'), 'BrowsePage');
const SavedMenusPage = named(() => import('./features/buyer/saved-menus-page'), 'SavedMenusPage');
const SavedMenuPage = named(() => import('./features/buyer/saved-menu-page'), 'SavedMenuPage');
const OrdersPage = named(() => import('./features/orders/orders-page'), 'OrdersPage');
const OrderPage = named(() => import('./features/orders/order-page'), 'OrderPage');
const NewOrderPage = named(() => import('./features/orders/new-order-page'), 'NewOrderPage');
const InboxPage = named(() => import('./features/inbox/inbox-page'), 'InboxPage');
const InsightsPage = named(() => import('./features/insights/insights-page'), 'InsightsPage');
const ResetPasswordPage = named(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = named(() => import('./features/account/confirm-email-page'), 'ConfirmEmailPage');
const AccountSettingsPage = named(() => import('./features/account/account-settings-page'), 'AccountSettingsPage');
const ProfilePage = named(() => import('./features/profile/profile-page'), 'ProfilePage');
const TeamPage = named(() => import('./features/team/team-page'), 'TeamPage');
const JoinPage = named(() => import('./features/team/join-page'), 'JoinPage');
const CustomerInvitationPage = named(() => import('./features/buyer/customer-invitation-page'), 'CustomerInvitationPage');

function Guard({ roles, children }: { roles: Array<'admin' | 'seller' | 'buyer'>; children: ReactNode }) {
  return <RequireRole roles={roles}>{children}</RequireRole>;
}

/** The landing page is for visitors; a signed-in user goes to their dashboard instead of a blank page. */
function Home() {
  const user = useSession((state) => state.user);
  const loading = useSession((state) => state.loading);
  const { search } = useLocation();
  if (loading) return <Spinner />;
  if (user) return <Navigate to={`${dashboardPathFor(user.role)}${search}`} replace />;
  return <LandingPage />;
}

/**
 * /seller-dashboard is the spec's return address from the payment provider:
 * a return (it carries `redirect_status`) goes on to /subscribe, which
 * confirms the payment; otherwise it is the seller dashboard.
 */
function SellerDashboardAlias() {
  const { search } = useLocation();
  const fromProvider = new URLSearchParams(search).has('redirect_status');
  return <Navigate to={fromProvider ? `/subscribe${search}` : '/seller/dashboard'} replace />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/our-story" element={<OurStoryPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-conditions" element={<TermsPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/join" element={<JoinPage />} />
        <Route path="/customer-invite" element={<CustomerInvitationPage />} />
        <Route path="/menu/:publicLinkId" element={<PublicMenuPage />} />
        <Route path="/menu/:publicLinkId/print" element={<PrintMenuPage />} />
        <Route element={<SignedInLayout />}>
          <Route
            path="/admin/dashboard"
            element={
              <Guard roles={['admin']}>
                <AdminDashboardPage />
              </Guard>
            }
          />
          <Route
            path="/seller/dashboard"
            element={
              <Guard roles={['seller']}>
                <SellerDashboardPage />
              </Guard>
            }
          />
          <Route path="/seller-dashboard" element={<SellerDashboardAlias />} />
          <Route
            path="/menu-builder"
            element={
              <Guard roles={['seller']}>
                <MenuBuilderPage />
              </Guard>
            }
          />
          <Route
            path="/menu-builder/:id"
            element={
              <Guard roles={['seller']}>
                <MenuBuilderPage />
              </Guard>
            }
          />
          <Route
            path="/products"
            element={
              <Guard roles={['seller']}>
                <ProductsPage />
              </Guard>
            }
          />
          <Route
            path="/menus"
            element={
              <Guard roles={['seller']}>
                <MenusPage />
              </Guard>
            }
          />
          <Route
            path="/customers"
            element={
              <Guard roles={['seller']}>
                <CustomersPage />
              </Guard>
            }
          />
          <Route
            path="/customers/:id"
            element={
              <Guard roles={['seller']}>
                <CustomerPage />
              </Guard>
            }
          />
          <Route
            path="/price-lists"
            element={
              <Guard roles={['seller']}>
                <PriceListsPage />
              </Guard>
            }
          />
          <Route
            path="/price-lists/:id"
            element={
              <Guard roles={['seller']}>
                <PriceListPage />
              </Guard>
            }
          />
          <Route
            path="/menus/:id/insights"
            element={
              <Guard roles={['seller']}>
                <InsightsPage />
              </Guard>
            }
          />
          <Route
            path="/subscribe"
            element={
              <Guard roles={['seller']}>
                <SubscribePage />
              </Guard>
            }
          />
          <Route
            path="/billing"
            element={
              <Guard roles={['seller']}>
                <BillingPage />
              </Guard>
            }
          />
          <Route
            path="/buyer/dashboard"
            element={
              <Guard roles={['buyer']}>
                <BuyerDashboardPage />
              </Guard>
            }
          />
          <Route
            path="/browse"
            element={
              <Guard roles={['buyer']}>
                <BrowsePage />
              </Guard>
            }
          />
          <Route
            path="/saved-menus"
            element={
              <Guard roles={['buyer']}>
                <SavedMenusPage />
              </Guard>
            }
          />
          <Route
            path="/saved-menus/:id"
            element={
              <Guard roles={['buyer']}>
                <SavedMenuPage />
              </Guard>
            }
          />
          <Route
            path="/orders"
            element={
              <Guard roles={['buyer', 'seller']}>
                <OrdersPage />
              </Guard>
            }
          />
          <Route
            path="/seller/orders"
            element={
              <Guard roles={['seller']}>
                <OrdersPage />
              </Guard>
            }
          />
          <Route
            path="/orders/new"
            element={
              <Guard roles={['seller']}>
                <NewOrderPage />
              </Guard>
            }
          />
          <Route
            path="/orders/:id"
            element={
              <Guard roles={['buyer', 'seller']}>
                <OrderPage />
              </Guard>
            }
          />
          <Route
            path="/inbox"
            element={
              <Guard roles={['buyer', 'seller']}>
                <InboxPage />
              </Guard>
            }
          />
          <Route
            path="/profile"
            element={
              <Guard roles={['admin', 'seller', 'buyer']}>
                <ProfilePage />
              </Guard>
            }
          />
          <Route
            path="/team"
            element={
              <Guard roles={['seller', 'buyer']}>
                <TeamPage />
              </Guard>
            }
          />
          <Route
            path="/profile/account"
            element={
              <Guard roles={['admin', 'seller', 'buyer']}>
                <AccountSettingsPage />
              </Guard>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
