/**
 * The page guard: a spinner while the session loads; no
 * user: 'Authentication Required' and off to the fallback; a role not
 * allowed: 'Access Denied' and off to the user's own dashboard.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate } from '../lib/router';
import type { UserRole } from '../../sync/contract/constants';
import { dashboardPathFor } from '../../sync/entities/user-display';
import { useSession } from '../lib/session-store';
import { toast } from '../lib/toast-store';
import { Spinner } from './ui/card';

export function RequireRole({ roles, fallback = '/', children }: { roles: UserRole[]; fallback?: string; children: ReactNode }) {
  const user = useSession((state) => state.user);
  const loading = useSession((state) => state.loading);
  const outcome = loading ? 'loading' : !user ? 'signed-out' : roles.includes(user.role) ? 'allowed' : 'denied';

  useEffect(() => {
    if (outcome === 'signed-out') {
      toast({ title: 'Authentication Required', description: 'Please sign in to access this page.', variant: 'destructive' });
    } else if (outcome === 'denied') {
      toast({ title: 'Access Denied', description: "You don't have permission to access this page.", variant: 'destructive' });
    }
  }, [outcome]);

  if (outcome === 'loading') return <Spinner label="Loading your account" />;
  if (outcome === 'signed-out') return <Navigate to={fallback} replace />;
  if (outcome === 'denied') return <Navigate to={dashboardPathFor(user!.role)} replace />;
  return <>{children}</>;
}
