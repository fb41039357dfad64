/** The signed-in frame with the features' parts of its top bar put in place: the shared layout imports no feature itself. */
import { useEffect } from 'react';
import { AppLayout } from './widgets/layout/app-layout';
import { navItemsFor, screenLoadsFor } from './feature-routes';
import { signOutAndReload } from './features/auth/sign-out';
import { NotificationsButton } from './features/inbox/notifications-button';
import { InstallButton } from './features/pwa/install-button';
import { SyncStatusControl } from './features/sync/sync-status-control';
import { useConnectivity } from './lib/connectivity';
import { keepScreensOnDevice } from './lib/screens-on-device';
import { useSession } from './lib/session-store';

const controlledByWorker = () => 'serviceWorker' in navigator && Boolean(navigator.serviceWorker.controller);

/** Keeps the code of the person's screens on the device, again when the connection returns after a load failed. */
function useScreensKeptForOffline() {
  const role = useSession((state) => state.user?.role);
  const online = useConnectivity((state) => state.connection === 'online');
  useEffect(() => (role && online ? keepScreensOnDevice(screenLoadsFor(role), controlledByWorker) : undefined), [role, online]);
}

export function SignedInLayout() {
  useScreensKeptForOffline();
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
