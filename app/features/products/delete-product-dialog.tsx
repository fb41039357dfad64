/** Asks before a product is deleted; deleting also takes it off every menu. */
import { useState } from 'react';
import { AppError } from '../../../sync/contract/errors';
import type { Product } from '../../../sync/entities/product';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';

export function DeleteProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    try {
      await mutate({ name: 'product.delete', args: { id: product.id } });
      toast({ title: 'Product deleted successfully', variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to delete product', variant: 'destructive' });
      setDeleting(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete product?"
      description={`Are you sure you want to delete ${product.strainName}? It will also be removed from every menu it is on.`}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => void remove()} disabled={deleting}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
