/**
 * A guest's Save Menu, Contact Seller, Request More Info and Sign in to order: each asks them
 * to sign in or create a free buyer account in a dialog on the menu itself,
 * and what they asked for carries on once they are signed in, on the same page.
 */
import { useCallback, useState } from 'react';
import { Button } from '../../components/ui/button';
import { openAuthDialog } from '../../lib/auth-dialog-events';
import { toast } from '../../lib/toast-store';

/** What a guest asked for, kept while they sign in: only in this page's state, so leaving the menu forgets it. */
export type PendingAction = { kind: 'save' } | { kind: 'contact' } | { kind: 'info'; productId: string } | { kind: 'order'; productId: string };

export function usePendingAction() {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const ask = useCallback((action: PendingAction, purpose: string) => {
    setPending(action);
    openAuthDialog({
      guest: {
        purpose,
        onSignedIn: (user) => {
          if (user.role === 'buyer') return;
          // Only a buyer saves menus, writes to sellers and orders: anyone else stays on the menu, told why nothing happened.
          setPending(null);
          toast({ title: `Signed in as ${user.role === 'admin' ? 'an admin' : 'a seller'}`, description: `Only a buyer account can ${purpose}. You're still on this menu.` });
        },
        onDismissed: () => setPending(null),
      },
    });
  }, []);
  const carriedOn = useCallback(() => setPending(null), []);
  return { pending, ask, carriedOn };
}

export function GuestMenuActions({ ask }: { ask: (action: PendingAction, purpose: string) => void }) {
  return (
    <div className="flex shrink-0 flex-wrap gap-2 self-start">
      <Button variant="outline" onClick={() => ask({ kind: 'save' }, 'save this menu')}>
        Save Menu
      </Button>
      <Button variant="outline" onClick={() => ask({ kind: 'contact' }, 'contact the seller')}>
        Contact Seller
      </Button>
    </div>
  );
}

export function GuestRequestInfoButton({ productId, strainName, ask }: { productId: string; strainName: string; ask: (action: PendingAction, purpose: string) => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="text-brand-800"
      onClick={() => ask({ kind: 'info', productId }, `ask about ${strainName}`)}
      aria-label={`Request more info about ${strainName}`}
    >
      Request More Info
    </Button>
  );
}

/** Ordering takes an account: the product goes in the cart once the guest has signed in as a buyer. */
export function GuestOrderButton({ productId, strainName, ask }: { productId: string; strainName: string; ask: (action: PendingAction, purpose: string) => void }) {
  return (
    <Button size="sm" onClick={() => ask({ kind: 'order', productId }, `order ${strainName}`)} aria-label={`Sign in to order ${strainName}`}>
      Sign in to order
    </Button>
  );
}
