import { useEffect } from 'react';
import { registerServiceWorker } from './register-service-worker';
import { UpdatePrompt } from './update-prompt';

/** Registers the service worker once and shows the update banner; the nav places InstallButton. */
export function PwaPrompts() {
  useEffect(() => {
    registerServiceWorker();
  }, []);

  return <UpdatePrompt />;
}
