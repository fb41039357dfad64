/**
 * The cart on a menu: each product card adds to it and takes a quantity checked as it is typed; the cart dialog
 * shows the lines at the buyer's prices (breaks applied), exact line totals and the total, a note, and Submit order.
 * Everything is kept on the device as it is typed, so a reload or a lost signal loses nothing.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { AppError } from '../../../sync/contract/errors';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { unitWord } from '../../../sync/rules/format-decimal';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/form-controls';
import { formatPrice } from '../../lib/format-price';
import { cartQuantityProblem, priceCart, startingQuantity, withoutLine, withoutReorderNotice, withQuantity, type Cart } from '../../lib/cart/cart';
import { useCart } from '../../lib/cart/cart-storage';
import type { OPEN_CART } from '../../lib/cart/reorder-into-cart';
import { submitCart } from '../../lib/cart/submit-cart';
import { isOnline } from '../../lib/connectivity';
import { toast } from '../../lib/toast-store';
import { ReorderNotice } from './reorder-notice';

type MenuProduct = PublicMenu['products'][number];

/** A product card's part of the cart: Add to cart, then the quantity in the cart, checked as it is typed. */
export function AddToCart({ menuId, product }: { menuId: string; product: MenuProduct }) {
  const { cart, change } = useCart(menuId);
  const line = cart?.lines.find((candidate) => candidate.productId === product.id);
  if (!cart) return null;
  if (!line) {
    return (
      <Button size="sm" onClick={() => void change((current) => withQuantity(current, product.id, startingQuantity(product)))} aria-label={`Add ${product.strainName} to cart`}>
        Add to cart
      </Button>
    );
  }
  return <CartQuantity product={product} quantity={line.quantity} change={change} />;
}

/**
 * The quantity box keeps what is typed here and stores each keystroke, so the box never jumps while the store catches
 * up; a change made elsewhere (the card, the cart) shows once the box is not being typed in.
 */
