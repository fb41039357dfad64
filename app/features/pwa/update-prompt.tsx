import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { applyUpdate, dismissUpdate, usePwaState } from './register-service-worker';

/** Offers a waiting new version; the page reloads only when the person presses Reload. */
export function UpdatePrompt() {
  const needRefresh = usePwaState((state) => state.needRefresh);
  const [applying, setApplying] = useState(false);

  async function reload() {
    setApplying(true);
    try {
      await applyUpdate();
    } catch (error) {
      console.error('Could not apply the update', error);
      setApplying(false);
    }
  }

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      {needRefresh && (
        <div className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-white p-3 shadow-lg">
          <p className="flex-1 text-sm text-stone-900">A new version is available.</p>
          <div className="flex gap-2">
            <Button size="sm" variant="ghost" onClick={dismissUpdate} disabled={applying}>
              Later
            </Button>
            <Button size="sm" onClick={() => void reload()} disabled={applying}>
              {applying ? 'Reloading…' : 'Reload'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
