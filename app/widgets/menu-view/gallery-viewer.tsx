/**
 * A product's photos, one at a time, in a modal: Previous and Next (the ends
 * wrap round), the arrow keys, a sideways swipe, and thumbnails. Loaded only
 * when someone opens a gallery, so the public menu's first load stays light.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';
import { nextIndex, photoAlt, swipeDelta, type GalleryPhoto } from './gallery-navigation';

type SwipeStart = { pointerId: number; x: number; y: number };

export function GalleryViewer({ name, photos, initialIndex = 0, onClose }: { name: string; photos: GalleryPhoto[]; initialIndex?: number; onClose: () => void }) {
  const count = photos.length;
  const [index, setIndex] = useState(() => nextIndex(initialIndex, count, 0));
  const swipeStart = useRef<SwipeStart | null>(null);
  const thumbnails = useRef<HTMLUListElement>(null);
  // The control that opened the viewer gets the focus back on close (there is no Radix trigger to return to).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const photo = photos[index];

  const move = (delta: number) => setIndex((current) => nextIndex(current, count, delta));

  // The neighbours are fetched ahead, so a swipe shows the next photo at once.
  useEffect(() => {
    if (count < 2) return;
    for (const delta of [1, -1]) {
      const neighbour = new Image();
      neighbour.decoding = 'async';
      neighbour.src = photos[nextIndex(index, count, delta)]!.url;
    }
  }, [index, count, photos]);

  // Keep the current thumbnail in view in a long strip.
  useEffect(() => {
    thumbnails.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const delta = swipeDelta(event.clientX - start.x, event.clientY - start.y);
    if (delta !== 0) move(delta);
  };

  if (!photo) return null;

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed inset-0 z-50 m-auto flex flex-col bg-stone-950 text-white outline-none sm:inset-6 sm:max-h-[52rem] sm:max-w-4xl sm:rounded-xl sm:shadow-2xl"
        >
          <div className="flex items-center gap-3 px-4 pt-3 pb-2">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-base font-semibold">{name}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-white hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
            >
              <span aria-hidden>×</span>
            </DialogPrimitive.Close>
          </div>

          <div
            data-testid="gallery-stage"
            className="relative min-h-0 flex-1 touch-pan-y select-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            <img
              key={photo.id + photo.url}
              src={photo.url}
              alt={photoAlt(name, index, count)}
              loading="lazy"
              decoding="async"
              draggable={false}
              className="absolute inset-0 h-full w-full object-contain"
            />
          </div>

          <div className="flex items-center justify-between gap-3 px-4 py-3">
            {count > 1 ? <NavButton label="Previous" arrow="‹" onClick={() => move(-1)} /> : <span className="w-24" aria-hidden />}
            <p aria-live="polite" aria-atomic className="text-sm font-medium tabular-nums text-stone-200">
              {index + 1} of {count}
            </p>
            {count > 1 ? <NavButton label="Next" arrow="›" onClick={() => move(1)} trailing /> : <span className="w-24" aria-hidden />}
          </div>

          {count > 1 && (
            <ul ref={thumbnails} aria-label="Photos" className="flex gap-2 overflow-x-auto px-4 pb-4">
              {photos.map((thumbnail, position) => (
                <li key={thumbnail.id + position} className="shrink-0">
                  <button
                    type="button"
                    aria-label={`Show photo ${position + 1} of ${count}`}
                    aria-current={position === index}
                    onClick={() => setIndex(position)}
                    className={cn(
                      'block h-14 w-14 overflow-hidden rounded-md ring-2 ring-offset-2 ring-offset-stone-950 focus-visible:outline-none focus-visible:ring-white',
                      position === index ? 'ring-brand-500' : 'ring-transparent opacity-70 hover:opacity-100',
                    )}
                  >
                    <img src={thumbnail.url} alt="" loading="lazy" decoding="async" draggable={false} width={56} height={56} className="h-full w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function NavButton({ label, arrow, onClick, trailing = false }: { label: string; arrow: string; onClick: () => void; trailing?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-11 w-24 items-center justify-center gap-1 rounded-full bg-white/10 text-sm font-medium text-white hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
    >
      {!trailing && (
        <span aria-hidden className="text-xl leading-none">
          {arrow}
        </span>
      )}
      {label}
      {trailing && (
        <span aria-hidden className="text-xl leading-none">
          {arrow}
        </span>
      )}
    </button>
  );
}
