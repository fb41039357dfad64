/**
 * The toast region on Radix's primitive: auto-close after 5 s (paused on
 * hover or focus), swipe right 50 px to dismiss, F8 to focus the region.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useToasts } from '../../lib/toast-store';
import { cn } from '../../lib/cn';

const VARIANT_CLASSES = {
  default: 'border-stone-200 bg-white text-stone-900',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  destructive: 'border-red-300 bg-red-600 text-white',
} as const;

export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const current = useToasts((state) => state.current);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          onOpenChange={(open) => {
            if (!open) dismiss(current.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[swipe=end]:transition-transform',
            VARIANT_CLASSES[current.variant],
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              // Full strength: faded, white on the error red falls below the contrast small text needs.
              <ToastPrimitive.Description className="text-sm">{current.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
            <span aria-hidden>×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:top-auto" />
    </ToastPrimitive.Provider>
  );
}
