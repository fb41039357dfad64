/** What a signed-in buyer can do on a menu: save it, write to the seller, ask about a product, order from a cart. Loaded only for buyers. */
import { useEffect, useState } from 'react';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { Button } from '../../components/ui/button';
import { AddToCart, CartButton } from '../../widgets/cart/cart-controls';
import { ContactSellerDialog } from '../../widgets/inquiry-dialogs';
import { changeCart } from '../../lib/cart/cart-storage';
import { startingQuantity, withQuantity } from '../../lib/cart/cart';
import { useSyncSession } from '../../lib/replica/sync-session';
import { SaveMenuButton } from './save-menu-button';

type MenuProduct = PublicMenu['products'][number];

/** What a guest asked for before signing in, done on arrival; `onStarted` hears that it was taken up. */
type CarryOn<T> = { startWith: T; onStarted: () => void };

export function BuyerMenuActions({ data, startWith, onStarted }: { data: PublicMenu } & CarryOn<'save' | 'contact' | null>) {
  const [dialog, setDialog] = useState<'contact' | null>(startWith === 'contact' ? 'contact' : null);
  const close = (open: boolean) => !open && setDialog(null);
  useEffect(() => {
    if (startWith === 'contact') onStarted();
  }, [startWith, onStarted]);
  return (
    <div className="flex shrink-0 flex-wrap gap-2 self-start">
      <SaveMenuButton menuId={data.menu.id} snapshot={data} saveOnArrival={startWith === 'save'} onArrivalSaved={onStarted} />
      <Button variant="outline" onClick={() => setDialog('contact')}>
        Contact Seller
      </Button>
      <CartButton data={data} />
      {dialog === 'contact' && <ContactSellerDialog menu={data} open onOpenChange={close} />}
    </div>
  );
}

export function RequestInfoButton({ data, product, startOpen, onStarted }: { data: PublicMenu; product: MenuProduct; startOpen: boolean; onStarted: () => void }) {
  const [open, setOpen] = useState(startOpen);
  useEffect(() => {
    if (startOpen) onStarted();
  }, [startOpen, onStarted]);
  return (
    <>
      <Button variant="outline" size="sm" className="text-brand-800" onClick={() => setOpen(true)} aria-label={`Request more info about ${product.strainName}`}>
        Request More Info
      </Button>
      {open && <ContactSellerDialog menu={data} product={product} open onOpenChange={setOpen} />}
    </>
  );
}

/** A product's cart controls; `addOnArrival`: a guest asked to order it and has just signed in, so it goes in the cart. */
export function ProductCartAction({ data, product, addOnArrival, onStarted }: { data: PublicMenu; product: MenuProduct; addOnArrival: boolean; onStarted: () => void }) {
  const db = useSyncSession((state) => state.db);
  useEffect(() => {
    if (!addOnArrival || !db) return;
    onStarted();
    void changeCart(db, data.menu.id, (cart) => (cart.lines.some((line) => line.productId === product.id) ? cart : withQuantity(cart, product.id, startingQuantity(product))));
  }, [addOnArrival, db, data.menu.id, product, onStarted]);
  return <AddToCart menuId={data.menu.id} product={product} />;
}