function CartQuantity({ product, quantity, change }: { product: MenuProduct; quantity: string; change: (change: (cart: Cart) => Cart) => Promise<void> }) {
  const [typed, setTyped] = useState(quantity);
  const [typing, setTyping] = useState(false);
  const [stored, setStored] = useState(quantity);
  if (stored !== quantity) {
    setStored(quantity);
    if (!typing) setTyped(quantity);
  }
  const problem = cartQuantityProblem(product, typed);
  // The same product's quantity shows on its card, in its details and in the cart at once: each box needs an id of its own.
  const id = useId();
  return (
    <div className="grid w-full gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm text-stone-700">
          In cart
        </label>
        <Input
          id={id}
          className="h-8 w-24"
          aria-label={`Quantity of ${product.strainName} in cart`}
          inputMode="decimal"
          value={typed}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onFocus={() => setTyping(true)}
          onBlur={() => setTyping(false)}
          onChange={(event) => {
            const value = event.target.value;
            setTyped(value);
            void change((current) => withQuantity(current, product.id, value));
          }}
        />
        <span className="text-sm text-stone-600">{unitWord(product.unitType, typed)}</span>
        <Button variant="ghost" size="sm" aria-label={`Remove ${product.strainName} from cart`} onClick={() => void change((current) => withoutLine(current, product.id))}>
          Remove
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The menu's Cart button, with the number of lines, opening the cart; open on arrival when the page was reached with `OPEN_CART`. */
export function CartButton({ data }: { data: PublicMenu }) {
  const { cart, change } = useCart(data.menu.id);
  const location = useLocation();
  const [open, setOpen] = useState(() => (location.state as Partial<typeof OPEN_CART> | null)?.openCart === true);
  const navigate = useNavigate();
  if (!cart) return null;

  function openChange(next: boolean) {
    setOpen(next);
    // Closed once, the cart stays closed when the page is drawn again (a reload, coming back).
    if (!next && location.state) navigate({ search: location.search }, { replace: true, state: null });
  }

  async function onSubmit(submitted: Cart): Promise<boolean> {
    try {
      const id = await submitCart(data, submitted);
      // Online, the order is on its way at once; only an offline device keeps it to send later.
      toast(
        isOnline()
          ? { title: 'Order sent', description: 'It is on its way to the seller.', variant: 'success' }
          : { title: 'Order saved', description: 'It goes to the seller as soon as you are online.', variant: 'success' },
      );
      navigate(`/orders/${id}`);
      return true;
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to submit the order', variant: 'destructive' });
      return false;
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>Cart ({cart.lines.length})</Button>
      {open && <CartDialog data={data} cart={cart} change={change} onSubmit={onSubmit} onOpenChange={openChange} />}
    </>
  );
}

function CartDialog({
  data,
  cart,
  change,
  onSubmit,
  onOpenChange,
}: {
  data: PublicMenu;
  cart: Cart;
  change: (change: (cart: Cart) => Cart) => Promise<void>;
  onSubmit: (cart: Cart) => Promise<boolean>;
  onOpenChange: (open: boolean) => void;
}) {
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  // Typed here and stored as typed, like the quantities.
  const [note, setNote] = useState(cart.note);
  const priced = priceCart(cart, data.products);
  const byId = new Map(data.products.map((product) => [product.id, product]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!priced.ready || priced.gone.length > 0) return;
    setSending(true);
    const sent = await onSubmit(cart);
    setSending(false);
    if (sent) onOpenChange(false);
  }

  return (
    <Dialog open onOpenChange={onOpenChange} title="Your cart" description={`From ${data.seller.businessName || 'the seller'}, at your prices.`} className="sm:max-w-2xl">
      <form noValidate onSubmit={submit} className="grid gap-4">
        {cart.reorder && <ReorderNotice notice={cart.reorder} onDismiss={() => void change(withoutReorderNotice)} />}
        {priced.lines.length === 0 && <p className="text-stone-600">Your cart is empty. Add products from the menu.</p>}
        <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto" aria-label="Cart lines">
          {priced.lines.map((line) => {
            const product = byId.get(line.productId)!;
            return (
              <li key={line.productId} className="grid gap-2 rounded-md border border-stone-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium">{line.strainName}</p>
                  <p className="text-sm text-stone-700">
                    {line.listPrice && <s className="mr-1 text-stone-500">{formatPrice(line.listPrice)}</s>}
                    {formatPrice(line.unitPrice)} / {line.unitType} · <span className="font-semibold">{line.lineTotal ? formatPrice(line.lineTotal) : '—'}</span>
                  </p>
                </div>
                <CartQuantity product={product} quantity={line.quantity} change={change} />
              </li>
            );
          })}
        </ul>
        {priced.gone.length > 0 && (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <span>{priced.gone.length === 1 ? 'One product in your cart is' : `${priced.gone.length} products in your cart are`} no longer on this menu.</span>
            <Button size="sm" variant="outline" onClick={() => void change((current) => priced.gone.reduce(withoutLine, current))}>
              Remove {priced.gone.length === 1 ? 'it' : 'them'}
            </Button>
          </div>
        )}
        {tried && priced.lines.length === 0 && (
          <p role="alert" className="text-sm text-red-700">
            Add at least one product to the order
          </p>
        )}
        <Field id="cart-note" label="Note to the seller (optional)">
          <Textarea
            id="cart-note"
            value={note}
            onChange={(event) => {
              const value = event.target.value;
              setNote(value);
              void change((current) => ({ ...current, note: value }));
            }}
            rows={2}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" aria-live="polite">
            Total: {formatPrice(priced.total)}
            {priced.uncounted > 0 && (
              <span className="block text-sm font-normal text-stone-700">
                {priced.uncounted === 1 ? 'Not counting one line to fix above' : `Not counting ${priced.uncounted} lines to fix above`}
              </span>
            )}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep shopping
            </Button>
            <Button type="submit" disabled={sending}>
              Submit order
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
