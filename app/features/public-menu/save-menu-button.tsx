/** Save Menu for a signed-in buyer: saved on the device at once and sent when the network allows (a trade-show floor has no signal). */
import { useEffect } from 'react';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { AppError } from '../../../sync/errors';
import { Button } from '../../components/ui/button';
import { mutate } from '../../lib/replica/mutate';
import { useReplica } from '../../lib/replica/use-replica';
import { SAVE_AFTER_LOGIN_KEY } from '../../lib/session-storage-keys';
import { toast } from '../../lib/toast-store';

export function SaveMenuButton({ menuId, snapshot }: { menuId: string; snapshot: PublicMenu }) {
  const replica = useReplica();
  const alreadySaved = replica ? [...replica.savedMenus.values()].some((saved) => saved.menuId === menuId) : false;

  // A guest pressed Save Menu, signed in, and is back: finish what they asked for.
  const ready = replica !== undefined;
  useEffect(() => {
    if (!ready || localStorage.getItem(SAVE_AFTER_LOGIN_KEY) !== menuId) return;
    localStorage.removeItem(SAVE_AFTER_LOGIN_KEY);
    if (!alreadySaved) void save();
    // save() is stable enough for a one-time action on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, menuId]);

  async function save() {
    try {
      await mutate({ name: 'savedMenu.save', args: { id: crypto.randomUUID(), menuId, publicLinkId: snapshot.menu.publicLinkId, snapshot } });
      toast({ title: 'Menu saved to your account', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to save menu', variant: 'destructive' });
    }
  }

  return (
    <Button className="shrink-0 self-start" onClick={() => void save()} disabled={!replica || alreadySaved}>
      {alreadySaved ? 'Saved' : 'Save Menu'}
    </Button>
  );
}
