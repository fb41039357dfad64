/**
 * The menu as buyers will see it, live as it is edited: its products in
 * order, moved with the arrow buttons (focus stays on the moved product) or
 * by dragging, and removed. On a phone it shows only when asked for.
 */
import { useEffect, useRef, useState, type Dispatch, type DragEvent, type Ref, type SetStateAction } from 'react';
import type { Product } from '../../../sync/entities/product';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatPotency, formatPrice } from '../../lib/format-price';
import { moveItem, moveItemTo } from './menu-edits';

type MoveFocus = { id: string; step: -1 | 1 };

export function MenuPreviewCard({
  ref,
  shown,
  name,
  description,
  chosen,
  onChange,
  announce,
}: {
  ref: Ref<HTMLDivElement>;
  /** On a phone: whether the person asked to see the chosen products. */
  shown: boolean;
  name: string;
  description: string;
  chosen: Product[];
  onChange: Dispatch<SetStateAction<string[]>>;
  announce: (message: string) => void;
}) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const moveFocus = useRef<MoveFocus | null>(null);
  const previewList = useRef<HTMLOListElement>(null);
  const order = chosen.map((product) => product.id).join();

  // After a move, keep focus on the moved product's button (or its other one, once it reached an end).
  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (!target || !previewList.current) return;
    const buttons = [target.step, -target.step].map((step) =>
      previewList.current?.querySelector<HTMLButtonElement>(`button[data-move="${step}"][data-product="${CSS.escape(target.id)}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
  }, [order]);

  function move(index: number, step: -1 | 1) {
    const product = chosen[index];
    if (!product) return;
    const next = moveItem(
      chosen.map((item) => item.id),
      index,
      step,
    );
    moveFocus.current = { id: product.id, step };
    onChange(next);
    announce(`${product.strainName} moved to position ${next.indexOf(product.id) + 1} of ${next.length}`);
  }

  function drop(index: number) {
    if (dragIndex === null) return;
    const product = chosen[dragIndex];
    onChange(
      moveItemTo(
        chosen.map((item) => item.id),
        dragIndex,
        index,
      ),
    );
    setDragIndex(null);
    if (product) announce(`${product.strainName} moved to position ${index + 1} of ${chosen.length}`);
  }

  return (
    <Card ref={ref} id="chosen-products" className={cn('min-w-0 scroll-mt-20 grid-cols-1 content-start gap-3 p-4 lg:order-none lg:grid', shown ? 'order-first grid' : 'hidden')}>
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Preview</h2>
        <Badge tone="neutral">
          {chosen.length} {chosen.length === 1 ? 'product' : 'products'}
        </Badge>
      </div>
      <p className="text-lg font-semibold break-words">{name || 'Untitled menu'}</p>
      {description && <p className="text-sm break-words text-stone-600">{description}</p>}
      {chosen.length === 0 ? (
        <p className="rounded-md border border-dashed border-stone-300 p-6 text-center text-sm text-stone-500">No products on this menu yet.</p>
      ) : (
        <>
          {chosen.length > 1 && <p className="text-xs text-stone-500">Use the arrows (or drag) to set the order buyers see.</p>}
          <ol ref={previewList} aria-label="Products on this menu" className="grid grid-cols-1 gap-2">
            {chosen.map((product, index) => (
              <li
                key={product.id}
                draggable
                onDragStart={(event: DragEvent<HTMLLIElement>) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', product.id);
                  setDragIndex(index);
                }}
                onDragOver={(event) => {
                  if (dragIndex === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  drop(index);
                }}
                onDragEnd={() => setDragIndex(null)}
                className={cn('flex items-center justify-between gap-2 rounded-md border border-stone-200 bg-white p-3', dragIndex === index && 'opacity-50')}
              >
                <span className="flex min-w-0 items-center gap-2">
                  <span aria-hidden className="w-5 shrink-0 text-right text-xs text-stone-500 tabular-nums">
                    {index + 1}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{product.strainName}</span>
                    <span className="text-sm text-stone-600">
                      {formatPrice(product.pricePerUnit)} / {product.unitType}
                      {thcNote(product)}
                    </span>
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-10 w-10 px-0 sm:h-8 sm:w-8"
                    aria-label={`Move ${product.strainName} up`}
                    data-move="-1"
                    data-product={product.id}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden>↑</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-10 w-10 px-0 sm:h-8 sm:w-8"
                    aria-label={`Move ${product.strainName} down`}
                    data-move="1"
                    data-product={product.id}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden>↓</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="px-2"
                    aria-label={`Remove ${product.strainName}`}
                    onClick={() => onChange((ids) => ids.filter((id) => id !== product.id))}
                  >
                    Remove
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}

/** ' · THC 24.50%' or ' · THC ND' after the price; nothing when the product gives no THC. */
function thcNote(product: Pick<Product, 'thcPercentage' | 'thcBelowDetection'>): string | null {
  const thc = formatPotency(product.thcPercentage, product.thcBelowDetection);
  return thc && ` · THC ${thc}`;
}
