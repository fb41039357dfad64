import { useState, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { requestPersistentStorage } from '../../lib/storage/persistent-storage';
import { isIosSafari, runsInstalled, STANDALONE_QUERY, type BeforeInstallPromptEvent } from './install-platform';

type InstallState = { deferredPrompt: BeforeInstallPromptEvent | null; installed: boolean };

const useInstallState = create<InstallState>(() => ({ deferredPrompt: null, installed: false }));

// Listened for at import rather than on mount: Chromium fires the event once, early, possibly before the nav renders.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallState.setState({ deferredPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    useInstallState.setState({ deferredPrompt: null, installed: true });
    // An installed app is one the person means to keep: its data should not be cleared under them.
    requestPersistentStorage({ kind: 'app-installed' });
  });
}

function subscribeToDisplayMode(onChange: () => void): () => void {
  const query = window.matchMedia(STANDALONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function readIos(): boolean {
  return isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints);
}

/**
 * "Install app": the browser's own install prompt where there is one, the
 * Share > Add to Home Screen steps on iPhone and iPad, nothing once installed.
 */
export function InstallButton({ className }: { className?: string }) {
  const { deferredPrompt, installed } = useInstallState();
  const standalone = useSyncExternalStore(subscribeToDisplayMode, runsInstalled, () => false);
  const [ios] = useState(readIos);
  const [instructionsOpen, setInstructionsOpen] = useState(false);

  if (installed || standalone) return null;

  if (deferredPrompt) {
    async function install(event: BeforeInstallPromptEvent) {
      // A prompt can be shown only once; Chromium fires a fresh event if it may be offered again.
      useInstallState.setState({ deferredPrompt: null });
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') useInstallState.setState({ installed: true });
    }
    return (
      <Button variant="outline" size="sm" className={className} onClick={() => void install(deferredPrompt)}>
        Install app
      </Button>
    );
  }

  if (!ios) return null;

  return (
    <>
      <Button variant="outline" size="sm" className={className} onClick={() => setInstructionsOpen(true)}>
        Install app
      </Button>
      <Dialog
        open={instructionsOpen}
        onOpenChange={setInstructionsOpen}
        title="Install app"
        description="Add Wholesale Menus to your Home Screen to open it like an app, even with no signal."
      >
        <ol className="list-decimal space-y-2 pl-5 text-sm text-stone-700">
          <li>
            Tap <span className="font-semibold text-stone-900">Share</span> (the square with an arrow pointing up) in the browser toolbar.
          </li>
          <li>
            Scroll down and tap <span className="font-semibold text-stone-900">Add to Home Screen</span>.
          </li>
          <li>
            Tap <span className="font-semibold text-stone-900">Add</span>.
          </li>
        </ol>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setInstructionsOpen(false)}>Got it</Button>
        </div>
      </Dialog>
    </>
  );
}
