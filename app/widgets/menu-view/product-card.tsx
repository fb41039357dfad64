/**
 * A product of a menu, in the two layouts a device may choose: a card with its
 * cover photo, or a compact row. Both open the product's detail sheet; the
 * card's photo opens the gallery.
 */
import type { ReactNode } from 'react';
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { formatPotency, formatPrice, formatQuantity, isOutOfStock, PRICE_ON_REQUEST } from '../../lib/format-price';
import { CategoryArt } from '../category-art';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { galleryPhotos, viewPhotosLabel } from './gallery-navigation';

export type MenuProduct = PublicMenu['products'][number];

type ProductViewProps = {
  product: MenuProduct;
  /** Drawn in the first screenful: its photo is fetched first. */
  eager: boolean;
  onOpenDetails: () => void;
  onOpenGallery: () => void;
  onOpenLabResults: () => void;
  onPreload: () => void;
  action?: ReactNode;
};

/** The buyer's price, and beside it, struck through, the list price when a price list gave them another. */
export function ProductPrice({ product }: { product: MenuProduct }) {
  const price = formatPrice(product.pricePerUnit);
  const listPrice =
    product.listPrice === undefined ? null : (
      <s className="mr-1.5 text-sm font-normal text-stone-500">
        <span className="sr-only">List price </span>
        {formatPrice(product.listPrice)}
      </s>
    );
  if (price === PRICE_ON_REQUEST) return <span className="text-base font-medium text-stone-600">{price}</span>;
  return (
    <>
      {listPrice}
      {price} <span className="text-sm font-normal text-stone-500">/ {product.unitType}</span>
    </>
  );
}

/** The buyer's lower prices from a quantity on: "$25.00 from 10 oz"; nothing when there are none. */
export function PriceBreaks({ product }: { product: MenuProduct }) {
  if (!product.priceBreaks?.length) return null;
  return (
    <p className="text-sm text-brand-800">
      {product.priceBreaks.map((step) => `${formatPrice(step.price)} from ${formatQuantity(step.minQuantity, product.unitType)}`).join(' · ')}
    </p>
  );
}

export function ProductStock({ product }: { product: MenuProduct }) {
  if (isOutOfStock(product.availableQuantity)) return <Badge tone="bad">Out of stock</Badge>;
  return <span className="font-medium text-brand-800">{formatQuantity(product.availableQuantity, product.unitType)} available</span>;
}

/** How many photos a product's cover button opens, on the cover itself; nothing for a single photo. */
export function PhotoCount({ count }: { count: number }) {
  if (count < 2) return null;
  return (
    <span aria-hidden className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium text-white">
      {count} photos
    </span>
  );
}

/** THC and CBD badges and the lab results link, in one row; nothing when the product has none of them. */
export function ProductPotency({ product, onOpenLabResults, labResultsClassName }: { product: MenuProduct; onOpenLabResults: () => void; labResultsClassName: string }) {
  const thc = formatPotency(product.thcPercentage, product.thcBelowDetection);
  const cbd = formatPotency(product.cbdPercentage, product.cbdBelowDetection);
  if (!thc && !cbd && !product.labResultUrl) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {thc && <Badge tone="good">THC {thc}</Badge>}
      {cbd && <Badge tone="info">CBD {cbd}</Badge>}
      {product.labResultUrl && (
        <a href={product.labResultUrl} target="_blank" rel="noopener noreferrer" onClick={onOpenLabResults} className={labResultsClassName}>
          Lab results
        </a>
      )}
    </div>
  );
}

/** The least the buyer may order (their price list's minimum when it has one), and the steps it goes up in. */
export function minimumOrder(product: MenuProduct): string {
  const minimum = `Min. order: ${formatQuantity(product.minimumQuantity ?? String(product.lotSize), product.unitType)}`;
  return product.quantityIncrement ? `${minimum}, in steps of ${formatQuantity(product.quantityIncrement, product.unitType)}` : minimum;
}

/** On a phone the cover is wide rather than 4:3, so the first card's name shows on the first screen. */
export function ProductCard({ product, eager, onOpenDetails, onOpenGallery, onOpenLabResults, onPreload, action }: ProductViewProps) {
  const photos = galleryPhotos(product);
  const cover = photos[0]?.url;

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {cover ? (
        <button
          type="button"
          aria-label={viewPhotosLabel(product.strainName, photos.length)}
          onClick={onOpenGallery}
          onPointerEnter={onPreload}
          onFocus={onPreload}
          className="group relative block w-full cursor-zoom-in focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-inset"
        >
          <img
            src={cover}
            alt={product.strainName}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            width={480}
            height={360}
            className="aspect-video w-full bg-stone-100 object-cover sm:aspect-[4/3]"
          />
          <PhotoCount count={photos.length} />
        </button>
      ) : (
        <CategoryArt category={product.category} className="aspect-video w-full sm:aspect-[4/3]" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{CATEGORY_LABELS[product.category]}</p>
          <h2 className="mt-0.5 text-lg font-semibold break-words text-stone-900">{product.strainName}</h2>
        </div>
        {product.description && <p className="line-clamp-4 text-sm whitespace-pre-line text-stone-600">{product.description}</p>}
        <ProductPotency
          product={product}
          onOpenLabResults={onOpenLabResults}
          labResultsClassName="inline-flex min-h-6 items-center rounded-full border border-brand-200 px-2.5 text-xs font-medium text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline"
        />
        <div className="mt-auto grid gap-1 border-t border-stone-100 pt-3">
          <p className="text-lg font-bold text-stone-900">
            <ProductPrice product={product} />
          </p>
          <PriceBreaks product={product} />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <ProductStock product={product} />
            <span className="text-stone-600">{minimumOrder(product)}</span>
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={onOpenDetails}
              onPointerEnter={onPreload}
              onFocus={onPreload}
              aria-label={`Details of ${product.strainName}`}
              className="inline-flex h-8 items-center rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 hover:bg-stone-50"
            >
              Details
            </button>
            {action}
          </div>
        </div>
      </div>
    </Card>
  );
}

/** The compact layout: a thumbnail, the name, price and stock on one row, the whole row a button to the details (where the actions are). */
export function ProductRow({ product, eager, onOpenDetails, onPreload }: ProductViewProps) {
  const thc = formatPotency(product.thcPercentage, product.thcBelowDetection);
  const cover = galleryPhotos(product)[0]?.url;
  return (
    <button
      type="button"
      onClick={onOpenDetails}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      aria-label={`Details of ${product.strainName}`}
      className="flex w-full min-w-0 items-center gap-3 rounded-lg border border-stone-200 bg-white p-2 pr-3 text-left shadow-sm hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      {cover ? (
        <img src={cover} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" width={64} height={64} className="h-16 w-16 shrink-0 rounded-md bg-stone-100 object-cover" />
      ) : (
        <CategoryArt category={product.category} className="h-16 w-16 shrink-0 rounded-md" />
      )}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-semibold text-stone-900">{product.strainName}</span>
        <span className="truncate text-xs text-stone-600">
          {CATEGORY_LABELS[product.category]}
          {thc && ` · THC ${thc}`}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-bold text-stone-900">
            <ProductPrice product={product} />
          </span>
          <ProductStock product={product} />
        </span>
      </span>
      <span aria-hidden className="shrink-0 text-xl text-stone-400">
        ›
      </span>
    </button>
  );
}
