/**
 * A menu as a clean printed sheet (A4 or Letter, or a PDF from the print
 * dialog): the seller's header, every product with its photo, category,
 * price, potency and minimum order, in one or two columns, and the link with
 * its QR code so a paper copy leads back to the live menu.
 */
import { useContext, useState } from 'react';
import { useParams } from '../../lib/router';
import { CATEGORY_LABELS } from '../../../sync/contract/constants';
import { CategoryArt } from '../../widgets/category-art';
import { QrCodeImage } from '../../components/qr-code-image';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { ApiError, messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatPotency, formatPrice, formatQuantity, isOutOfStock } from '../../lib/format-price';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { EmbeddedMenuContext, readEmbeddedMenu } from './embedded-menu';
import { loadPublicMenu, MenuNotFound } from './public-menu-page';
import { SellerBrand, SellerCover } from '../../widgets/menu-view/seller-brand';

type Columns = 1 | 2;

/** Two columns on paper and on a wide screen; a phone's screen has room for one. */
const TWO_COLUMNS = 'grid-cols-1 sm:grid-cols-2 print:grid-cols-2';

export function PrintMenuPage() {
  const { publicLinkId = '' } = useParams<{ publicLinkId: string }>();
  const read = useServerRead(`public-menu/${publicLinkId}`, async () => (await loadPublicMenu(publicLinkId)).data);
  const [columns, setColumns] = useState<Columns>(2);
  // The server answered a dead link's sheet with the Menu Not Found card: it shows at once, as drawn.
  const embedded = useContext(EmbeddedMenuContext) ?? readEmbeddedMenu();
  const drawnNotFound = embedded?.publicLinkId === publicLinkId && embedded.menu === null;

  if (drawnNotFound || (read.error instanceof ApiError && read.error.status === 404)) return <MenuNotFound />;
  if (read.loading) return <Spinner label="Loading menu" />;
  if (!read.data) {
    return (
      <main id="main-content" className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-bold">Couldn't load this menu</h1>
        <p className="mt-2 text-stone-600">{messageOf(read.error, 'This menu could not be loaded.')}</p>
        <Button className="mt-6" onClick={read.retry}>
          Try again
        </Button>
      </main>
    );
  }

  const { menu, products, seller } = read.data;
  const link = `${window.location.origin}/menu/${publicLinkId}`;
  return (
    <main id="main-content" className="mx-auto max-w-4xl bg-white p-4 text-stone-900 sm:p-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 print:hidden">
        <span className="text-sm font-medium" id="print-columns">
          Layout
        </span>
        <div role="group" aria-labelledby="print-columns" className="flex gap-2">
          {([1, 2] as const).map((count) => (
            <Button key={count} size="sm" variant={columns === count ? 'primary' : 'outline'} aria-pressed={columns === count} onClick={() => setColumns(count)}>
              {count === 1 ? 'One column' : 'Two columns'}
            </Button>
          ))}
        </div>
        <Button size="sm" className="ml-auto" onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </div>

      <SellerCover seller={seller} className="mb-4 h-24 rounded-lg sm:h-32 [print-color-adjust:exact]" />
      <header className="flex items-start justify-between gap-6 border-b-2 border-stone-900 pb-4">
        <div className="min-w-0">
          <SellerBrand seller={seller} className="w-fit [print-color-adjust:exact]" />
          <h1 className="mt-1 text-3xl font-bold break-words">{menu.name}</h1>
          {menu.description && <p className="mt-2 whitespace-pre-line text-stone-700">{menu.description}</p>}
          <p className="mt-2 text-sm text-stone-600">
            Printed {new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}. Prices and stock change: the link has the live menu.
          </p>
        </div>
        <figure className="grid shrink-0 justify-items-center gap-1">
          <QrCodeImage text={link} label={`QR code for the link to ${menu.name}`} className="h-28 w-28" />
          <figcaption className="max-w-40 text-center font-mono text-[10px] break-all text-stone-700">{link}</figcaption>
        </figure>
      </header>

      {products.length === 0 ? (
        <p className="mt-6 text-stone-600">This menu has no products listed right now.</p>
      ) : (
        <ul aria-label="Products" className={cn('mt-4 grid gap-x-6', columns === 2 ? TWO_COLUMNS : 'grid-cols-1')}>
          {products.map((product) => {
            const thc = formatPotency(product.thcPercentage, product.thcBelowDetection);
            const cbd = formatPotency(product.cbdPercentage, product.cbdBelowDetection);
            const cover = product.photos[0]?.url ?? product.photoUrl;
            return (
              <li key={product.id} className="flex break-inside-avoid gap-3 border-b border-stone-200 py-3">
                {cover ? (
                  <img src={cover} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded object-cover" />
                ) : (
                  <CategoryArt category={product.category} className="h-16 w-16 shrink-0 rounded" />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <h2 className="font-semibold break-words">{product.strainName}</h2>
                    <p className="shrink-0 font-semibold whitespace-nowrap">
                      {formatPrice(product.pricePerUnit)}
                      <span className="font-normal text-stone-600"> / {product.unitType}</span>
                    </p>
                  </div>
                  <p className="text-sm text-stone-700">
                    {CATEGORY_LABELS[product.category]}
                    {thc && ` · THC ${thc}`}
                    {cbd && ` · CBD ${cbd}`}
                  </p>
                  <p className="text-sm text-stone-700">
                    Min. order: {formatQuantity(String(product.lotSize), product.unitType)}
                    {' · '}
                    {isOutOfStock(product.availableQuantity) ? 'Out of stock' : `${formatQuantity(product.availableQuantity, product.unitType)} available`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
