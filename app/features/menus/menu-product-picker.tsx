/** The catalogue to add from: one product at a time, or every product of a category not yet on the menu. */
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import type { Product } from '../../../sync/entities/product';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatPrice } from '../../lib/format-price';
import { addAllOfCategory, categoriesToAdd } from './menu-edits';

export function MenuProductPicker({
  products,
  productIds,
  onChange,
  announce,
}: {
  products: Product[];
  productIds: string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  announce: (message: string) => void;
}) {
  const categories = useMemo(() => categoriesToAdd(products, productIds), [products, productIds]);

  function addCategory(category: Product['category']) {
    const next = addAllOfCategory(products, productIds, category);
    onChange(next);
    const added = next.length - productIds.length;
    announce(`${added} ${CATEGORY_LABELS[category]} ${added === 1 ? 'product' : 'products'} added`);
  }

  return (
    <Card className="grid grid-cols-1 gap-3 p-4">
      <h2 className="font-semibold">Your products</h2>
      <p className="text-sm text-stone-600">Click a product to add it to the menu.</p>
      {categories.length > 0 && (
        <div role="group" aria-label="Add a whole category" className="flex flex-wrap gap-2">
          {categories.map(({ category, missing }) => (
            <Button key={category} size="sm" variant="secondary" disabled={missing.length === 0} onClick={() => addCategory(category)}>
              {/* The button says itself why it is off: a tooltip never shows on a phone. */}
              {missing.length === 0 ? `All ${CATEGORY_LABELS[category]} added` : `Add all ${CATEGORY_LABELS[category]}`}
            </Button>
          ))}
        </div>
      )}
      {products.length === 0 ? (
        <p className="text-sm text-stone-500">Your catalogue is empty: add products first.</p>
      ) : (
        <ul
          // Focusable, so that a keyboard can scroll it even when every product is on the menu and no button in it takes focus.
          tabIndex={0}
          aria-label="Your catalogue"
          className="grid max-h-96 grid-cols-1 gap-2 overflow-y-auto"
        >
          {products.map((product) => {
            const added = productIds.includes(product.id);
            return (
              <li key={product.id}>
                <button
                  type="button"
                  disabled={added}
                  onClick={() => onChange((ids) => [...ids, product.id])}
                  className="flex w-full items-center justify-between gap-2 rounded-md border border-stone-200 p-3 text-left hover:bg-stone-50 disabled:opacity-50"
                >
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{product.strainName}</span>
                    <span className="text-sm text-stone-600">
                      {CATEGORY_LABELS[product.category]} · {formatPrice(product.pricePerUnit)} / {product.unitType}
                    </span>
                  </span>
                  <span className="text-sm font-medium text-brand-800">{added ? 'Added' : 'Add'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
