/** Save Menu for a signed-in buyer: saved on the device at once and sent when the network allows (a trade-show floor has no signal). */
import { useEffect } from 'react';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { AppError } from '../../../sync/contract/errors';
import { Button } from '../../components/ui/button';
import { mutate } from '../../lib/replica/mutate';
import { useReplica } from '../../lib/replica/use-replica';
import { requestPersistentStorage } from '../../lib/storage/persistent-storage';
import { toast } from '../../lib/toast-store';

export function SaveMenuButton({
  menuId,
  snapshot,
  saveOnArrival,
  onArrivalSaved,
}: {
  menuId: string;
  snapshot: PublicMenu;
  /** A guest pressed Save Menu and has just signed in here: save once this device's storage is open. */
  saveOnArrival: boolean;
  onArrivalSaved: () => void;
}) {
  const replica = useReplica();
  const alreadySaved = replica ? [...replica.savedMenus.values()].some((saved) => saved.menuId === menuId) : false;

  const arrivalSaveDue = saveOnArrival && replica !== undefined;
  useEffect(() => {
    if (!arrivalSaveDue) return;
    onArrivalSaved();
    if (!alreadySaved) void saveMenu(menuId, snapshot);
  }, [arrivalSaveDue, alreadySaved, menuId, snapshot, onArrivalSaved]);

  return (
    <Button className="shrink-0 self-start" onClick={() => void saveMenu(menuId, snapshot)} disabled={!replica || alreadySaved}>
      {alreadySaved ? 'Saved' : 'Save Menu'}
    </Button>
  );
}

async function saveMenu(menuId: string, snapshot: PublicMenu) {
  try {
    await mutate({ name: 'savedMenu.save', args: { id: crypto.randomUUID(), menuId, publicLinkId: snapshot.menu.publicLinkId, snapshot } });
    // A saved menu is meant to open on the trade-show floor: ask the browser not to clear it when space runs low.
    requestPersistentStorage({ kind: 'menu-saved' });
    toast({ title: 'Menu saved to your account', variant: 'success' });
  } catch (error) {
    toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to save menu', variant: 'destructive' });
  }
}
