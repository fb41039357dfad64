import { useEffect } from 'react';
import { requestPersistentStorage } from '../../lib/storage/persistent-storage';
import { runsInstalled } from './install-platform';
import { registerServiceWorker } from './register-service-worker';
import { UpdatePrompt } from './update-prompt';

/**
 * Registers the service worker once, asks to keep the app's data when it runs installed, and shows the update
 * banner; the nav places InstallButton.
 */
export function PwaPrompts() {
  useEffect(() => {
    registerServiceWorker();
    requestPersistentStorage({ kind: 'app-opened', installed: runsInstalled() });
  }, []);

  return <UpdatePrompt />;
}
