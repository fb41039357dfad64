/**
 * The seller changes an open order's lines: quantities, lines removed, products added. Lowering it stands at once;
 * raising its total or adding a product sends it to the buyer for approval ('Awaiting buyer'), as the buyer agreed
 * to the order as it was.
 */
import { useState } from 'react';
import type { Order } from '../../../sync/entities/order';
import { AppError } from '../../../sync/contract/errors';
import { calendarDay, orderTerms } from '../../../sync/rules/pricing';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { mutate } from '../../lib/replica/mutate';
import type { ReplicaView } from '../../lib/replica/use-replica';
import { toast } from '../../lib/toast-store';
import { useSingleTap } from '../../lib/use-single-tap';
import { boothLinesReady, editedOrder, plainQuantity, type BoothLine } from './booth-lines';
import { BoothLinesEditor } from './booth-lines-editor';

type Props = { order: Order; view: Pick<ReplicaView, 'customers' | 'menus' | 'priceLists' | 'products'>; onOpenChange: (open: boolean) => void };

export function EditLinesDialog({ order, view, onOpenChange }: Props) {
  const [opened] = useState<BoothLine[]>(() => order.lines.map((line) => ({ productId: line.productId, quantity: plainQuantity(line.quantity) })));
  const [lines, setLines] = useState(opened);
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useSingleTap();
  const termsOf = orderTerms(view, order, calendarDay(new Date()));
  const editing = editedOrder(order.lines);

  async function save() {
    const problem = boothLinesReady(lines, view.products, termsOf, editing);
    setError(problem);
    if (problem) return;
    try {
      await mutate({ name: 'order.updateLines', args: { id: order.id, lines: lines.map((line) => ({ productId: line.productId, quantity: line.quantity.trim() })) } });
      toast({ title: 'Lines saved', variant: 'success' });
      onOpenChange(false);
    } catch (caught) {
      toast({ title: 'Error', description: caught instanceof AppError ? caught.message : 'The change could not be saved', variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Edit the lines of ${order.number || 'the order'}`}
      description="Raising the total or adding a product sends the order to the buyer for approval (Awaiting buyer)."
      unsaved={JSON.stringify(lines) !== JSON.stringify(opened)}
    >
      <div className="grid gap-3">
        <BoothLinesEditor lines={lines} onChange={setLines} products={view.products} termsOf={termsOf} editing={editing} />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button className="justify-self-end" disabled={pending} aria-busy={pending} onClick={() => void run(save)}>
          {pending ? 'Saving…' : 'Save the lines'}
        </Button>
      </div>
    </Dialog>
  );
}
