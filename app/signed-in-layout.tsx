/** The signed-in frame with the features' parts of its top bar put in place: the shared layout imports no feature itself. */
import { AppLayout } from './widgets/layout/app-layout';
import { navItemsFor } from './feature-routes';
import { signOutAndReload } from './features/auth/sign-out';
import { NotificationsButton } from './features/inbox/notifications-button';
import { InstallButton } from './features/pwa/install-button';
import { SyncStatusControl } from './features/sync/sync-status-control';

export function SignedInLayout() {
  return (
    <AppLayout
      topBar={{
        syncStatus: <SyncStatusControl />,
        install: <InstallButton />,
        notifications: <NotificationsButton />,
        onSignOut: () => void signOutAndReload(),
        navItemsFor,
      }}
    />
  );
}
