import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { galleryPhotos, nextIndex, photoAlt, SWIPE_THRESHOLD_PX, swipeDelta, viewPhotosLabel } from './gallery-navigation';
import { propertyOptions } from '../../../sync/testing/seeded-random';

describe('nextIndex', () => {
  it('moves forwards and backwards', () => {
    expect(nextIndex(0, 4, 1)).toBe(1);
    expect(nextIndex(2, 4, -1)).toBe(1);
    expect(nextIndex(1, 4, 0)).toBe(1);
  });

  it('wraps past either end', () => {
    expect(nextIndex(3, 4, 1)).toBe(0);
    expect(nextIndex(0, 4, -1)).toBe(3);
    expect(nextIndex(0, 3, -7)).toBe(2);
  });

  it('stays at 0 for a single photo or an empty gallery', () => {
    expect(nextIndex(0, 1, 1)).toBe(0);
    expect(nextIndex(0, 1, -1)).toBe(0);
    expect(nextIndex(5, 0, 1)).toBe(0);
  });

  it('brings an index from outside the gallery back into it', () => {
    expect(nextIndex(9, 4, 0)).toBe(1);
    expect(nextIndex(Number.NaN, 4, 1)).toBe(1);
  });

  it('always answers an index of the gallery, and a step forth and back returns where it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 49 }), fc.integer({ min: -100, max: 100 }), (count, start, delta) => {
        const current = start % count;
        const moved = nextIndex(current, count, delta);
        expect(moved).toBeGreaterThanOrEqual(0);
        expect(moved).toBeLessThan(count);
        expect(nextIndex(moved, count, -delta)).toBe(current);
      }),
      propertyOptions(100),
    );
  });
});

describe('swipeDelta', () => {
  it('a swipe to the left asks for the next photo, to the right for the previous one', () => {
    expect(swipeDelta(-120, 10)).toBe(1);
    expect(swipeDelta(120, -10)).toBe(-1);
  });

  it('ignores taps and short drags up to the threshold', () => {
    expect(swipeDelta(0, 0)).toBe(0);
    expect(swipeDelta(-SWIPE_THRESHOLD_PX, 0)).toBe(0);
    expect(swipeDelta(SWIPE_THRESHOLD_PX, 0)).toBe(0);
    expect(swipeDelta(-(SWIPE_THRESHOLD_PX + 1), 0)).toBe(1);
  });

  it('ignores a movement that is mostly vertical (a scroll)', () => {
    expect(swipeDelta(-80, 120)).toBe(0);
    expect(swipeDelta(80, -80)).toBe(0);
  });

  it('takes another threshold', () => {
    expect(swipeDelta(-30, 0, 20)).toBe(1);
    expect(swipeDelta(-30, 0, 40)).toBe(0);
  });
});

describe('galleryPhotos', () => {
  const photos = [
    { id: 'a', url: '/a.jpg' },
    { id: 'b', url: '/b.jpg' },
  ];

  it('is the uploaded gallery in order', () => {
    expect(galleryPhotos({ photos, photoUrl: '/a.jpg' })).toEqual(photos);
  });

  it('falls back to the cover alone for a product without a gallery', () => {
    expect(galleryPhotos({ photos: [], photoUrl: '/cover.jpg' })).toEqual([{ id: 'cover', url: '/cover.jpg' }]);
    expect(galleryPhotos({ photoUrl: '/cover.jpg' })).toEqual([{ id: 'cover', url: '/cover.jpg' }]);
  });

  it('is empty without any photo', () => {
    expect(galleryPhotos({ photos: [], photoUrl: null })).toEqual([]);
  });
});

describe('labels', () => {
  it('names each photo by its place', () => {
    expect(photoAlt('Gelato #41', 1, 4)).toBe('Gelato #41, photo 2 of 4');
  });

  it('counts the photos when there is more than one', () => {
    expect(viewPhotosLabel('Gelato', 1)).toBe('View photos of Gelato');
    expect(viewPhotosLabel('Gelato', 3)).toBe('View photos of Gelato, 3 photos');
  });
});
