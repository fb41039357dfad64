/**
 * Writing to a seller: a message about a menu or one of its products, or an
 * order request with quantities checked, as they are typed, against the
 * buyer's terms for each product (minimum, steps) and its stock, and priced
 * at the buyer's prices with quantity breaks, as the server will. Both are
 * saved on the device and sent when the network allows.
 */
import { useState, type FormEvent } from 'react';
import { AppError } from '../../sync/errors';
import type { PublicMenu } from '../../sync/entities/public-menu';
import { orderTotal } from '../../sync/order-request';
import { pricedOrderLine, shownTerms } from '../../sync/priced-menu';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { Field, Input, Textarea } from './ui/form-controls';
import { formatPrice, formatQuantity } from '../lib/format-price';
import { minimumOrder, PriceBreaks, ProductPrice } from './menu-view/product-card';
import { mutate } from '../lib/replica/mutate';
import { toast } from '../lib/toast-store';

type MenuProduct = PublicMenu['products'][number];

export function ContactSellerDialog({ menu, product, open, onOpenChange }: { menu: PublicMenu; product?: MenuProduct; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const seller = menu.seller.businessName || 'the seller';

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) return setError('Write a message');
    try {
      await mutate({
        name: 'inquiry.create',
        args: {
          id: crypto.randomUUID(),
          menuId: menu.menu.id,
          publicLinkId: menu.menu.publicLinkId,
          productId: product?.id ?? null,
          kind: 'message',
          message,
          writtenAt: new Date().toISOString(),
        },
      });
      toast({ title: 'Message saved', description: `It goes to ${seller} as soon as you are online.`, variant: 'success' });
      setMessage('');
      onOpenChange(false);
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to send message', variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? `Ask about ${product.strainName}` : `Contact ${seller}`}
      description={`About “${menu.menu.name}”. Replies appear in your inbox.`}
    >
      <form noValidate onSubmit={send} className="grid gap-4">
        <Field id="inquiry-message" label="Message" error={error}>
          <Textarea id="inquiry-message" value={message} onChange={(event) => setMessage(event.target.value)} rows={5} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Send message</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function OrderRequestDialog({ menu, open, onOpenChange }: { menu: PublicMenu; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const chosen = menu.products.filter((product) => (quantities[product.id] ?? '').trim() !== '');
  const priced = new Map(chosen.map((product) => [product.id, pricedOrderLine(product, shownTerms(product), quantities[product.id]!)]));
  const problems = new Map([...priced].map(([id, line]) => [id, line.problem]));
  const total = chosen.length > 0 ? orderTotal([...priced.values()].map((line) => line.lineTotal)) : null;

  async function send(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (chosen.length === 0 || [...problems.values()].some(Boolean)) return;
    try {
      await mutate({
        name: 'inquiry.create',
        args: {
          id: crypto.randomUUID(),
          menuId: menu.menu.id,
          publicLinkId: menu.menu.publicLinkId,
          kind: 'order',
          message,
          items: chosen.map((product) => ({ productId: product.id, quantity: quantities[product.id]! })),
          writtenAt: new Date().toISOString(),
        },
      });
      toast({ title: 'Order request saved', description: 'It goes to the seller as soon as you are online. Prices are fixed as of now.', variant: 'success' });
      setQuantities({});
      setMessage('');
      setSubmitted(false);
      onOpenChange(false);
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof AppError ? failure.message : 'Failed to send order request', variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request an order"
      description="Enter quantities; payment and delivery are settled with the seller."
      className="sm:max-w-2xl"
    >
      <form noValidate onSubmit={send} className="grid gap-4">
        <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto">
          {menu.products.map((product) => {
            const problem = submitted || quantities[product.id] ? problems.get(product.id) : null;
            const id = `order-quantity-${product.id}`;
            return (
              <li key={product.id} className="grid grid-cols-[1fr_7rem] items-start gap-3 rounded-md border border-stone-200 p-3">
                <div className="min-w-0">
                  <label htmlFor={id} className="block font-medium">
                    {product.strainName}
                  </label>
                  <p className="text-sm text-stone-600">
                    <ProductPrice product={product} /> · {minimumOrder(product)} · {formatQuantity(product.availableQuantity, product.unitType)} available
                  </p>
                  <PriceBreaks product={product} />
                  {problem && (
                    <p role="alert" className="mt-1 text-sm text-red-700">
                      {problem}
                    </p>
                  )}
                </div>
                <Input
                  id={id}
                  aria-label={`Quantity of ${product.strainName}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.001}
                  value={quantities[product.id] ?? ''}
                  onChange={(event) => setQuantities((current) => ({ ...current, [product.id]: event.target.value }))}
                />
              </li>
            );
          })}
        </ul>
        {submitted && chosen.length === 0 && (
          <p role="alert" className="text-sm text-red-700">
            Add at least one product to the order request
          </p>
        )}
        <Field id="order-message" label="Note to the seller (optional)">
          <Textarea id="order-message" value={message} onChange={(event) => setMessage(event.target.value)} rows={2} />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" aria-live="polite">
            Total: {total ? formatPrice(total) : chosen.length ? 'priced by the seller' : formatPrice('0.00')}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Send request</Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
