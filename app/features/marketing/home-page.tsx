/** The landing page is for visitors; a signed-in user goes to their dashboard instead of a blank page. */
import { lazy } from 'react';
import { Spinner } from '../../components/ui/card';
import { Navigate, useLocation } from '../../lib/router';
import { useSession } from '../../lib/session-store';
import { dashboardPathFor } from '../../../sync/entities/user-display';

const LandingPage = lazy(async () => ({ default: (await import('./landing-page')).LandingPage }));

export function HomePage() {
  const user = useSession((state) => state.user);
  const loading = useSession((state) => state.loading);
  const { search } = useLocation();
  if (loading) return <Spinner />;
  if (user) return <Navigate to={`${dashboardPathFor(user.role)}${search}`} replace />;
  return <LandingPage />;
}
