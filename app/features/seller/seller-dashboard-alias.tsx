/**
 * /seller-dashboard is where the payment provider sends a seller back (docs/product-rules.md's Billing): a return
 * (it carries `redirect_status`) goes on to /subscribe, which confirms the payment; otherwise it is the seller
 * dashboard.
 */
import { Navigate, useLocation } from '../../lib/router';

export function SellerDashboardAlias() {
  const { search } = useLocation();
  const fromProvider = new URLSearchParams(search).has('redirect_status');
  return <Navigate to={fromProvider ? `/subscribe${search}` : '/seller/dashboard'} replace />;
}
