/**
 * Stock changes daily: the available quantity and the price can be changed
 * right on the product's card. Saving writes one 'product.update' naming only
 * what changed, to the device first, so it works in a grow room with no signal.
 *
 * The parent keys this form by the product's quantity and price, so when they
 * change (this save arriving in the replica, or a sync) the boxes start over
 * from the new values.
 */
import { useId, useState, type FormEvent } from 'react';
import { AppError } from '../../../sync/contract/errors';
import { productUpdateSchema, type Product } from '../../../sync/entities/product';
import { unitWord } from '../../../sync/rules/format-decimal';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/form-controls';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { changedFields, plainDecimal } from '../../widgets/product-form/product-changes';

type Draft = { quantity?: string; price?: string };
type StockErrors = { availableQuantity?: string; pricePerUnit?: string };

export function quickStockKey(product: Pick<Product, 'id' | 'availableQuantity' | 'pricePerUnit'>): string {
  return `${product.id}:${product.availableQuantity}:${product.pricePerUnit ?? ''}`;
}

export function QuickStockForm({ product }: { product: Product }) {
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<StockErrors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const name = product.strainName;
  const quantity = draft.quantity ?? plainDecimal(product.availableQuantity);
  const price = draft.price ?? plainDecimal(product.pricePerUnit);
  const dirty = draft.quantity !== undefined || draft.price !== undefined;

  function edit(field: keyof Draft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field === 'quantity' ? 'availableQuantity' : 'pricePerUnit']: undefined }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const input: { availableQuantity?: string; pricePerUnit?: string } = {};
    if (draft.quantity !== undefined) input.availableQuantity = draft.quantity.trim();
    if (draft.price !== undefined) input.pricePerUnit = draft.price.trim();
    const checked = validate(productUpdateSchema, input);
    if (!checked.ok) {
      setErrors({ availableQuantity: checked.fieldErrors.availableQuantity, pricePerUnit: checked.fieldErrors.pricePerUnit });
      return;
    }
    setErrors({});
    const changes = changedFields(product, checked.data);
    if (Object.keys(changes).length === 0) {
      setDraft({});
      return;
    }
    setSaving(true);
    try {
      await mutate({ name: 'product.update', args: { id: product.id, changes } });
      toast({ title: 'Product updated successfully', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to update product', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const quantityError = errors.availableQuantity;
  const priceError = errors.pricePerUnit;

  return (
    <form noValidate onSubmit={save} className="grid gap-1.5 rounded-lg border border-stone-200 bg-stone-50 p-2">
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
        <label className="grid min-w-0 gap-1 text-xs font-medium text-stone-700">
          <span>Quantity ({unitWord(product.unitType)})</span>
          <Input
            aria-label={`Quantity of ${name}`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.001}
            className="h-9 min-w-0 px-2"
            value={quantity}
            onChange={(event) => edit('quantity', event.target.value)}
            aria-invalid={Boolean(quantityError)}
            aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
          />
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-medium text-stone-700">
          <span>Price ($)</span>
          <Input
            aria-label={`Price of ${name}`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="On request"
            className="h-9 min-w-0 px-2"
            value={price}
            onChange={(event) => edit('price', event.target.value)}
            aria-invalid={Boolean(priceError)}
            aria-describedby={priceError ? `${id}-price-error` : undefined}
          />
        </label>
        <Button type="submit" size="sm" className="h-9" disabled={!dirty || saving} aria-label={`Save quantity and price of ${name}`}>
          Save
        </Button>
      </div>
      {quantityError && (
        <p id={`${id}-quantity-error`} role="alert" className="text-xs text-red-700">
          {quantityError}
        </p>
      )}
      {priceError && (
        <p id={`${id}-price-error`} role="alert" className="text-xs text-red-700">
          {priceError}
        </p>
      )}
    </form>
  );
}
