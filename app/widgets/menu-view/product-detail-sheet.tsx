/**
 * One product in full, over the menu: every photo a tap away, the whole
 * description, the lab results and the product's action. A sheet from the
 * bottom on a phone, a dialog on a wide screen. Loaded when a visitor first
 * opens one, so the menu's first load stays light.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import { CategoryArt } from '../category-art';
import { galleryPhotos, viewPhotosLabel } from './gallery-navigation';
import { minimumOrder, PhotoCount, PriceBreaks, ProductPotency, ProductPrice, ProductStock, type MenuProduct } from './product-card';

export function ProductDetailSheet({
  product,
  action,
  onOpenGallery,
  onOpenLabResults,
  onClose,
}: {
  product: MenuProduct;
  action?: ReactNode;
  onOpenGallery: () => void;
  onOpenLabResults: () => void;
  onClose: () => void;
}) {
  const photos = galleryPhotos(product);
  const cover = photos[0]?.url;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          {cover ? (
            <button type="button" aria-label={viewPhotosLabel(product.strainName, photos.length)} onClick={onOpenGallery} className="relative block w-full cursor-zoom-in">
              <img src={cover} alt={product.strainName} decoding="async" width={480} height={360} className="aspect-[4/3] w-full bg-stone-100 object-cover sm:rounded-t-2xl" />
              <PhotoCount count={photos.length} />
            </button>
          ) : (
            <CategoryArt category={product.category} className="aspect-[3/1] w-full sm:rounded-t-2xl" />
          )}
          <div className="grid gap-3 p-5">
            <div>
              <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{CATEGORY_LABELS[product.category]}</p>
              <DialogPrimitive.Title className="mt-0.5 text-xl font-semibold break-words text-stone-900">{product.strainName}</DialogPrimitive.Title>
            </div>
            <p className="text-xl font-bold text-stone-900">
              <ProductPrice product={product} />
            </p>
            <PriceBreaks product={product} />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <ProductStock product={product} />
              <span className="text-stone-600">{minimumOrder(product)}</span>
            </div>
            <ProductPotency
              product={product}
              onOpenLabResults={onOpenLabResults}
              labResultsClassName="inline-flex h-8 items-center rounded-md border border-stone-300 px-3 text-sm font-medium text-brand-800 hover:bg-stone-50"
            />
            {product.description && <p className="text-sm whitespace-pre-line break-words text-stone-700">{product.description}</p>}
            <div className="flex flex-wrap items-center gap-2 border-t border-stone-100 pt-3">
              {action}
              <DialogPrimitive.Close className="ml-auto inline-flex h-10 items-center rounded-md bg-stone-100 px-4 text-sm font-medium text-stone-900 hover:bg-stone-200">
                Close
              </DialogPrimitive.Close>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
