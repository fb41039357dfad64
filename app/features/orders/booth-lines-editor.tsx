/** The lines a seller writes: a search of the catalogue to add products, each line's quantity, price and total, and the problems as typed. */
import { useId, useState } from 'react';
import type { UnitType } from '../../../sync/contract/constants';
import type { Product } from '../../../sync/entities/product';
import { unitWord } from '../../../sync/rules/format-decimal';
import type { ProductTerms } from '../../../sync/rules/pricing';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/form-controls';
import { formatPrice } from '../../lib/format-price';
import { boothTotal, boothUncounted, priceBoothLines, startingQuantity, type BoothLine, type EditedOrder } from './booth-lines';

type Props = {
  lines: BoothLine[];
  onChange: (lines: BoothLine[]) => void;
  products: Map<string, Product>;
  termsOf: (product: Product) => ProductTerms;
  /** What the order being edited already has (see `EditedOrder`). */
  editing?: EditedOrder;
};

export function BoothLinesEditor({ lines, onChange, products, termsOf, editing }: Props) {
  const [search, setSearch] = useState('');
  const id = useId();
  const priced = priceBoothLines(lines, products, termsOf, editing);
  const uncounted = boothUncounted(priced);
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const chosen = new Set(lines.map((line) => line.productId));
  const found =
    words.length === 0
      ? []
      : [...products.values()]
          .filter((product) => !chosen.has(product.id) && !termsOf(product).hidden)
          .filter((product) => words.every((word) => `${product.strainName} ${product.unitType}`.toLowerCase().includes(word)))
          .slice(0, 8);

  const add = (product: Product) => {
    onChange([...lines, { productId: product.id, quantity: startingQuantity(termsOf(product)) }]);
    setSearch('');
  };
  const setQuantity = (productId: string, quantity: string) => onChange(lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)));

  return (
    <div className="grid gap-3">
      <ul aria-label="Lines" className="grid gap-2">
        {priced.map((line, index) => (
          <li key={line.productId} className="grid gap-1 rounded-lg border border-stone-200 bg-white p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-stone-900">{line.strainName}</span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${line.strainName}`} onClick={() => onChange(lines.filter((kept) => kept.productId !== line.productId))}>
                Remove
              </Button>
            </div>
            <div className="flex items-center gap-2 text-sm">
              <Input
                aria-label={`Quantity of ${line.strainName}`}
                inputMode="decimal"
                className="w-24"
                value={line.quantity}
                aria-invalid={line.problem !== null}
                aria-describedby={line.problem ? `${id}-problem-${index}` : undefined}
                onChange={(event) => setQuantity(line.productId, event.target.value)}
              />
              <span className="text-stone-600">
                {line.unitType && unitWord(line.unitType as UnitType, line.quantity)}
                {line.unitPrice !== null && ` × ${formatPrice(line.unitPrice)}`}
              </span>
              <span className="ml-auto font-semibold tabular-nums">{line.lineTotal === null ? '—' : formatPrice(line.lineTotal)}</span>
            </div>
            {line.problem && (
              <p id={`${id}-problem-${index}`} role="alert" className="text-sm text-red-700">
                {line.problem}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="grid justify-items-end text-right font-semibold">
        Total {formatPrice(boothTotal(priced))}
        {uncounted > 0 && (
          <span className="text-sm font-normal text-stone-600">{uncounted === 1 ? 'Not counting one line to fix above' : `Not counting ${uncounted} lines to fix above`}</span>
        )}
      </p>
      <div className="grid gap-2">
        <Input aria-label="Add a product" placeholder="Add a product: search the catalogue" value={search} onChange={(event) => setSearch(event.target.value)} />
        {found.length > 0 && (
          <ul aria-label="Products found" className="grid gap-1">
            {found.map((product) => (
              <li key={product.id}>
                <button type="button" className="w-full rounded-md border border-stone-200 bg-white p-2 text-left text-sm hover:bg-stone-50" onClick={() => add(product)}>
                  {product.strainName} <span className="text-stone-600">({product.unitType})</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {words.length > 0 && found.length === 0 && <p className="text-sm text-stone-600">No products match.</p>}
      </div>
    </div>
  );
}
