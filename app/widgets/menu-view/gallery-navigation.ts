/**
 * The gallery viewer's arithmetic, kept apart from React so it is tested on
 * its own: which photo comes next (the ends wrap round), what a pointer
 * movement means, and which photos a product card offers.
 */

/** A horizontal movement longer than this, and more sideways than up or down, is a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

export type GalleryPhoto = { id: string; url: string };

/** The index `delta` steps from `current` in a gallery of `count`, wrapping past either end. */
export function nextIndex(current: number, count: number, delta: number): number {
  if (!Number.isInteger(count) || count <= 0) return 0;
  const from = Number.isInteger(current) ? current : 0;
  return (((from + Math.trunc(delta)) % count) + count) % count;
}

/**
 * What a pointer that moved by (dx, dy) between down and up asks for:
 * 1 for the next photo (swiped towards the left), -1 for the previous one,
 * 0 for nothing (a tap, a short drag or a mostly vertical scroll).
 */
export function swipeDelta(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) <= threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * The photos a product card opens: its uploaded gallery in order, or, for a
 * product that only has a cover address (older products, the sample menu),
 * that cover alone.
 */
export function galleryPhotos(product: { photos?: GalleryPhoto[] | null; photoUrl: string | null }): GalleryPhoto[] {
  if (product.photos && product.photos.length > 0) return product.photos;
  return product.photoUrl ? [{ id: 'cover', url: product.photoUrl }] : [];
}

/** The text of a gallery photo for screen readers and when it cannot load. */
export function photoAlt(name: string, index: number, count: number): string {
  return `${name}, photo ${index + 1} of ${count}`;
}

/**
 * The accessible name of the control that opens a product's gallery. The count
 * is spoken as the badge shows it ('3 photos'), not in parentheses, so a person
 * who says what they see ('click 3 photos') reaches the control.
 */
export function viewPhotosLabel(name: string, count: number): string {
  return count > 1 ? `View photos of ${name}, ${count} photos` : `View photos of ${name}`;
}
