/**
 * New products the server refused, kept on the device with everything typed
 * into them: each named by what it was, with the reason, the way back into the
 * form filled in, and discarding, only once the seller confirms.
 */
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { discardKeptProduct, type KeptProduct } from '../../widgets/product-form/kept-products';
import { askToConfirm } from '../../lib/confirm-store';
import { useSyncSession } from '../../lib/replica/sync-session';

export function RefusedProducts({ refused, onEdit }: { refused: KeptProduct[]; onEdit: (product: KeptProduct) => void }) {
  const db = useSyncSession((state) => state.db);

  async function discard(product: KeptProduct) {
    const confirmed = await askToConfirm({
      title: `Discard ${product.args.strainName}?`,
      description: 'Everything typed into it, and its photos not yet uploaded, are removed from this device and the product is never added.',
      confirmLabel: 'Discard product',
      destructive: true,
    });
    if (confirmed && db) await discardKeptProduct(db, product);
  }

  if (refused.length === 0) return null;
  return (
    <section aria-label="Needs attention" className="grid gap-2">
      <h2 className="font-semibold text-red-800">Needs attention</h2>
      {refused.map((product) => (
        <Card key={product.id} className="flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50 p-4 text-sm">
          <div className="min-w-0">
            <p className="font-medium break-words text-stone-900">{product.args.strainName} could not be added</p>
            <p className="text-red-800">{product.message}</p>
          </div>
          <div className="flex gap-2">
            <Button onClick={() => onEdit(product)}>Edit and send again</Button>
            <Button variant="ghost" onClick={() => void discard(product)}>
              Discard
            </Button>
          </div>
        </Card>
      ))}
    </section>
  );
}
