/** A saved menu's link: when it expires, copying and sharing it, printing the menu, and giving it a new link. */
import { useState } from 'react';
import { linkExpired, type Menu } from '../../../sync/entities/menu';
import { ButtonWithReason } from '../../components/ui/button-with-reason';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { copyMenuLink, menuLink } from '../../lib/copy-menu-link';
import { useLinksNotOnServer } from '../../lib/replica/links-not-on-server';
import { REFUSAL_REASONS } from '../../lib/team-permissions';
import { regenerateLink } from './menu-edits';
import { LINK_WAITING_NOTICE, ShareMenuButton } from './share-menu-dialog';

export const REGENERATE_LINK_WARNING = 'Anyone with the old link will no longer be able to open this menu.';

const REGENERATE_NOTE_ID = 'menu-regenerate-note';

/** `mayRegenerate`: whether the person may give the menu a new link (its maker, an owner or a manager); if not, the button says why. */
export function MenuShareCard({ menu, publicLinkId, mayRegenerate }: { menu: Menu; publicLinkId: string; mayRegenerate: boolean }) {
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const linkWaiting = useLinksNotOnServer()?.has(publicLinkId) ?? false;

  async function regenerate() {
    if (await regenerateLink(menu)) setConfirmRegenerate(false);
  }

  return (
    <Card className="grid grid-cols-1 gap-3 p-4">
      <h2 className="font-semibold">Share</h2>
      <p className="text-sm text-stone-600">Anyone with this link can open the menu, no login needed.</p>
      {menu.linkExpiresAt && (
        <p role="status" className={cn('text-sm', linkExpired(menu, new Date()) ? 'text-red-700' : 'text-stone-600')}>
          {linkExpired(menu, new Date())
            ? `This link expired on ${new Date(menu.linkExpiresAt).toLocaleString()}: it answers Menu Not Found.`
            : `This link expires on ${new Date(menu.linkExpiresAt).toLocaleString()}.`}
        </p>
      )}
      {linkWaiting ? (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {LINK_WAITING_NOTICE}
        </p>
      ) : (
        <p className="rounded-md bg-stone-50 p-2 font-mono text-xs break-all text-stone-800" data-testid="menu-link">
          {menuLink(publicLinkId)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!linkWaiting && (
          <Button size="sm" variant="secondary" onClick={() => void copyMenuLink(publicLinkId)}>
            Copy Link
          </Button>
        )}
        <ShareMenuButton menuName={menu.name} publicLinkId={publicLinkId} linkWaiting={linkWaiting} />
        {!linkWaiting && (
          <a href={`/menu/${publicLinkId}/print`} target="_blank" rel="noopener" className={buttonClasses('ghost', 'sm')}>
            Print or save as PDF
          </a>
        )}
        <ButtonWithReason
          size="sm"
          variant="outline"
          onClick={() => setConfirmRegenerate(true)}
          offReason={mayRegenerate ? null : REFUSAL_REASONS.othersMenuLink}
          aria-describedby={mayRegenerate ? undefined : REGENERATE_NOTE_ID}
        >
          Regenerate link
        </ButtonWithReason>
      </div>
      {!mayRegenerate && (
        <p id={REGENERATE_NOTE_ID} className="text-sm text-stone-600">
          {REFUSAL_REASONS.othersMenuLink}
        </p>
      )}
      <Dialog open={confirmRegenerate} onOpenChange={setConfirmRegenerate} title="Regenerate link?" description={REGENERATE_LINK_WARNING}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmRegenerate(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void regenerate()}>
            Regenerate link
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
