/**
 * Writing to a seller: a message about a menu or one of its products, saved on
 * the device and sent when the network allows. Orders go through the cart.
 */
import { useState, type FormEvent } from 'react';
import { AppError } from '../../sync/contract/errors';
import type { PublicMenu } from '../../sync/entities/public-menu';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { Field, Textarea } from '../components/ui/form-controls';
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
