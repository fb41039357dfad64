/**
 * A product's cover on the seller's screens: the first photo of its gallery,
 * from the device's own copy until it is uploaded, then from the server; the
 * server's cover address (product.photoUrl) when the device knows no photo of
 * the gallery; a placeholder when there is none.
 */
import { useState, type ReactNode } from 'react';
import type { Product } from '../../../sync/entities/product';
import { cn } from '../../lib/cn';
import { usePhotoUrl } from '../../lib/photos/use-photos';

export function PhotoImage({
  photoId,
  alt,
  className,
  fallbackUrl = null,
  placeholder = null,
}: {
  photoId: string | null | undefined;
  alt: string;
  className?: string;
  fallbackUrl?: string | null;
  placeholder?: ReactNode;
}) {
  const { url } = usePhotoUrl(photoId);
  const src = url ?? fallbackUrl;
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (!src || brokenSrc === src) return <>{placeholder}</>;
  return <img src={src} alt={alt} decoding="async" className={cn('object-cover', className)} onError={() => setBrokenSrc(src)} />;
}

export function ProductPhoto({ product, className, placeholder }: { product: Pick<Product, 'photoIds' | 'photoUrl' | 'strainName'>; className?: string; placeholder?: ReactNode }) {
  return <PhotoImage photoId={product.photoIds[0]} alt={product.strainName} className={className} fallbackUrl={product.photoUrl} placeholder={placeholder} />;
}
