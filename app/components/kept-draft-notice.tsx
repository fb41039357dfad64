/** Says that a form's unsaved work came back from the device (app/lib/drafts.ts), with the way to drop it. */
import { Button } from './ui/button';

export function KeptDraftNotice({ what, onDiscard }: { what: string; onDiscard: () => void }) {
  return (
    <div role="status" className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <span>Your unsaved work on {what} was kept on this device, and is back.</span>
      <Button variant="outline" size="sm" onClick={onDiscard}>
        Discard it
      </Button>
    </div>
  );
}
