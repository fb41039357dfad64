/**
 * The seller's brand at the head of a menu (the page and the printed sheet):
 * an optional cover image, then a band in the seller's accent colour with
 * their logo, business name, license number and contact details.
 */
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { cn } from '../../lib/cn';
import { accentBand } from './brand-colors';

type Seller = PublicMenu['seller'];

export function sellerName(seller: Seller): string {
  return seller.businessName?.trim() || 'Cannabis Supplier';
}

export function SellerCover({ seller, className }: { seller: Seller; className?: string }) {
  // Copies saved on a device before brands existed have no cover field at all.
  if (!seller.menuCoverUrl) return null;
  return <img src={seller.menuCoverUrl} alt="" width={1200} height={300} fetchPriority="high" className={cn('h-32 w-full object-cover sm:h-48', className)} />;
}

export function SellerBrand({ seller, className }: { seller: Seller; className?: string }) {
  const band = accentBand(seller.accentColor);
  return (
    <div data-testid="seller-brand" style={band ?? undefined} className={cn('flex items-center gap-3', band ? 'rounded-lg px-3 py-2' : 'text-stone-700', className)}>
      {seller.logoUrl && <img src={seller.logoUrl} alt={`${sellerName(seller)} logo`} width={48} height={48} className="h-12 w-12 shrink-0 rounded-md bg-white object-contain" />}
      <div className="min-w-0 text-sm">
        <p className={cn('font-semibold', !band && 'text-brand-700')}>{sellerName(seller)}</p>
        {(seller.licenseNumber || seller.phoneNumber) && (
          <p className="flex flex-wrap gap-x-3">
            {seller.licenseNumber && <span>License {seller.licenseNumber}</span>}
            {seller.phoneNumber && (
              <a href={`tel:${seller.phoneNumber.replace(/[^\d+]/g, '')}`} className="underline underline-offset-2">
                {seller.phoneNumber}
              </a>
            )}
          </p>
        )}
        {seller.contactInfo && <p className="whitespace-pre-line">{seller.contactInfo}</p>}
      </div>
    </div>
  );
}
